/**
 * Two runs of the same day at the same time post once (PostgreSQL only: PGlite is a single
 * connection, so nothing there can run concurrently).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  recordingNotifier,
} from '../../test-support/money-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from '../../test-support/test-database';
import { calculateDailyInterest } from './calculate-daily-interest';
import { formatLedgerReport, runLedgerCheck } from './ledger-check';
import { processMaturities } from './process-maturities';

describe.skipIf(!isPostgresRun())('concurrent runs on PostgreSQL', () => {
  let database: TestDatabase;
  const noteCount = 60;

  beforeAll(async () => {
    database = await createTestDatabase();
    const seeding = createTestEngine(database.db);
    for (let index = 0; index < noteCount / 3; index += 1) {
      const investor = await createFundedInvestor(database.db);
      await buyNote(seeding, {
        ...investor,
        investmentType: 'standard',
        principal: '10000.00',
        rate: '0.08',
        startDate: '2024-03-05',
      });
      await buyNote(seeding, {
        ...investor,
        investmentType: 'high_yield',
        principal: '7500.00',
        rate: '0.09',
        termYears: 1,
        startDate: '2024-03-15',
      });
      await buyNote(seeding, {
        ...investor,
        investmentType: 'high_yield',
        principal: '20000.00',
        rate: '0.1024',
        termYears: 5,
        startDate: '2024-02-20',
      });
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  async function entryCounts() {
    return rowsOf<{ postings: number; distinct_keys: number; credits: number }>(
      await database.db.execute(sql`
        select count(*)::int as postings, count(distinct (investment_id, posting_period))::int as distinct_keys,
               (select count(*)::int from ach_payments where payment_type = 'interest') as credits
        from investment_transactions where transaction_type = 'interest_payment'`),
    )[0]!;
  }

  it('posts each note and month once when two runs of the same day race, each two batches at a time', async () => {
    const engines = [recordingNotifier(), recordingNotifier()].map((notifier) =>
      createTestEngine(database.db, { notifier, investorsPerBatch: 3, batchConnections: 2 }),
    );
    for (const engine of engines) engine.setDate('2025-03-01');
    const results = await Promise.all(engines.map((engine) => calculateDailyInterest(engine, '2025-03-01')));
    const counts = await entryCounts();
    // per investor: 12 months of the Standard and 1-year notes (Mar 2024 - Feb 2025), 13 of the 5-year one
    expect(counts.postings).toBe((noteCount / 3) * 37);
    expect(counts.distinct_keys).toBe(counts.postings);
    expect(counts.credits).toBe((noteCount / 3) * 12);
    const posted = results.map((result) => Number(result.metadata?.entriesPosted));
    expect(posted[0]! + posted[1]!).toBe(counts.postings);
    // Each investor was told once, by whichever run posted its entries (the notice is queued
    // in the batch's transaction, so a batch retried after a deadlock queues it once)
    const told = rowsOf<{ investor_id: string; notices: number }>(
      await database.db.execute(sql`
        select investor_id, count(*)::int as notices from investor_notice_queue
        where kind = 'interest_payment' group by investor_id`),
    );
    expect(told).toHaveLength(noteCount / 3);
    expect(told.every((row) => row.notices === 1)).toBe(true);
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
  });

  it('posts a maturity stub once when maturities and interest run together', async () => {
    const engines = [
      createTestEngine(database.db, { investorsPerBatch: 4 }),
      createTestEngine(database.db, { investorsPerBatch: 5 }),
    ];
    for (const engine of engines) engine.setDate('2025-03-15');
    await Promise.all([
      processMaturities(engines[0]!, '2025-03-15'),
      processMaturities(engines[1]!, '2025-03-15'),
      calculateDailyInterest(engines[1]!, '2025-03-15'),
    ]);
    const counts = await entryCounts();
    // the 1-year notes add their March 1-14 stub
    expect(counts.postings).toBe((noteCount / 3) * 38);
    expect(counts.distinct_keys).toBe(counts.postings);
    const matured = rowsOf<{ count: number }>(
      await database.db.execute(sql`select count(*)::int as count from investments where status = 'matured'`),
    )[0]!;
    expect(matured.count).toBe(noteCount / 3);
    const report = await runLedgerCheck(database.db);
    expect(report.problems, formatLedgerReport(report)).toEqual([]);
  });
});
