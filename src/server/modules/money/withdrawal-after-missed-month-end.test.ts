/**
 * Issue 13 item 4: money leaving a Standard note (a transfer paid, or a conversion to
 * High-Yield) while a month that has ended is still unposted, because the month-end run was
 * missed or ran later the same day. Each month's posting must still be what the reference
 * rules give: the month is posted on its own, on the principal it earned on.
 *
 * The note: $40,000 at 8% from 2024-03-14, $30,000 of it paid out at the end of Q1 2025 by a
 * run on April 1 that did not post March first. March earned 40,000 x 8% x 31/365 = 271.78;
 * April earned on 10,000 for 30 days plus the 30,000 for April 1 (the payment day) = 72.33.
 * Folding the payment in first moved April 1 of the 30,000 into March: 278.35 and 65.76.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { rowsOf } from '../../db/client';
import { compareDatabaseWithModel } from '../../test-support/money-engine-property';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { processWithdrawals } from './process-withdrawals';
import { reinvestIntoHighYield } from './reinvest-into-high-yield';
import { runMoneyDays } from './run-money-days';
import { settleAchPayments } from './settle-ach-payments';
import { insertPendingWithdrawal } from './withdrawal-repository';
import { DEFAULT_BACKUP_WITHHOLDING_RULE } from '../backup-withholding/withholding-rule';

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

async function postings(investmentId: string): Promise<{ period: string; amount: string; date: string }[]> {
  return rowsOf(
    await database.db.execute(sql`
      select to_char(posting_period, 'YYYY-MM-DD') as period, amount::text as amount,
             to_char(transaction_date, 'YYYY-MM-DD') as date
      from investment_transactions where investment_id = ${investmentId} and transaction_type = 'interest_payment'
        and posting_period >= '2025-03-01'
      order by posting_period`),
  );
}

/** The note of the header, its monthly runs through 2025-03-20, and a transfer due on 2025-03-31. */
async function noteWithTransferDue(amount: string) {
  const investor = await createFundedInvestor(database.db);
  const { investmentId } = await buyNote(engine, {
    ...investor,
    investmentType: 'standard',
    principal: '40000.00',
    rate: '0.08',
    startDate: '2024-03-14',
  });
  const ran = await runMoneyDays(engine, { from: '2024-03-14', through: '2025-03-20' });
  await insertPendingWithdrawal(database.db, {
    ...investor,
    amount,
    requestedOn: '2025-03-20',
    now: new Date('2025-03-20T16:00:00Z'),
  });
  return { investor, investmentId, ran };
}

/** April 1: the month-end interest run is missed; the transfer is paid and the payments settle. */
async function payWithoutMonthEndRun(date: IsoDate): Promise<void> {
  engine.setDate(date);
  await processWithdrawals(engine, date);
  await settleAchPayments(engine, date);
}

describe('a transfer paid before the month-end run', () => {
  it('leaves March and April as the reference rules give (271.78 and 72.33)', async () => {
    const { investmentId, ran } = await noteWithTransferDue('30000.00');
    await payWithoutMonthEndRun('2025-04-01');
    await runMoneyDay(engine, '2025-05-01');
    expect(await postings(investmentId)).toEqual([
      { period: '2025-03-01', amount: '271.78', date: '2025-04-01' },
      { period: '2025-04-01', amount: '72.33', date: '2025-05-01' },
    ]);
    // The whole ledger equals the model in which every job ran on April 1.
    expect(await compareDatabaseWithModel(database.db, [...ran, '2025-04-01', '2025-05-01'])).toEqual([]);
  });

  it('posts March on its own when the transfer empties the note', async () => {
    const { investmentId, ran } = await noteWithTransferDue('40000.00');
    await payWithoutMonthEndRun('2025-04-01');
    await runMoneyDay(engine, '2025-05-01');
    // April holds April 1 only, the payment day: 40,000 x 8% / 365 = 8.77.
    expect(await postings(investmentId)).toEqual([
      { period: '2025-03-01', amount: '271.78', date: '2025-04-01' },
      { period: '2025-04-01', amount: '8.77', date: '2025-04-01' },
    ]);
    expect(await compareDatabaseWithModel(database.db, [...ran, '2025-04-01', '2025-05-01'])).toEqual([]);
  });
});

describe('a conversion to High-Yield before the month-end run', () => {
  it('posts March on the whole principal before the money moves', async () => {
    const investor = await createFundedInvestor(database.db);
    const { investmentId } = await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '40000.00',
      rate: '0.08',
      startDate: '2024-03-14',
    });
    await runMoneyDays(engine, { from: '2024-03-14', through: '2025-03-20' });
    // No run since March 20; on April 5 the investor converts $30,000.
    engine.setDate('2025-04-05');
    const result = await database.db.transaction((tx) =>
      reinvestIntoHighYield(tx, {
        investorId: investor.investorId,
        amount: '30000.00',
        product: { id: null, rate: '0.094', termYears: 3 },
        executionDate: '2025-04-05',
        now: engine.clock.now(),
        achEffectiveDate: engine.ach.expectedSettlementDate('2025-04-05'),
        backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
      }),
    );
    expect(result.interestPosted.map((row) => row.paidToBank)).toEqual(['271.78']);
    await runMoneyDay(engine, '2025-05-01');
    // April: 10,000 for 30 days plus the 30,000 for April 1-4 = 92.05.
    expect(await postings(investmentId)).toEqual([
      { period: '2025-03-01', amount: '271.78', date: '2025-04-05' },
      { period: '2025-04-01', amount: '92.05', date: '2025-05-01' },
    ]);
  });
});
