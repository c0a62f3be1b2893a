/**
 * Sends a purchase's authorised funding debit after the purchase has answered (decision 1850).
 * The note, its pending debit and the debit's authorisation are committed before the answer;
 * creating the transfer at the rail can be slow, so it runs after, in the background. Nothing
 * is lost if the process stops first: the debit stays `pending` and unsent, and the next
 * sender's start-up pass, or `settle-ach-payments`, creates it with the same idempotency key
 * (the payment id), so the rail never makes it twice.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type Executor, rowsOf } from '../../db/client';
import { findPaymentForRail, sendPaymentToRail } from '../money/ach-transfers';
import { moneyEngineFromContext } from '../money/engine-context';

export interface FundingDebitSender {
  /** Creates this payment's transfer in the background; failures are logged and left to the retries. */
  send(achPaymentId: string): void;
  /** Sends every authorised funding debit still unsent (what a stopped process left). */
  start(): void;
  /** Resolves when every send started so far has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Authorised funding debits whose transfer was never created. */
async function listUnsentAuthorisedDebits(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    select id from ach_payments
    where status = 'pending' and provider_reference is null and payment_type = 'funding'
      and authorization_id is not null
    order by id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

function createFundingDebitSender(context: AppContext): FundingDebitSender {
  const inFlight = new Set<Promise<void>>();
  let isClosed = false;

  async function sendNow(achPaymentId: string): Promise<void> {
    const ach = context.providers.ach;
    if (ach.name !== 'plaid') return;
    const payment = await findPaymentForRail(context.db, achPaymentId);
    if (!payment) return;
    const outcome = await sendPaymentToRail({ ...moneyEngineFromContext(context), ach }, payment, {
      executionDate: context.clock.today(),
      isUserPresent: true,
    });
    if (outcome.status === 'unsent') {
      context.log.warn(
        { achPaymentId, code: outcome.code },
        'funding debit not sent yet; the next start-up or settle-ach-payments sends it',
      );
    }
  }

  function track(run: () => Promise<void>): void {
    if (isClosed) return;
    const running = run()
      .catch((error: unknown) => context.log.error({ err: error }, 'sending a funding debit failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  return {
    send(achPaymentId) {
      track(() => sendNow(achPaymentId));
    },
    start() {
      if (context.providers.ach.name !== 'plaid') return;
      track(async () => {
        for (const id of await listUnsentAuthorisedDebits(context.db)) await sendNow(id);
      });
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      isClosed = true;
      await this.idle();
    },
  };
}

const senders = new WeakMap<AppContext, FundingDebitSender>();

/** The app instance's one sender. */
export function fundingDebitSenderOf(context: AppContext): FundingDebitSender {
  let sender = senders.get(context);
  if (!sender) {
    sender = createFundingDebitSender(context);
    senders.set(context, sender);
  }
  return sender;
}
