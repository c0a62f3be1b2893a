/**
 * The notes' values the portal reads (investment_ledger_values, decision 1972) stay equal to the
 * ledger they are kept from: after the money engine's own writes, after bulk inserts over several
 * notes, corrections and removals, and for any sequence of such writes (a property). The ledger
 * check names a note whose kept value drifted, and refresh_investment_ledger_values() repairs it.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/client';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
  type TestEngine,
} from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';
import { formatLedgerReport, runLedgerCheck } from '../money/ledger-check';
import { readAccountOverview } from './portal-repository';

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

/** Notes whose kept value differs from the sum of their entries (no row counts as zero). */
async function drift(db: Executor): Promise<{ investment_id: string; ledger: string; kept: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select i.id as investment_id, coalesce(l.value, 0)::text as ledger, coalesce(v.value, 0)::text as kept
      from investments i
      left join (select investment_id, sum(value_effect) as value from investment_transactions group by investment_id) l
        on l.investment_id = i.id
      left join investment_ledger_values v on v.investment_id = i.id
      where coalesce(l.value, 0) <> coalesce(v.value, 0)`),
  );
}

async function keptValue(investmentId: string): Promise<string> {
  const [row] = rowsOf<{ value: string }>(
    await database.db.execute(
      sql`select coalesce((select value from investment_ledger_values where investment_id = ${investmentId}::uuid), 0)::text as value`,
    ),
  );
  return row!.value;
}

async function twoNotes() {
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
    reinvestInterest: true,
  });
  return { investor, highYieldId: highYield.investmentId, standardId: standard.investmentId };
}

describe('the notes values the portal reads', () => {
  it('follow every entry the money engine writes, and the overview shows them', async () => {
    const { investor, highYieldId, standardId } = await twoNotes();
    for (const date of ['2025-01-20', '2025-03-01', '2025-04-01', '2025-06-02']) {
      await runMoneyDay(engine, date);
    }
    expect(await drift(database.db)).toEqual([]);
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
    // Interest was credited to both notes (High-Yield compounds, the Standard note reinvests).
    expect(Number(await keptValue(highYieldId))).toBeGreaterThan(25_000);
    expect(Number(await keptValue(standardId))).toBeGreaterThan(10_000);

    const overview = await readAccountOverview(database.db, investor.investorId, 10);
    const [ledgerTotal] = rowsOf<{ total: string }>(
      await database.db.execute(
        sql`select sum(value_effect)::text as total from investment_transactions where investor_id = ${investor.investorId}::uuid`,
      ),
    );
    expect(overview?.balance.total_balance).toBe(ledgerTotal!.total);
    expect(overview?.notes.map((note) => [note.id, note.value]).sort()).toEqual(
      [
        [highYieldId, await keptValue(highYieldId)],
        [standardId, await keptValue(standardId)],
      ].sort(),
    );
  });

  it('follow a batch over several notes, a corrected entry and a removed one', async () => {
    const { investor, highYieldId, standardId } = await twoNotes();
    await database.db.execute(sql`
      insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                           transaction_date, notes)
      values (${highYieldId}::uuid, ${investor.investorId}::uuid, 'reinvestment', 12.34, 12.34, '2025-03-05', 'a'),
             (${highYieldId}::uuid, ${investor.investorId}::uuid, 'reinvestment', 0.66, -0.66, '2025-03-05', 'b'),
             (${standardId}::uuid, ${investor.investorId}::uuid, 'reinvestment', 5.00, 5.00, '2025-03-05', 'c')`);
    expect(await keptValue(highYieldId)).toBe('25011.68');
    expect(await keptValue(standardId)).toBe('10005.00');

    await database.db.execute(
      sql`update investment_transactions set value_effect = 7.00, amount = 7.00 where notes = 'c'`,
    );
    expect(await keptValue(standardId)).toBe('10007.00');
    // Moved to the other note (a correction of which note an entry belongs to).
    await database.db.execute(
      sql`update investment_transactions set investment_id = ${highYieldId}::uuid where notes = 'c'`,
    );
    expect(await keptValue(standardId)).toBe('10000.00');
    expect(await keptValue(highYieldId)).toBe('25018.68');
    await database.db.execute(sql`delete from investment_transactions where notes in ('a', 'c')`);
    expect(await keptValue(highYieldId)).toBe('24999.34');
    expect(await drift(database.db)).toEqual([]);
  });

  it('are undone with a transaction that rolls back', async () => {
    const { investor, highYieldId } = await twoNotes();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                               transaction_date)
          values (${highYieldId}::uuid, ${investor.investorId}::uuid, 'reinvestment', 100, 100, '2025-03-05')`);
        expect((await drift(tx)).length).toBe(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await keptValue(highYieldId)).toBe('25000.00');
  });

  it('that drifted are named by the ledger check and repaired by a recount', async () => {
    const { highYieldId } = await twoNotes();
    await database.db.execute(
      sql`update investment_ledger_values set value = value + 1 where investment_id = ${highYieldId}::uuid`,
    );
    const report = await runLedgerCheck(database.db);
    expect(
      report.problems.map((problem) => [
        problem.investmentId,
        problem.check,
        problem.expected,
        problem.actual,
      ]),
    ).toEqual([[highYieldId, 'note value kept for the portal', '25000.00', '25001.00']]);
    await database.db.execute(sql`select refresh_investment_ledger_values()`);
    expect((await runLedgerCheck(database.db)).problems).toEqual([]);
    expect(await keptValue(highYieldId)).toBe('25000.00');
  });

  it('equal a recount after any sequence of inserts, batches, corrections and removals', async () => {
    const { investor, highYieldId, standardId } = await twoNotes();
    const notes = [highYieldId, standardId];
    const cents = fc.integer({ min: -50_000, max: 50_000 });
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        entries: fc.array(fc.tuple(fc.nat(1), cents), { minLength: 1, maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant('correct' as const), pick: fc.nat(), effect: cents }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        await database.db.execute(sql`delete from investment_transactions where notes = 'property'`);
        for (const step of operations) {
          if (step.kind === 'insert') {
            // One statement for all the entries: the statement trigger sees them as one batch.
            const values = step.entries.map(
              ([note, effect]) =>
                sql`(${notes[note]}::uuid, ${investor.investorId}::uuid, 'reinvestment', ${Math.abs(effect) / 100}, ${effect / 100}, '2025-03-05', 'property')`,
            );
            await database.db.execute(sql`
              insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                                   transaction_date, notes)
              values ${sql.join(values, sql`, `)}`);
            continue;
          }
          const entries = rowsOf<{ id: string; investment_id: string }>(
            await database.db.execute(
              sql`select id, investment_id from investment_transactions where notes = 'property' order by id`,
            ),
          );
          const target = entries[step.pick % Math.max(1, entries.length)];
          if (!target) continue;
          if (step.kind === 'correct') {
            await database.db.execute(
              sql`update investment_transactions set value_effect = ${step.effect / 100}, amount = ${Math.abs(step.effect) / 100} where id = ${target.id}::uuid`,
            );
          } else if (step.kind === 'move') {
            const other = notes.find((note) => note !== target.investment_id)!;
            await database.db.execute(
              sql`update investment_transactions set investment_id = ${other}::uuid where id = ${target.id}::uuid`,
            );
          } else {
            await database.db.execute(sql`delete from investment_transactions where id = ${target.id}::uuid`);
          }
        }
        expect(await drift(database.db)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
