/**
 * The ledger check (`npm run check:ledger`) sees a wrong amount, not only an inconsistent one
 * (issue 24 item 8): every interest posting is recomputed from its note's terms through the
 * shared interest schedule. And it names an active note whose funding debit did not settle
 * (issue 24 item 1).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';

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

/** A High-Yield and a Standard note, a few months of postings each. */
async function ledgerWithPostings(): Promise<{ highYieldId: string; standardId: string }> {
  const investor = await createFundedInvestor(database.db);
  const highYield = await buyNote(engine, {
    ...investor,
    investmentType: 'high_yield',
    principal: '25000.00',
    rate: '0.094',
    termYears: 3,
    startDate: '2025-01-17',
  });
  const standard = await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '10000.00',
    rate: '0.08',
    startDate: '2025-02-03',
  });
  for (const date of ['2025-01-20', '2025-03-01', '2025-04-01', '2025-06-02']) {
    await runMoneyDay(engine, date);
  }
  return { highYieldId: highYield.investmentId, standardId: standard.investmentId };
}

describe('the ledger check', () => {
  it('reports nothing on a ledger the engine wrote, having recomputed every posting', async () => {
    await ledgerWithPostings();
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
    // High-Yield January to May (5) and Standard February to May (4).
    expect(report.postingsRecomputed).toBe(9);
  });

  it('reports a posting whose amount is wrong although every figure agrees with it', async () => {
    const { highYieldId } = await ledgerWithPostings();
    // A cent moved from March to April: the note's value, interest posted and accrual still add
    // up, so only a recomputation from the note's terms can see it.
    await database.db.execute(sql`
      update investment_transactions set amount = amount + case posting_period when '2025-03-01' then -0.01 else 0.01 end,
        value_effect = value_effect + case posting_period when '2025-03-01' then -0.01 else 0.01 end
      where investment_id = ${highYieldId}::uuid and posting_period in ('2025-03-01', '2025-04-01')`);
    const [march] = rowsOf<{ amount: string }>(
      await database.db.execute(sql`
        select amount::text as amount from investment_transactions
        where investment_id = ${highYieldId}::uuid and posting_period = '2025-03-01'`),
    );
    const report = await runLedgerCheck(database.db);
    expect(
      report.problems.map((problem) => [
        problem.investmentId,
        problem.check,
        problem.expected,
        problem.actual,
      ]),
    ).toEqual([
      [highYieldId, 'interest of 2025-03', '199.59', march!.amount],
      [highYieldId, 'interest of 2025-04', '193.15', '193.16'],
    ]);
    expect(formatLedgerReport(report)).toContain(
      "interest of 2025-03: from the note's terms 199.59, kept 199.58",
    );
  });

  it('reports an active note whose funding debit was cancelled', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId, achPaymentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '5000.00',
      rate: '0.08',
      startDate: '2025-02-03',
    });
    await database.db.execute(
      sql`update ach_payments set status = 'cancelled' where id = ${achPaymentId}::uuid`,
    );
    const report = await runLedgerCheck(database.db);
    expect(report.problems).toEqual([
      {
        investorId: investor.investorId,
        investmentId,
        check: `funding debit cancelled (${achPaymentId})`,
        expected: 'note cancelled',
        actual: 'note active',
      },
    ]);
  });
});
