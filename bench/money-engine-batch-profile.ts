/**
 * Decision 1413: one batch of the month-end `calculate-daily-interest`, statement by statement,
 * on a schema `money-engine.bench.ts` kept (BENCH_KEEP_SCHEMA=1). Each statement of the batch
 * runs first under EXPLAIN (ANALYZE, BUFFERS, WAL) in a savepoint that is rolled back, then for
 * real; the whole batch is rolled back at the end, so the schema stays at the eve of the run.
 * Prints the plans: rows, buffers, pages dirtied, WAL records and full-page images, which do not
 * depend on the machine's load as times do.
 *
 *   npx tsx bench/money-engine-batch-profile.ts <bench_money_xxxxxxxx> [batch index] [investors per batch]
 *
 * PROFILE_MIGRATE=1 applies new migrations first; PROFILE_RESET=1 takes a posted schema back to
 * the eve of the run date (as the bench's reset does) and vacuums. Not run by `npm run bench`.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { interestNoticesOf } from '../src/server/modules/money/interest-notices';
import { accrueThrough, postEndedPeriods } from '../src/server/modules/money/interest-repository';
import { queueingNotifier } from '../src/server/modules/money/money-notices';
import { cumulativeInterestAt, listInvestorRanges } from '../src/server/modules/money/money-sql';
import { DEFAULT_BACKUP_WITHHOLDING_RULE } from '../src/server/modules/backup-withholding/withholding-rule';

const [schema, batchArgument, perBatchArgument] = process.argv.slice(2);
if (!schema || !/^bench_money_[0-9a-f]{8}$/.test(schema)) {
  throw new Error(
    'usage: money-engine-batch-profile.ts <bench_money_xxxxxxxx> [batch index] [investors per batch]',
  );
}
const batchIndex = Number(batchArgument ?? 0);
const investorsPerBatch = Number(perBatchArgument ?? 5000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 2 });

async function timedStep(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
}

if (process.env.PROFILE_MIGRATE === '1') {
  await timedStep('migrate', () => migrate(database.db));
}
if (process.env.PROFILE_RESET === '1') {
  const at = (date: string) => cumulativeInterestAt(sql.raw(`'${date}'::date`));
  await timedStep('reset to the eve of 2026-03-01', async () => {
    await database.db.execute(sql`delete from investor_notice_queue where kind = 'interest_payment'`);
    await database.db.execute(
      sql`delete from ach_payments where payment_type = 'interest' and posting_period = '2026-02-01'::date`,
    );
    await database.db.execute(
      sql`delete from investment_transactions where transaction_type = 'interest_payment' and posting_period = '2026-02-01'::date`,
    );
    await database.db.execute(sql`
      update investments i set last_posted_period = '2026-01-01', accrued_through = '2026-02-28',
        interest_posted = round(${at('2026-02-01')}, 2), interest_accrued = ${at('2026-02-28')} - round(${at('2026-02-01')}, 2)
      where i.last_posted_period <> '2026-01-01' or i.accrued_through <> '2026-02-28'`);
    await database.db.execute(
      sql`vacuum analyze investors, bank_accounts, investments, investment_transactions, ach_payments, investor_notice_queue`,
    );
  });
}

const ranges = await listInvestorRanges(database.db, investorsPerBatch);
const range = ranges[batchIndex];
if (!range) throw new Error(`there are ${ranges.length} batches`);
console.log(`${ranges.length} batches of ${investorsPerBatch} investors; profiling batch ${batchIndex}`);

type Query = (this: pg.Client, config: unknown, values?: unknown) => Promise<pg.QueryResult>;
const prototype = pg.Client.prototype as unknown as { query: Query };
const query = prototype.query;
let profiling = false;
prototype.query = async function (this: pg.Client, config: unknown, values?: unknown) {
  const text = typeof config === 'string' ? config : (config as { text: string }).text;
  if (profiling && !/^\s*(begin|commit|rollback|savepoint|release)/i.test(text)) {
    const parameters = values ?? (config as { values?: unknown }).values;
    await query.call(this, 'savepoint profile');
    const started = performance.now();
    const plan = await query.call(
      this,
      `explain (analyze, buffers, wal, timing off, costs off) ${text}`,
      parameters,
    );
    const milliseconds = performance.now() - started;
    await query.call(this, 'rollback to savepoint profile');
    console.log(`\n--- ${milliseconds.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').trim().slice(0, 120)}`);
    for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
  }
  return query.call(this, config, values);
};

const now = new Date('2026-03-01T06:00:00Z');
const rolledBack = new Error('rolled back');
try {
  await database.db.transaction(async (tx) => {
    profiling = true;
    const posted = await postEndedPeriods(tx, {
      range,
      scope: 'active',
      lastPeriod: '2026-02-01',
      executionDate: '2026-03-01',
      backupWithholding: DEFAULT_BACKUP_WITHHOLDING_RULE,
      now,
      achEffectiveDate: '2026-03-02',
    });
    await accrueThrough(tx, { range, executionDate: '2026-03-01' });
    await queueingNotifier('Steadyline').interestPaid(tx, interestNoticesOf(posted, '2026-03-01'), now);
    profiling = false;
    throw rolledBack;
  });
} catch (error) {
  if (error !== rolledBack) throw error;
} finally {
  await database.close();
}
