/**
 * A rollover is a new sale (PRODUCT.md 43, decision 1931): it counts against its offering's
 * 12-month cap on the maturity date, and a rollover that would take the offering past its cap
 * is not made: the note is paid out instead, the investor is told why, and the refusal is kept.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { investmentProducts } from '../../db/schema';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  recordingNotifier,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { formatLedgerReport, runLedgerCheck } from '../money/ledger-check';

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

/** A one-year High-Yield product in a Tier 2 offering whose cap leaves `room` on top of `soldBefore`. */
async function cappedRolloverProduct(maximum: string): Promise<{ offeringId: string }> {
  const [offering] = await query<{ id: string }>(sql`
    insert into offerings (name, exemption, maximum_per_12_months) values ('Tier 2 notes', 'reg_a_tier_2', ${maximum}::numeric)
    returning id`);
  const since = new Date('2021-01-01T15:00:00Z');
  await database.db.insert(investmentProducts).values({
    displayName: 'High-Yield 1',
    investmentType: 'high_yield',
    interestRateAnnual: '0.0875',
    termYears: 1,
    minimumPurchaseAmount: '1000.00',
    offeringId: offering!.id,
    createdAt: since,
    updatedAt: since,
  });
  return { offeringId: offering!.id };
}

async function maturingNote(): Promise<{ investorId: string; investmentId: string }> {
  const investor = await createFundedInvestor(database.db);
  // An accredited investor: only the offering's cap can refuse the rollover here.
  await database.db.execute(sql`insert into investor_profiles (investor_id, is_accredited, accreditation_basis, certified_at)
    values (${investor.investorId}::uuid, true, 'net_worth', '2023-01-01T00:00:00Z')`);
  const { investmentId } = await buyNote(engine, {
    ...investor,
    investmentType: 'high_yield',
    principal: '5000.00',
    rate: '0.1',
    termYears: 2,
    startDate: '2023-03-15',
    maturityInstruction: { kind: 'roll_over', term_years: 1 },
  });
  return { investorId: investor.investorId, investmentId };
}

const runDates = ['2023-03-20', '2025-03-15', '2025-03-17'];

describe('a rollover against its offering’s cap', () => {
  it('is counted as a sale of the offering on the maturity date when the cap has room', async () => {
    const { offeringId } = await cappedRolloverProduct('1000000.00');
    const { investorId } = await maturingNote();
    for (const date of runDates) await runMoneyDay(engine, date);
    const sales = await query<{ kind: string; amount: string; sold_on: string; investor_id: string }>(sql`
      select kind, amount::text as amount, to_char(sold_on, 'YYYY-MM-DD') as sold_on, investor_id from offering_sales
      where offering_id = ${offeringId}::uuid`);
    expect(sales).toEqual([
      { kind: 'rollover', amount: '6001.37', sold_on: '2025-03-15', investor_id: investorId },
    ]);
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
  });

  it('is paid out instead when it would pass the cap, and the investor is told why', async () => {
    // 6,000.00 of room: the note's 6,001.37 would pass it by 1.37.
    const { offeringId } = await cappedRolloverProduct('6000.00');
    const { investorId, investmentId } = await maturingNote();
    for (const date of runDates) await runMoneyDay(engine, date);
    const notes = await query<{ id: string; status: string; maturity_instruction: string | null }>(
      sql`select id, status, maturity_instruction from investments order by created_at`,
    );
    expect(notes).toEqual([{ id: investmentId, status: 'withdrawn', maturity_instruction: 'pay_out' }]);
    const [payout] = await query<{ amount: string; reason: string }>(
      sql`select amount::text as amount, reason from withdrawals where investor_id = ${investorId}::uuid`,
    );
    expect(payout).toEqual({ amount: '6001.37', reason: 'maturity_payout' });
    expect(
      notifier.other.some(
        (line) => line.includes(':2025-03-15:Note ') && line.endsWith('could not be rolled over'),
      ),
    ).toBe(true);
    const [notice] = await query<{ body: string }>(
      sql`select notice->>'body' as body from investor_notice_queue
          where investor_id = ${investorId}::uuid and notice->>'title' like '%could not be rolled over'`,
    );
    expect(notice!.body).toContain('At most $6,000.00 can still be sold in it.');
    expect(notice!.body).toContain('$6,001.37 is paid out to your bank account instead.');
    const refusals = await query<{
      kind: string;
      reason: string;
      amount: string;
      allowed: string;
      offering_id: string;
    }>(sql`
      select kind, reason, amount::text as amount, allowed::text as allowed, offering_id from offering_limit_refusals`);
    expect(refusals).toEqual([
      {
        kind: 'rollover',
        reason: 'offering_cap',
        amount: '6001.37',
        allowed: '6000.00',
        offering_id: offeringId,
      },
    ]);
    expect(await query(sql`select 1 from offering_sales`)).toEqual([]);
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
  });
});
