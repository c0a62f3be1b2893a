/**
 * ACH settlement (funding, interest and withdrawal credits, and their failures) and
 * quarter-end withdrawals drawn oldest note first; the ledger check after each scenario.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { daysBetween, type IsoDate } from '../../../shared/dates/calendar-date';
import { cumulativeInterestCents } from '../../../shared/ledger/interest';
import { centsToMoney } from '../../../shared/money/decimal-string';
import { rowsOf } from '../../db/client';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  recordingNotifier,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';
import { reinvestIntoHighYield, reinvestmentMessages } from './reinvest-into-high-yield';
import { runMoneyDays } from './run-money-days';
import { insertPendingWithdrawal } from './withdrawal-repository';
import { DEFAULT_BACKUP_WITHHOLDING_RULE } from '../backup-withholding/withholding-rule';

let database: TestDatabase;
let engine: TestEngine;
let notifier: ReturnType<typeof recordingNotifier>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await truncateAll(database);
  notifier = recordingNotifier();
  engine = createTestEngine(database.db, { notifier });
});

async function query<Row>(statement: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await database.db.execute(statement));
}

async function noteState(investmentId: string) {
  const [row] = await query<{
    status: string;
    interest_posted: string;
    amount_withdrawn: string;
    value: string;
    cancellation_reason: string | null;
  }>(sql`
    select status, interest_posted::text as interest_posted, amount_withdrawn::text as amount_withdrawn, cancellation_reason,
           (select coalesce(sum(value_effect), 0) from investment_transactions t where t.investment_id = i.id)::text as value
    from investments i where id = ${investmentId}`);
  return row!;
}

async function expectLedgerClean(): Promise<void> {
  const report = await runLedgerCheck(database.db);
  expect(report.problems, formatLedgerReport(report)).toEqual([]);
}

async function requestTransfer(
  investor: { investorId: string; bankAccountId: string },
  amount: string,
  on: IsoDate,
) {
  return insertPendingWithdrawal(database.db, {
    ...investor,
    amount,
    requestedOn: on,
    now: new Date(`${on}T16:00:00Z`),
  });
}

function interestFor(principal: bigint, from: IsoDate, until: IsoDate): string {
  return centsToMoney(cumulativeInterestCents(principal, 80_000n, daysBetween(from, until)));
}

async function twoStandardNotes() {
  const investor = await createFundedInvestor(database.db);
  const older = await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2024-01-10',
  });
  const newer = await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '20000.00',
    rate: '0.08',
    startDate: '2024-02-05',
  });
  // Settle both debits, then catch a year of interest up in one run
  await runMoneyDay(engine, '2024-02-06');
  await runMoneyDay(engine, '2025-03-10');
  return { investor, older, newer };
}

describe('ACH settlement', () => {
  it('settles funding and interest credits after the configured business days', async () => {
    const investor = await createFundedInvestor(database.db);
    const { achPaymentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '5000.00',
      rate: '0.08',
      startDate: '2025-07-03',
    });
    // Thursday Jul 3; Jul 4 is a Federal Reserve holiday: one business day later is Monday Jul 7
    await runMoneyDay(engine, '2025-07-03');
    await runMoneyDay(engine, '2025-07-04');
    const [pending] = await query<{ status: string; effective: string }>(
      sql`select status, to_char(effective_date, 'YYYY-MM-DD') as effective from ach_payments where id = ${achPaymentId}`,
    );
    expect(pending).toEqual({ status: 'pending', effective: '2025-07-07' });
    await runMoneyDay(engine, '2025-07-07');
    const [settled] = await query<{ status: string; settled: boolean; reference: string }>(
      sql`select status, settled_at is not null as settled, provider_reference as reference from ach_payments where id = ${achPaymentId}`,
    );
    expect(settled).toEqual({
      status: 'settled',
      settled: true,
      reference: `sandbox_${achPaymentId.slice(0, 8)}`,
    });
    await expectLedgerClean();
  });

  it('cancels a note whose funding debit fails and reverses its posted interest', async () => {
    engine = createTestEngine(database.db, { notifier, settlementBusinessDays: 3 });
    const investor = await createFundedInvestor(database.db);
    const standard = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2025-01-29',
    });
    const growth = await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2025-01-29',
    });
    engine.ach.failPayment(standard.achPaymentId, 'R01 Insufficient funds');
    engine.ach.failPayment(growth.achPaymentId, 'R01 Insufficient funds');
    await runMoneyDays(engine, { from: '2025-01-29', through: '2025-02-02', everyDay: true });
    // January (Jan 29-31) was posted on Feb 1 before the debits came back
    expect((await noteState(standard.investmentId)).interest_posted).toBe('6.58');
    expect((await noteState(growth.investmentId)).value).toBe('10007.40');
    await runMoneyDay(engine, '2025-02-03');

    for (const note of [standard, growth]) {
      const state = await noteState(note.investmentId);
      expect(state).toMatchObject({ status: 'cancelled', value: '0.00' });
      expect(state.cancellation_reason).toBe('Funding debit failed: R01 Insufficient funds');
      const reversals = await query<{ reversed: string; amount: string }>(sql`
        select o.transaction_type as reversed, r.amount::text as amount from investment_transactions r
        join investment_transactions o on o.id = r.reverses_transaction_id
        where r.investment_id = ${note.investmentId} and r.transaction_type = 'reversal' order by o.transaction_type`);
      expect(reversals.map((row) => row.reversed)).toEqual(['interest_payment', 'purchase']);
    }
    const payments = await query<{ payment_type: string; status: string; failure_reason: string }>(sql`
      select payment_type, status, failure_reason from ach_payments where investment_id = ${standard.investmentId}
      order by payment_type`);
    expect(payments).toEqual([
      { payment_type: 'funding', status: 'failed', failure_reason: 'R01 Insufficient funds' },
      {
        payment_type: 'interest',
        status: 'cancelled',
        failure_reason: 'Note cancelled: its funding debit failed',
      },
    ]);
    // A cancelled note stops earning; re-running the day reverses nothing twice
    await runMoneyDay(engine, '2025-03-01');
    await runMoneyDay(engine, '2025-02-03');
    const [counts] = await query<{ reversals: number; postings: number }>(sql`
      select count(*) filter (where transaction_type = 'reversal')::int as reversals,
             count(*) filter (where transaction_type = 'interest_payment')::int as postings
      from investment_transactions`);
    expect(counts).toEqual({ reversals: 4, postings: 2 });
    await expectLedgerClean();
  });

  it('keeps the reason of a failed interest credit and leaves the ledger as it was', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '10000.00',
      rate: '0.08',
      startDate: '2025-01-06',
    });
    await runMoneyDays(engine, { from: '2025-01-06', through: '2025-02-01' });
    const [credit] = await query<{ id: string }>(
      sql`select id from ach_payments where investment_id = ${investmentId} and payment_type = 'interest'`,
    );
    engine.ach.failPayment(credit!.id, 'R02 Account closed');
    await runMoneyDay(engine, '2025-02-03');
    const [failed] = await query<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from ach_payments where id = ${credit!.id}`,
    );
    expect(failed).toEqual({ status: 'failed', failure_reason: 'R02 Account closed' });
    expect(await noteState(investmentId)).toMatchObject({ status: 'active', interest_posted: '56.99' });
    await expectLedgerClean();
  });
});

describe('quarter-end withdrawals', () => {
  it('pays at the quarter end from the oldest note first; the rest earns on what is left', async () => {
    const { investor, older, newer } = await twoStandardNotes();
    const withdrawalId = await requestTransfer(investor, '15000.00', '2025-03-10');
    await runMoneyDay(engine, '2025-03-30');
    expect(notifier.withdrawals).toEqual([]);
    await runMoneyDays(engine, { from: '2025-03-31', through: '2025-05-01' });

    const [withdrawal] = await query<{
      status: string;
      scheduled: string;
      ach_amount: string;
      ach_status: string;
    }>(sql`
      select w.status, to_char(w.scheduled_for, 'YYYY-MM-DD') as scheduled, a.amount::text as ach_amount, a.status as ach_status
      from withdrawals w join ach_payments a on a.id = w.ach_payment_id where w.id = ${withdrawalId}`);
    expect(withdrawal).toEqual({
      status: 'paid',
      scheduled: '2025-03-31',
      ach_amount: '15000.00',
      ach_status: 'settled',
    });
    const entries = await query<{ investment_id: string; amount: string; date: string }>(sql`
      select investment_id, amount::text as amount, to_char(transaction_date, 'YYYY-MM-DD') as date
      from investment_transactions where withdrawal_id = ${withdrawalId} order by investment_transactions.amount`);
    expect(entries).toEqual([
      { investment_id: newer.investmentId, amount: '5000.00', date: '2025-03-31' },
      { investment_id: older.investmentId, amount: '10000.00', date: '2025-03-31' },
    ]);
    // The emptied note earned through the quarter end and got its last interest with the payment
    expect(await noteState(older.investmentId)).toMatchObject({
      status: 'withdrawn',
      value: '0.00',
      interest_posted: interestFor(1_000_000n, '2024-01-10', '2025-04-01'),
    });
    // The other earned on 20,000 through Mar 31, then on 15,000: April = 1944.11 - 1845.48
    const april = await query<{ amount: string }>(sql`
      select amount::text as amount from investment_transactions
      where investment_id = ${newer.investmentId} and posting_period = '2025-04-01'`);
    expect(april).toEqual([{ amount: '98.63' }]);
    expect(await noteState(newer.investmentId)).toMatchObject({
      status: 'active',
      value: '15000.00',
      amount_withdrawn: '5000.00',
      interest_posted: '1944.11',
    });
    expect(notifier.withdrawals).toEqual([`${investor.investorId}:2025-03-31:15000.00`]);
    await expectLedgerClean();
  });

  it('fails a transfer the available funds no longer cover, drawing nothing', async () => {
    const { investor } = await twoStandardNotes();
    const withdrawalId = await requestTransfer(investor, '30000.01', '2025-03-10');
    await runMoneyDays(engine, { from: '2025-03-11', through: '2025-04-01' });
    const [withdrawal] = await query<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from withdrawals where id = ${withdrawalId}`,
    );
    expect(withdrawal).toEqual({
      status: 'failed',
      failure_reason: 'Not enough available funds on the payment date.',
    });
    const [drawn] = await query<{ count: number }>(
      sql`select count(*)::int as count from investment_transactions where transaction_type = 'withdrawal'`,
    );
    expect(drawn!.count).toBe(0);
    await expectLedgerClean();
  });

  it('returns the funds to the notes when the bank returns the transfer', async () => {
    const { investor, older, newer } = await twoStandardNotes();
    const withdrawalId = await requestTransfer(investor, '15000.00', '2025-03-10');
    await runMoneyDays(engine, { from: '2025-03-11', through: '2025-03-31' });
    const [credit] = await query<{ id: string }>(
      sql`select ach_payment_id as id from withdrawals where id = ${withdrawalId}`,
    );
    engine.ach.failPayment(credit!.id, 'R02 Account closed');
    await runMoneyDays(engine, { from: '2025-04-01', through: '2025-05-01' });

    const [withdrawal] = await query<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from withdrawals where id = ${withdrawalId}`,
    );
    expect(withdrawal).toEqual({
      status: 'failed',
      failure_reason: 'Transfer returned by the bank: R02 Account closed',
    });
    expect(await noteState(older.investmentId)).toMatchObject({
      status: 'active',
      value: '10000.00',
      amount_withdrawn: '0.00',
    });
    expect(await noteState(newer.investmentId)).toMatchObject({
      status: 'active',
      value: '20000.00',
      amount_withdrawn: '0.00',
    });
    // Both earn again on their whole principal from Apr 2 (the day after the return was recorded)
    const april = await query<{ investment_id: string; amount: string }>(sql`
      select investment_id, amount::text as amount from investment_transactions
      where posting_period = '2025-04-01' and transaction_type = 'interest_payment'
      order by investment_transactions.amount`);
    // older: Apr 2-30 on 10,000 (29 days, 63.56); newer: Apr 1 on 15,000 and Apr 2-30 on 20,000
    expect(april).toEqual([
      { investment_id: older.investmentId, amount: '63.56' },
      { investment_id: newer.investmentId, amount: '130.41' },
    ]);
    await expectLedgerClean();
  });
});

describe('converting to High-Yield', () => {
  it('moves available funds, oldest note first, into a new note at once; pending transfers keep their share', async () => {
    const { investor, older, newer } = await twoStandardNotes();
    await requestTransfer(investor, '5000.00', '2025-03-10');
    const convert = (amount: string) =>
      database.db.transaction((tx) =>
        reinvestIntoHighYield(tx, {
          investorId: investor.investorId,
          amount,
          product: { id: null, rate: '0.09', termYears: 2 },
          executionDate: '2025-03-10',
          now: new Date('2025-03-10T16:00:00Z'),
          achEffectiveDate: '2025-03-11',
          backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
        }),
      );
    await expect(convert('25000.01')).rejects.toThrow(reinvestmentMessages.aboveAvailable);
    const { investmentId, interestPosted } = await convert('12000.00');
    // The older note is emptied: its interest for March 1-9 is posted with the move
    expect(interestPosted.map((row) => row.paidToBank)).toEqual(['19.73']);
    expect(await noteState(older.investmentId)).toMatchObject({ status: 'withdrawn', value: '0.00' });
    expect(await noteState(newer.investmentId)).toMatchObject({
      status: 'active',
      value: '18000.00',
      amount_withdrawn: '2000.00',
    });
    expect(await noteState(investmentId)).toMatchObject({ status: 'active', value: '12000.00' });
    const [source] = await query<{ source: string; start: string }>(
      sql`select source_investment_id as source, to_char(start_date, 'YYYY-MM-DD') as start from investments where id = ${investmentId}`,
    );
    expect(source).toEqual({ source: older.investmentId, start: '2025-03-10' });
    await expectLedgerClean();

    await runMoneyDays(engine, { from: '2025-03-11', through: '2025-04-01' });
    // March 10-31 on 12,000 at 9%: 22 days = 65.0958... -> 65.10; the transfer drew its 5,000 from the newer note
    expect(await noteState(investmentId)).toMatchObject({ value: '12065.10', interest_posted: '65.10' });
    expect(await noteState(newer.investmentId)).toMatchObject({
      value: '13000.00',
      amount_withdrawn: '7000.00',
    });
    await expectLedgerClean();
  });
});

describe('the ledger check', () => {
  it('names the investor and note whose kept figures disagree with the entries', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      startDate: '2025-01-01',
    });
    await runMoneyDays(engine, { from: '2025-01-01', through: '2025-03-02' });
    await expectLedgerClean();
    await database.db.execute(
      sql`update investments set interest_posted = interest_posted + 0.01 where id = ${investmentId}`,
    );
    const report = await runLedgerCheck(database.db);
    expect(
      report.problems.map((problem) => [problem.investorId, problem.investmentId, problem.check]),
    ).toEqual([
      [investor.investorId, investmentId, 'note value'],
      [investor.investorId, investmentId, 'interest posted'],
      [investor.investorId, investmentId, 'interest accrued'],
      [investor.investorId, null, 'balance'],
    ]);
    expect(formatLedgerReport(report)).toContain(
      `investor ${investor.investorId}, note ${investmentId}: note value`,
    );
  });
});
