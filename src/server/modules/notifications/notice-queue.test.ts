/**
 * Issue 13 item 5: interest and withdrawal notices are written to the notice queue in the
 * transaction of their entries and sent from there through a real SMTP server, once each:
 * after a failed send (retried with a growing wait), after a sender died holding them, and
 * with two senders at once. On PGlite and on PostgreSQL (DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { type LocalSmtpServer, startLocalSmtpServer } from '../../test-support/local-smtp-server';
import { buyNote, createFundedInvestor, createTestEngine } from '../../test-support/money-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { isPostgresRun } from '../../test-support/test-database';
import { calculateDailyInterest } from '../money/calculate-daily-interest';
import { moneyEngineFromContext } from '../money/engine-context';
import { queueingNotifier } from '../money/money-notices';
import { claimDueNotices, markChannelDone } from './notice-queue-repository';
import { noticeSending, sendDueNotices } from './notice-sender';
import { isSecurityEmailNotice } from './security-email';
import { freePort } from '../../test-support/free-port';

/** Chosen once: the server stops and starts again on it while the app keeps its SMTP_URL. */
let smtpPort: number;
let testApp: TestApp;
let smtp: LocalSmtpServer | null = null;

async function startSmtp(): Promise<LocalSmtpServer> {
  smtp = await startLocalSmtpServer({ port: smtpPort, capture: true });
  return smtp;
}

async function stopSmtp(): Promise<void> {
  await smtp?.close();
  smtp = null;
}

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await testApp.context.db.execute(query));
}

async function queue() {
  return rows<{
    investor_id: string;
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }>(
    sql`select investor_id, kind, status, attempts, last_error from investor_notice_queue order by created_at, id`,
  );
}

async function bellCount(): Promise<number> {
  return (await rows<{ count: number }>(sql`select count(*)::int as count from investor_notifications`))[0]!
    .count;
}

/** Mail the SMTP server received per recipient. */
function mailPerRecipient(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp?.received ?? []) {
    for (const recipient of mail.recipients) counts.set(recipient, (counts.get(recipient) ?? 0) + 1);
  }
  return counts;
}

/** Investors with a Standard note each, and a month-end run that posts (and queues) their interest. */
async function postInterestFor(count: number): Promise<string[]> {
  const seeding = createTestEngine(testApp.context.db);
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const investor = await createFundedInvestor(testApp.context.db);
    emails.push(investor.email);
    await buyNote(seeding, {
      ...investor,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2026-01-05',
    });
  }
  await calculateDailyInterest(moneyEngineFromContext(testApp.context), '2026-03-01');
  return emails;
}

beforeAll(async () => {
  smtpPort = await freePort();
  testApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
});
afterAll(async () => {
  await stopSmtp();
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  await stopSmtp();
});

describe('the notice queue', () => {
  it('holds a notice exactly when the entries it reports commit', async () => {
    const investor = await createFundedInvestor(testApp.context.db);
    const notifier = queueingNotifier('Steadyline');
    const notice = {
      investorId: investor.investorId,
      executionDate: '2026-03-01',
      paidToBank: '67.95',
      creditedToNotes: '0.00',
    };
    await expect(
      testApp.context.db.transaction(async (tx) => {
        await notifier.interestPaid(tx, [notice], testApp.clock.now());
        throw new Error('the batch failed');
      }),
    ).rejects.toThrow('the batch failed');
    expect(await queue()).toEqual([]);
    await testApp.context.db.transaction((tx) => notifier.interestPaid(tx, [notice], testApp.clock.now()));
    expect((await queue()).map((row) => row.kind)).toEqual(['interest_payment']);
  });

  it('sends each notice a money job queued once: the bell and the e-mail', async () => {
    await startSmtp();
    const emails = await postInterestFor(3);
    // Written with the postings, not sent by the job itself.
    expect((await queue()).map((row) => row.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await bellCount()).toBe(0);
    expect(await sendDueNotices(testApp.context)).toBe(3);
    expect(await sendDueNotices(testApp.context)).toBe(0);
    expect(Object.fromEntries(mailPerRecipient())).toEqual(
      Object.fromEntries(emails.map((email) => [email, 1])),
    );
    expect(smtp!.received[0]!.raw).toContain('Subject: Your interest payment of');
    expect(await bellCount()).toBe(3);
    expect((await queue()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('retries a failed send after a growing wait, then sends it once', async () => {
    const [email] = await postInterestFor(1);
    // No mail server is listening: the attempt fails and is kept for later.
    expect(await sendDueNotices(testApp.context)).toBe(0);
    expect(await queue()).toMatchObject([{ status: 'pending', attempts: 1 }]);
    expect((await queue())[0]!.last_error).toBeTruthy();
    expect(await bellCount()).toBe(1);
    await startSmtp();
    // Not due again yet.
    expect(await sendDueNotices(testApp.context)).toBe(0);
    expect(smtp!.received).toEqual([]);
    testApp.clock.advance(61_000);
    expect(await sendDueNotices(testApp.context)).toBe(1);
    expect(Object.fromEntries(mailPerRecipient())).toEqual({ [email!]: 1 });
    // The bell was done by the first attempt and is not repeated.
    expect(await bellCount()).toBe(1);
    expect(await queue()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  it('gives a notice up as failed after its last attempt', async () => {
    await postInterestFor(1);
    for (let attempt = 1; attempt <= noticeSending.maxAttempts; attempt += 1) {
      expect(await sendDueNotices(testApp.context)).toBe(0);
      testApp.clock.advance(3_601_000);
    }
    expect(await queue()).toMatchObject([{ status: 'failed', attempts: noticeSending.maxAttempts }]);
    await startSmtp();
    expect(await sendDueNotices(testApp.context)).toBe(0);
    expect(smtp!.received).toEqual([]);
  });

  it('takes over the notices of a sender that died holding them, repeating no channel it recorded', async () => {
    await startSmtp();
    const [email] = await postInterestFor(1);
    const [claim] = await claimDueNotices(testApp.context.db, {
      now: testApp.clock.now(),
      limit: 10,
      leaseSeconds: noticeSending.leaseSeconds,
    });
    const message = claim!.message;
    if (isSecurityEmailNotice(message)) throw new Error('expected the interest notice');
    // The dead sender had put it on the bell (in one transaction with the stamp), then died.
    await testApp.context.db.transaction(async (tx) => {
      await markChannelDone(tx, claim!, 'bell', testApp.clock.now());
      await tx.execute(sql`
        insert into investor_notifications (investor_id, kind, title, body)
        values (${claim!.investorId}, 'interest_payment', ${message.title}, ${message.body})`);
    });
    expect(await sendDueNotices(testApp.context)).toBe(0);
    testApp.clock.advance((noticeSending.leaseSeconds + 1) * 1000);
    expect(await sendDueNotices(testApp.context)).toBe(1);
    expect(Object.fromEntries(mailPerRecipient())).toEqual({ [email!]: 1 });
    expect(await bellCount()).toBe(1);
    // The dead sender's late write finds its claim gone.
    expect(await markChannelDone(testApp.context.db, claim!, 'email', testApp.clock.now())).toBe(false);
  });

  it(`sends each notice once with two senders at once (${isPostgresRun() ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    await startSmtp();
    const emails = await postInterestFor(30);
    const finished = await Promise.all([sendDueNotices(testApp.context), sendDueNotices(testApp.context)]);
    expect(finished[0]! + finished[1]!).toBe(30);
    const perRecipient = mailPerRecipient();
    expect(perRecipient.size).toBe(30);
    expect(emails.every((email) => perRecipient.get(email) === 1)).toBe(true);
    expect(await bellCount()).toBe(30);
    expect(new Set((await queue()).map((row) => row.status))).toEqual(new Set(['sent']));
  });
});
