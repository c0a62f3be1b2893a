/**
 * Delivers the notice queue (docs/decisions/1311): claims due notices with a lease, puts each
 * on the bell, then e-mail and SMS as the investor's preferences allow, stamping every channel
 * as it goes out, so a retry or a sender after a crash repeats none that was recorded. A failed
 * attempt is retried with growing waits. One sender per app instance runs at start-up, every
 * half minute, and after each money job; any number of instances may run at once.
 */
import type { AppContext } from '../../context';
import { investorNotifications } from '../../db/schema';
import {
  type ClaimedNotice,
  claimDueNotices,
  markChannelDone,
  markNoticeAttemptFailed,
  markNoticeSent,
} from './notice-queue-repository';
import { isSecurityEmailNotice, sendSecurityEmail } from './security-email';
import { allowedChannels, findRecipient, renderTransactionalEmail } from './transactional';

type SenderContext = Pick<AppContext, 'db' | 'messages' | 'config' | 'clock' | 'log'>;

export const noticeSending = {
  /** Notices taken per claim. */
  batchSize: 20,
  /** How long a claim is held; a sender that dies holding it frees its notices after this. */
  leaseSeconds: 300,
  /** Attempts before a notice is given up as `failed` (about four hours of retries). */
  maxAttempts: 8,
  intervalMs: 30_000,
} as const;

/** Seconds before the next attempt after `attempt` failed, or null after the last one: 1, 2, 4 ... 60 minutes. */
export function retryDelaySeconds(attempt: number): number | null {
  if (attempt >= noticeSending.maxAttempts) return null;
  return Math.min(60 * 2 ** (attempt - 1), 3600);
}

type Delivery = 'sent' | 'claim-lost';

async function deliver(context: SenderContext, claim: ClaimedNotice): Promise<Delivery> {
  const { db, messages, config, clock } = context;
  const { message } = claim;
  if (isSecurityEmailNotice(message)) {
    if (!claim.emailDone) {
      await sendSecurityEmail(context, message);
      if (!(await markChannelDone(db, claim, 'email', clock.now()))) return 'claim-lost';
    }
    await markNoticeSent(db, claim, clock.now());
    return 'sent';
  }
  const recipient = await findRecipient(db, claim.investorId, message.kind);
  if (recipient && !claim.bellDone) {
    const kept = await db.transaction(async (tx) => {
      if (!(await markChannelDone(tx, claim, 'bell', clock.now()))) return false;
      await tx.insert(investorNotifications).values({
        investorId: claim.investorId,
        kind: message.kind,
        title: message.title,
        body: message.body,
        createdAt: claim.occurredAt,
      });
      return true;
    });
    if (!kept) return 'claim-lost';
  }
  const allowed = recipient ? allowedChannels(recipient, message) : { email: false, sms: false };
  if (recipient && message.email && allowed.email && !claim.emailDone) {
    const sent = await messages.sendEmail({
      to: recipient.email,
      ...renderTransactionalEmail(config, message.email),
    });
    if (sent.status !== 'sent') throw new Error(sent.errorMessage ?? 'The e-mail was not sent');
    if (!(await markChannelDone(db, claim, 'email', clock.now()))) return 'claim-lost';
  }
  if (recipient?.phone && message.sms && allowed.sms && !claim.smsDone) {
    const sent = await messages.sendSms({ to: recipient.phone, text: message.sms });
    if (sent.status !== 'sent') throw new Error(sent.errorMessage ?? 'The SMS was not sent');
    if (!(await markChannelDone(db, claim, 'sms', clock.now()))) return 'claim-lost';
  }
  await markNoticeSent(db, claim, clock.now());
  return 'sent';
}

/** Sends every due notice this sender can claim; answers how many it finished. */
export async function sendDueNotices(context: SenderContext): Promise<number> {
  let finished = 0;
  for (;;) {
    const claimed = await claimDueNotices(context.db, {
      now: context.clock.now(),
      limit: noticeSending.batchSize,
      leaseSeconds: noticeSending.leaseSeconds,
    });
    if (claimed.length === 0) return finished;
    for (const claim of claimed) {
      try {
        if ((await deliver(context, claim)) === 'sent') finished += 1;
      } catch (error) {
        const retryInSeconds = retryDelaySeconds(claim.attempt);
        // No addresses or message text in the log: the notice id finds the row.
        context.log.warn(
          { noticeId: claim.id, attempt: claim.attempt, willRetry: retryInSeconds !== null },
          'investor notice not delivered',
        );
        await markNoticeAttemptFailed(context.db, claim, {
          now: context.clock.now(),
          error: error instanceof Error ? error.message : String(error),
          retryInSeconds,
        });
      }
    }
  }
}

export interface NoticeSender {
  /** Sends what is due; a call while a pass runs queues one more pass after it. */
  drain(): Promise<number>;
  /** drain() in the background, failures logged. */
  kick(): void;
  /** A pass now and then every `intervalMs`. */
  start(): void;
  /** Waits for the pass in progress and the one queued after it, starting none. */
  idle(): Promise<void>;
  /** Stops the timer and waits for the pass in progress. */
  close(): Promise<void>;
}

export function createNoticeSender(context: SenderContext): NoticeSender {
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let isClosed = false;

  function drain(): Promise<number> {
    if (isClosed) return Promise.resolve(0);
    if (!running) {
      running = sendDueNotices(context).finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = null;
        return drain();
      });
    return queued;
  }

  function kick(): void {
    drain().catch((error: unknown) => context.log.error({ err: error }, 'sending investor notices failed'));
  }

  return {
    drain,
    kick,
    start() {
      if (isClosed || timer) return;
      kick();
      timer = setInterval(kick, noticeSending.intervalMs);
      timer.unref();
    },
    async idle() {
      while (running || queued) await Promise.allSettled([running, queued]);
    },
    async close() {
      isClosed = true;
      if (timer) clearInterval(timer);
      await this.idle();
    },
  };
}

const senders = new WeakMap<object, NoticeSender>();

/** The app instance's one sender. */
export function noticeSenderOf(context: SenderContext): NoticeSender {
  let sender = senders.get(context);
  if (!sender) {
    sender = createNoticeSender(context);
    senders.set(context, sender);
  }
  return sender;
}
