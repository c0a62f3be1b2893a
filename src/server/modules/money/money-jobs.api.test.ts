/**
 * The money jobs as the app exposes them: `POST /functions/v1/<name>` for admins, investor
 * notices through the notification service, and the demo history the seed makes with them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { demoAccounts, seedDemoData } from '../demo/seed-demo-data';
import { buyNote, createFundedInvestor, createTestEngine } from '../../test-support/money-fixtures';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';
import { insertPendingWithdrawal } from './withdrawal-repository';

let testApp: TestApp;
let operations: SignedInAdmin;
let support: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  testApp.clock.set('2026-03-10T15:00:00Z');
  await testApp.reset();
  operations = await signInTestAdmin(testApp, 'operations');
  support = await signInTestAdmin(testApp, 'support');
});

function runJob(name: string, executionDate: string, headers: Record<string, string> = operations.headers) {
  return testApp.app.inject({
    method: 'POST',
    url: `/functions/v1/${name}`,
    payload: { jobId: null, executionDate },
    headers,
  });
}

let signIns = 0;

/**
 * A manual run is for the server's business date (PRODUCT.md 32), so a day is run by moving
 * the server's clock to it; operations signs in again there (sessions expire as time moves).
 */
async function moveServerTo(executionDate: string): Promise<void> {
  testApp.clock.set(`${executionDate}T15:00:00Z`);
  signIns += 1;
  operations = await signInTestAdmin(testApp, 'operations', `operations-${signIns}@staff.example`);
}

async function runDay(executionDate: string): Promise<Record<string, number>> {
  await moveServerTo(executionDate);
  const answers: Record<string, number> = {};
  for (const name of [
    'calculate-daily-interest',
    'process-maturities',
    'process-withdrawals',
    'settle-ach-payments',
  ]) {
    const response = await runJob(name, executionDate);
    expect(response.statusCode, response.body).toBe(200);
    answers[name] = (response.json() as { recordsProcessed: number }).recordsProcessed;
  }
  return answers;
}

async function outbox(to: string) {
  return rowsOf<{ channel: string; subject: string | null; text: string }>(
    await testApp.database.db.execute(
      sql`select channel, subject, text from outbox_messages where to_address = ${to} order by created_at, channel`,
    ),
  );
}

async function bell(investorId: string) {
  return rowsOf<{ kind: string; title: string }>(
    await testApp.database.db.execute(
      sql`select kind, title from investor_notifications where investor_id = ${investorId} order by created_at`,
    ),
  );
}

async function investorWithNote(options: { phone?: string } = {}) {
  const investor = await createFundedInvestor(testApp.database.db, options);
  const engine = createTestEngine(testApp.database.db);
  await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2025-01-01',
  });
  await buyNote(engine, {
    ...investor,
    investmentType: 'high_yield',
    principal: '20000.00',
    rate: '0.09',
    termYears: 2,
    startDate: '2025-01-01',
  });
  return investor;
}

describe('POST /functions/v1/<money job>', () => {
  it('runs each money job for operations and answers recordsProcessed', async () => {
    await investorWithNote();
    const answers = await runDay('2025-01-10');
    // two notes accrued; nothing else due yet
    expect(answers).toEqual({
      'calculate-daily-interest': 2,
      'process-maturities': 0,
      'process-withdrawals': 0,
      'settle-ach-payments': 2,
    });
  });

  it('lets support only look, and refuses callers without an admin session', async () => {
    await investorWithNote();
    expect((await runJob('calculate-daily-interest', '2025-02-01', support.headers)).statusCode).toBe(403);
    expect((await runJob('calculate-daily-interest', '2025-02-01', {})).statusCode).toBe(401);
    const [postings] = rowsOf<{ count: number }>(
      await testApp.database.db.execute(
        sql`select count(*)::int as count from investment_transactions where transaction_type = 'interest_payment'`,
      ),
    );
    expect(postings!.count).toBe(0);
  });

  it('refuses an execution date that is not a date', async () => {
    const response = await runJob('calculate-daily-interest', '2025-02-30');
    expect(response.statusCode).toBe(400);
  });
});

describe('investor notices', () => {
  it('tells the investor about the interest once, on the channels their preferences allow', async () => {
    const investor = await investorWithNote({ phone: '+16175550199' });
    await runDay('2025-02-01');
    // 31 days: Standard 67.95 to the bank, High-Yield 152.88 credited
    expect(await bell(investor.investorId)).toEqual([
      { kind: 'interest_payment', title: 'Interest paid: $220.83' },
    ]);
    const sent = await outbox(investor.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Your interest payment of $220.83' });
    expect(sent[0]!.text).toContain('$67.95');
    expect(sent[0]!.text).toContain('$152.88');
    expect(await outbox('+16175550199')).toEqual([]);

    await runDay('2025-02-01');
    expect(await bell(investor.investorId)).toHaveLength(1);
    expect(await outbox(investor.email)).toHaveLength(1);

    await testApp.database.db.execute(
      sql`update notification_preferences set interest_payment_email = false, interest_payment_sms = true where investor_id = ${investor.investorId}`,
    );
    await runDay('2025-03-01');
    expect(await outbox(investor.email)).toHaveLength(1);
    expect(await outbox('+16175550199')).toEqual([
      { channel: 'sms', subject: null, text: 'Steadyline: interest of $199.45 was posted to your account.' },
    ]);
  });

  it('sends no SMS to a phone that is not verified', async () => {
    const investor = await investorWithNote({ phone: '+16175550177' });
    await testApp.database.db.execute(
      sql`update users set phone_verified_at = null where email = ${investor.email}`,
    );
    await testApp.database.db.execute(
      sql`update notification_preferences set interest_payment_sms = true where investor_id = ${investor.investorId}`,
    );
    await runDay('2025-02-01');
    expect(await outbox('+16175550177')).toEqual([]);
    expect(await bell(investor.investorId)).toHaveLength(1);
  });

  it('confirms a paid transfer', async () => {
    const investor = await investorWithNote();
    await runDay('2025-01-02');
    await insertPendingWithdrawal(testApp.database.db, {
      ...investor,
      amount: '2500.00',
      requestedOn: '2026-03-02',
      now: new Date('2026-03-02T16:00:00Z'),
    });
    await runDay('2026-03-31');
    const sent = await outbox(investor.email);
    expect(sent.at(-1)).toMatchObject({
      channel: 'email',
      subject: 'Your transfer of $2,500.00 is on its way',
    });
    expect(sent.at(-1)!.text).toContain('ending 4321');
    expect(sent.at(-1)!.text).toContain('March 31, 2026');
    expect((await bell(investor.investorId)).at(-1)).toEqual({
      kind: 'withdrawal_confirmation',
      title: 'Transfer sent: $2,500.00',
    });
    const report = await runLedgerCheck(testApp.database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
  });
});

describe('the demo history', () => {
  it('is made by the engine and passes the ledger check', async () => {
    await seedDemoData(testApp.database.db, testApp.config, testApp.clock);
    const report = await runLedgerCheck(testApp.database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
    const notes = rowsOf<{
      investment_type: string;
      status: string;
      accrued_through: string;
      amount_withdrawn: string;
    }>(
      await testApp.database.db.execute(sql`
        select i.investment_type, i.status, to_char(i.accrued_through, 'YYYY-MM-DD') as accrued_through,
               i.amount_withdrawn::text as amount_withdrawn
        from investments i join investors v on v.id = i.investor_id
        where v.email = ${demoAccounts.investor.email} order by i.start_date`),
    );
    const active = (investmentType: string) => ({
      investment_type: investmentType,
      status: 'active',
      accrued_through: '2026-03-10',
      amount_withdrawn: '0.00',
    });
    expect(notes).toEqual([
      // Matured four days ago and rolled over, as instructed (issue 17): 8,000 + 2 years at 9%.
      {
        investment_type: 'high_yield',
        status: 'withdrawn',
        accrued_through: '2026-03-06',
        amount_withdrawn: '9440.00',
      },
      {
        investment_type: 'standard',
        status: 'withdrawn',
        accrued_through: '2025-04-01',
        amount_withdrawn: '10000.00',
      },
      // Matures in about two weeks, a rollover chosen.
      active('high_yield'),
      active('high_yield'),
      { ...active('standard'), amount_withdrawn: '5000.00' },
      active('high_yield'),
      active('high_yield'),
      // Reinvests its interest since purchase (decision 1740).
      active('standard'),
      // The rolled-over note, earning from the maturity date.
      active('high_yield'),
    ]);
    const reinvesting = rowsOf<{ months: number; reinvested: string; credited: string }>(
      await testApp.database.db.execute(sql`
        select count(t.id)::int as months, i.interest_reinvested::text as reinvested,
               coalesce(sum(t.amount), 0)::text as credited
        from investments i join investors v on v.id = i.investor_id
        left join investment_transactions t on t.investment_id = i.id
          and t.transaction_type = 'interest_payment' and t.value_effect > 0
        where v.email = ${demoAccounts.investor.email} and i.investment_type = 'standard' and i.status = 'active'
          and i.interest_reinvested > 0
        group by i.id`),
    );
    expect(reinvesting).toHaveLength(1);
    expect(reinvesting[0]!.months).toBeGreaterThanOrEqual(5);
    expect(reinvesting[0]!.credited).toBe(reinvesting[0]!.reinvested);
    const reminders = rowsOf<{ title: string }>(
      await testApp.database.db.execute(
        sql`select title from investor_notifications where title like '%matures in%' or title like 'Note rolled over%' order by created_at`,
      ),
    );
    expect(reminders.map((row) => row.title.replace(/Note [0-9A-F]{8}/, 'Note X'))).toEqual([
      'Note X matures in 30 days',
      'Note X matures in 30 days',
      'Note X matures in 7 days',
      'Note rolled over: $9,440.00',
    ]);
    const [messages] = rowsOf<{ count: number }>(
      await testApp.database.db.execute(sql`select count(*)::int as count from outbox_messages`),
    );
    expect(messages!.count).toBe(0);
  });
});
