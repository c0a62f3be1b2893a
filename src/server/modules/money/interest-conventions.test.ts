/**
 * The interest conventions of PRODUCT.md 13 against hand-computed figures:
 * simple, Actual/365 fixed, on principal, half-up cents at posting, remainder carried.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../../shared/dates/calendar-date';
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
import { calculateDailyInterest } from './calculate-daily-interest';
import { runLedgerCheck } from './ledger-check';
import { processMaturities } from './process-maturities';

let database: TestDatabase;
let engine: TestEngine;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await truncateAll(database);
  engine = createTestEngine(database.db);
});

async function postings(
  investmentId: string,
): Promise<{ period: string; amount: string; date: string; effect: string }[]> {
  const result = await database.db.execute(sql`
    select to_char(posting_period, 'YYYY-MM-DD') as period, amount::text as amount,
           to_char(transaction_date, 'YYYY-MM-DD') as date, value_effect::text as effect
    from investment_transactions where investment_id = ${investmentId} and transaction_type = 'interest_payment'
    order by posting_period`);
  return rowsOf(result);
}

async function note(investmentId: string) {
  const result = await database.db.execute(sql`
    select status, to_char(accrued_through, 'YYYY-MM-DD') as accrued_through, interest_accrued::text as interest_accrued,
           interest_posted::text as interest_posted, to_char(maturity_date, 'YYYY-MM-DD') as maturity_date
    from investments where id = ${investmentId}`);
  return rowsOf<{
    status: string;
    accrued_through: string;
    interest_accrued: string;
    interest_posted: string;
    maturity_date: string;
  }>(result)[0]!;
}

async function runDays(from: IsoDate, through: IsoDate): Promise<void> {
  for (let day = from; day <= through; day = addDays(day, 1)) await runMoneyDay(engine, day);
}

async function expectLedgerClean(): Promise<void> {
  const report = await runLedgerCheck(database.db);
  expect(report.problems).toEqual([]);
}

async function standardNote(startDate: IsoDate, principal = '10000.00') {
  const investor = await createFundedInvestor(database.db);
  return buyNote(engine, { ...investor, investmentType: 'standard', principal, rate: '0.08', startDate });
}

describe('Standard notes', () => {
  it('pays a 31-day January and a 28-day February exactly', async () => {
    const { investmentId } = await standardNote('2025-01-01');
    await runDays('2025-01-01', '2025-03-01');
    // 10,000 x 8% x 31/365 = 67.945..., cumulative 59 days = 129.315... -> 129.32 - 67.95
    expect(await postings(investmentId)).toEqual([
      { period: '2025-01-01', amount: '67.95', date: '2025-02-01', effect: '0.00' },
      { period: '2025-02-01', amount: '61.37', date: '2025-03-01', effect: '0.00' },
    ]);
    const state = await note(investmentId);
    expect(state.interest_posted).toBe('129.32');
    expect(state.accrued_through).toBe('2025-03-01');
    // cumulative 59 days exact (129.3150684931) less the 129.32 paid: the remainder carried
    expect(state.interest_accrued).toBe('-0.0049315069');
    const credits = rowsOf<{ amount: string; status: string; effective: string }>(
      await database.db.execute(sql`
        select amount::text as amount, status, to_char(effective_date, 'YYYY-MM-DD') as effective
        from ach_payments where investment_id = ${investmentId} and payment_type = 'interest' order by posting_period`),
    );
    // Feb 1 2025 is a Saturday: the credit settles the next business day, Monday Feb 3
    expect(credits).toEqual([
      { amount: '67.95', status: 'settled', effective: '2025-02-03' },
      { amount: '61.37', status: 'pending', effective: '2025-03-03' },
    ]);
    await expectLedgerClean();
  });

  it('counts Feb 29 of a leap year as one more day on a 365-day basis', async () => {
    const { investmentId } = await standardNote('2024-02-01');
    await runDays('2024-02-01', '2024-03-01');
    // 29 days x 10,000 x 8% / 365 = 63.561...
    expect((await postings(investmentId)).map((row) => row.amount)).toEqual(['63.56']);
    await expectLedgerClean();
  });

  it('pays one day for a note bought on the 31st, then carries the remainder', async () => {
    const { investmentId } = await standardNote('2025-01-31');
    await runDays('2025-01-31', '2025-03-01');
    // Jan 31: 2.1917... -> 2.19; cumulative 29 days 63.5616... -> 63.56 - 2.19
    expect((await postings(investmentId)).map((row) => row.amount)).toEqual(['2.19', '61.37']);
    expect((await note(investmentId)).maturity_date).toBe('2026-01-31');
    await expectLedgerClean();
  });

  it('pays a mid-month start for the days it held', async () => {
    const { investmentId } = await standardNote('2025-03-15');
    await runDays('2025-03-15', '2025-04-01');
    // March 15-31: 17 days -> 37.260...
    expect(await postings(investmentId)).toEqual([
      { period: '2025-03-01', amount: '37.26', date: '2025-04-01', effect: '0.00' },
    ]);
    await expectLedgerClean();
  });

  it('catches up a missed week, across a month end, without counting a day twice', async () => {
    const { investmentId } = await standardNote('2025-01-01');
    await runDays('2025-01-01', '2025-01-10');
    await runMoneyDay(engine, '2025-01-18');
    expect(await note(investmentId)).toMatchObject({
      accrued_through: '2025-01-18',
      // 17 days: 37.26027397260...
      interest_accrued: '37.2602739726',
    });
    await runMoneyDay(engine, '2025-02-03');
    expect((await postings(investmentId)).map((row) => [row.amount, row.date])).toEqual([
      ['67.95', '2025-02-03'],
    ]);
    // 33 days 72.3287671232... less 67.95 paid
    expect(await note(investmentId)).toMatchObject({
      accrued_through: '2025-02-03',
      interest_accrued: '4.3787671232',
    });
    await expectLedgerClean();
  });

  it('keeps earning after its lock-up ends', async () => {
    const { investmentId } = await standardNote('2024-02-29');
    expect((await note(investmentId)).maturity_date).toBe('2025-02-28');
    engine.setDate('2025-02-28');
    await calculateDailyInterest(engine, '2025-02-28');
    const result = await processMaturities(engine, '2025-02-28');
    expect(result.metadata).toMatchObject({ lockUpsEnded: 1, notesMatured: 0 });
    await calculateDailyInterest(engine, '2025-04-01');
    const state = await note(investmentId);
    expect(state.status).toBe('active');
    // Feb 29 2024 to Apr 1 2025: 397 days, 10,000 x 8% x 397/365 = 870.136... -> 870.14
    expect(state.interest_posted).toBe('870.14');
    await expectLedgerClean();
  });
});

describe('High-Yield notes', () => {
  it('credits each month to the note and posts the stub at a mid-month maturity', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2024-06-15',
    });
    engine.setDate('2024-06-16');
    await runMoneyDay(engine, '2024-06-16');
    engine.setDate('2026-06-01');
    await calculateDailyInterest(engine, '2026-06-01');
    expect(await postings(investmentId)).toHaveLength(24);
    await processMaturities(engine, '2026-06-15');
    const rows = await postings(investmentId);
    expect(rows).toHaveLength(25);
    // June 15-30 2024: 16 days x 10,000 x 9% / 365 = 39.452... ; June 1-14 2026: the stub
    expect(rows[0]).toEqual({ period: '2024-06-01', amount: '39.45', date: '2026-06-01', effect: '39.45' });
    expect(rows[24]).toMatchObject({ period: '2026-06-01', date: '2026-06-15' });
    // 730 days at 9% on 10,000 is exactly 1,800.00 over the term
    const state = await note(investmentId);
    expect(state).toMatchObject({
      status: 'matured',
      interest_posted: '1800.00',
      accrued_through: '2026-06-15',
      interest_accrued: '0.0000000000',
    });
    const value = rowsOf<{ value: string }>(
      await database.db.execute(
        sql`select sum(value_effect)::text as value from investment_transactions where investment_id = ${investmentId}`,
      ),
    )[0]!.value;
    expect(value).toBe('11800.00');
    await expectLedgerClean();
  });

  it('matures Feb 29 + 2 years on Feb 28 and earns 730 days', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '10000.00',
      rate: '0.09',
      termYears: 2,
      startDate: '2024-02-29',
    });
    expect((await note(investmentId)).maturity_date).toBe('2026-02-28');
    await runMoneyDay(engine, '2024-03-01');
    // Feb 29 alone: 2.4657... -> 2.47, posted on Mar 1
    expect((await postings(investmentId))[0]).toEqual({
      period: '2024-02-01',
      amount: '2.47',
      date: '2024-03-01',
      effect: '2.47',
    });
    engine.setDate('2026-02-28');
    await calculateDailyInterest(engine, '2026-02-28');
    await processMaturities(engine, '2026-02-28');
    const state = await note(investmentId);
    expect(state).toMatchObject({
      status: 'matured',
      interest_posted: '1800.00',
      accrued_through: '2026-02-28',
    });
    await calculateDailyInterest(engine, '2026-03-10');
    expect((await note(investmentId)).interest_posted).toBe('1800.00');
    await expectLedgerClean();
  });
});

describe('re-running', () => {
  it('changes nothing when any day is run again', async () => {
    const notifier = recordingNotifier();
    engine = createTestEngine(database.db, { notifier });
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '25000.00',
      rate: '0.08',
      startDate: '2025-01-20',
    });
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '7500.00',
      rate: '0.094',
      termYears: 3,
      startDate: '2025-01-25',
    });
    await runDays('2025-01-20', '2025-02-02');
    const snapshot = async () =>
      rowsOf(
        await database.db.execute(sql`
          select (select json_agg(i order by i.id) from (select id, status, accrued_through, interest_accrued, interest_posted,
                    last_posted_period from investments) i) as notes,
                 (select count(*) from investment_transactions) as entries,
                 (select count(*) from ach_payments) as payments`),
      );
    const notices = () => [notifier.interest.length, notifier.withdrawals.length];
    const before = await snapshot();
    const noticesBefore = notices();
    expect(noticesBefore[0]).toBe(1);
    for (const day of ['2025-01-25', '2025-02-01', '2025-02-02'] as const) await runMoneyDay(engine, day);
    expect(await snapshot()).toEqual(before);
    expect(notices()).toEqual(noticesBefore);
    await expectLedgerClean();
  });
});
