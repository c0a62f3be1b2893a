/**
 * Issues 7 and 14.4 speed budget: one day of `calculate-daily-interest` over 1,000,000 active
 * notes on PostgreSQL, on a month's first day (every note accrues and posts the month before:
 * Standard with an ACH credit, High-Yield credited). Goal (issue 14): under 120 s on this
 * machine when it is quiet, and within 1.5x of a floor measured in the same run: hand-written
 * SQL making the same writes (ledger, ACH credits, queued notices, notes) in one UPDATE and one
 * INSERT ... SELECT per written table. Prints
 * both, the ratio, peak memory and the load average each was measured under.
 *
 * Uses a throw-away schema on BENCH_DATABASE_URL (default the local test database), dropped
 * at the end. BENCH_NOTES and BENCH_NOTES_PER_INVESTOR change the size. Seeding a million
 * notes takes long on a busy machine: BENCH_REUSE_SCHEMA=<schema> runs again on a schema a
 * previous run left (it is reset to the eve of the run date and kept); BENCH_KEEP_SCHEMA=1
 * keeps a new one. BENCH_BATCH_CONNECTIONS sets how many batches the engine runs at once (default
 * as in production on PostgreSQL, POSTGRES_BATCH_CONNECTIONS; 1 runs them one after another).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addMonths, type IsoDate, startOfMonth } from '../src/shared/dates/calendar-date';
import { type Database, openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { calculateDailyInterest } from '../src/server/modules/money/calculate-daily-interest';
import { type MoneyNotifier, queueingNotifier } from '../src/server/modules/money/money-notices';
import { cumulativeInterestAt } from '../src/server/modules/money/money-sql';
import { runLedgerCheck } from '../src/server/modules/money/ledger-check';
import { morningClock } from '../src/server/modules/money/run-money-days';
import { POSTGRES_BATCH_CONNECTIONS } from '../src/server/modules/money/engine-context';
import { sandboxAchProvider } from '../src/server/providers/ach';
import { seedNotesAtScale } from './notes-at-scale';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const noteCount = Number(process.env.BENCH_NOTES ?? 1_000_000);
const notesPerInvestor = Number(process.env.BENCH_NOTES_PER_INVESTOR ?? 4);
const investorCount = Math.ceil(noteCount / notesPerInvestor);
/** The timed execution date: a month's first day, so February is posted for every note. */
const runDate: IsoDate = '2026-03-01';
const period = addMonths(startOfMonth(runDate), -1);
const reusedSchema = process.env.BENCH_REUSE_SCHEMA;
if (reusedSchema !== undefined && !/^bench_money_[0-9a-f]{8}$/.test(reusedSchema)) {
  throw new Error('BENCH_REUSE_SCHEMA must name a schema this bench created (bench_money_xxxxxxxx)');
}
const schema = reusedSchema ?? `bench_money_${randomBytes(4).toString('hex')}`;
const batchConnections = Number(process.env.BENCH_BATCH_CONNECTIONS ?? POSTGRES_BATCH_CONNECTIONS);

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; milliseconds: number }> {
  const started = performance.now();
  const result = await work();
  const milliseconds = performance.now() - started;
  console.log(`  ${label.padEnd(58)} ${seconds(milliseconds)} (load average ${loadAverage()})`);
  return { result, milliseconds };
}

/** Peak resident memory of this process while `work` runs, sampled every 50 ms. */
async function withPeakMemory<T>(
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number; baselineMb: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: peak / 1024 / 1024, baselineMb: baseline / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

/** Takes a schema a previous run left back to the eve of the run date. */
async function resetToEve(db: Database): Promise<void> {
  await db.execute(sql`delete from investor_notice_queue where kind = 'interest_payment'`);
  await db.execute(
    sql`delete from ach_payments where payment_type = 'interest' and posting_period = ${period}::date`,
  );
  await db.execute(
    sql`delete from investment_transactions where transaction_type = 'interest_payment' and posting_period = ${period}::date`,
  );
  await db.execute(sql`
    update investments i set last_posted_period = '2026-01-01', accrued_through = '2026-02-28',
      interest_posted = round(${cumulativeInterestAt(sql`'2026-02-01'::date`)}, 2),
      interest_accrued = ${cumulativeInterestAt(sql`'2026-02-28'::date`)} - round(${cumulativeInterestAt(sql`'2026-02-01'::date`)}, 2)
    where i.last_posted_period <> '2026-01-01' or i.accrued_through <> '2026-02-28'`);
  await db.execute(
    sql`vacuum analyze users, investors, bank_accounts, investments, investment_transactions, ach_payments`,
  );
}

/** The same writes as the engine's run, as plainly as SQL can make them, in one transaction (rolled back). */
async function floor(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  const next = addMonths(period, 1);
  const covered = `(case when i.investment_type = 'high_yield' then least('${next}'::date, i.maturity_date) else '${next}'::date end)`;
  const cumulative = (date: string) =>
    `(div(i.interest_rate_annual * ((i.principal_amount - i.amount_withdrawn) * (${date} - i.start_date) + i.withdrawn_principal_days) * 10000000000, 365) * 0.0000000001)`;
  try {
    await client.query('begin');
    const started = performance.now();
    await client.query(`
      insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                           transaction_date, posting_period, ach_payment_id, notes, created_at)
      select i.id, i.investor_id, 'interest_payment', round(${cumulative(covered)}, 2) - i.interest_posted,
             case when i.investment_type = 'high_yield' then round(${cumulative(covered)}, 2) - i.interest_posted else 0 end,
             '${runDate}', '${period}', case when i.investment_type = 'standard' then time_ordered_uuid() end,
             case when i.investment_type = 'high_yield' then 'Interest credited to note' else 'Interest paid to your bank account' end,
             now()
      from investments i where i.status = 'active' and i.last_posted_period < '${period}'`);
    await client.query(`
      insert into ach_payments (id, investor_id, bank_account_id, investment_id, payment_type, direction, amount, status,
                                effective_date, posting_period, created_at, updated_at)
      select t.ach_payment_id, t.investor_id, b.id, t.investment_id, 'interest', 'credit', t.amount, 'pending',
             '2026-03-02', t.posting_period, now(), now()
      from investment_transactions t join bank_accounts b on b.investor_id = t.investor_id and b.is_primary
      where t.transaction_type = 'interest_payment' and t.posting_period = '${period}' and t.ach_payment_id is not null`);
    // One queued notice per investor, as the engine's notifier writes (decision 1400): the
    // same row count and about the same size (kind, title, body, e-mail facts, SMS).
    await client.query(`
      insert into investor_notice_queue (investor_id, kind, notice, occurred_at, next_attempt_at, created_at)
      select p.investor_id, 'interest_payment',
             jsonb_build_object(
               'kind', 'interest_payment', 'title', 'Interest paid: $' || p.total,
               'body', 'Your interest of $' || p.total || ' was posted on March 1, 2026: $' || p.paid || ' is on its way to your bank account and $' || p.credited || ' was credited to your High-Yield notes.',
               'email', jsonb_build_object(
                 'subject', 'Your interest payment of $' || p.total,
                 'preheader', '$' || p.total || ' of interest was posted on March 1, 2026.',
                 'heading', 'You earned $' || p.total || ' in interest',
                 'paragraphs', jsonb_build_array(
                   'Good news: your interest was posted on March 1, 2026. $' || p.paid || ' is on its way to your bank account and $' || p.credited || ' was credited to your High-Yield notes.',
                   'You can see every payment under Transactions in your Steadyline account.'),
                 'facts', jsonb_build_array(
                   jsonb_build_object('label', 'Posted on', 'value', 'March 1, 2026'),
                   jsonb_build_object('label', 'Paid to your bank', 'value', '$' || p.paid),
                   jsonb_build_object('label', 'Credited to High-Yield notes', 'value', '$' || p.credited),
                   jsonb_build_object('label', 'Total interest', 'value', '$' || p.total)),
                 'action', jsonb_build_object('label', 'View transactions', 'path', '/transaction-summary')),
               'sms', 'Steadyline: interest of $' || p.total || ' was posted to your account.'),
             now(), now(), now()
      from (
        select t.investor_id, sum(t.amount) as total,
               coalesce(sum(t.amount) filter (where t.ach_payment_id is not null), 0) as paid,
               coalesce(sum(t.amount) filter (where t.ach_payment_id is null), 0) as credited
        from investment_transactions t
        where t.transaction_type = 'interest_payment' and t.posting_period = '${period}'
        group by t.investor_id
      ) p`);
    await client.query(`
      update investments i set
        interest_posted = round(${cumulative(covered)}, 2),
        last_posted_period = '${period}',
        accrued_through = '${runDate}',
        interest_accrued = ${cumulative(`'${runDate}'::date`)} - round(${cumulative(covered)}, 2)
      where i.status = 'active'`);
    const milliseconds = performance.now() - started;
    await client.query('rollback');
    return milliseconds;
  } finally {
    client.release();
  }
}

/** The production notifier (notices queued in the batch's transaction), counting investors. */
const countingNotifier = (): MoneyNotifier & { investors: number } => {
  const queueing = queueingNotifier('Steadyline');
  const notifier = {
    investors: 0,
    async interestPaid(...args: Parameters<MoneyNotifier['interestPaid']>) {
      notifier.investors += args[1].length;
      await queueing.interestPaid(...args);
    },
    withdrawalPaid: queueing.withdrawalPaid,
    maturityNotices: queueing.maturityNotices,
    brandName: queueing.brandName,
    paymentSetbacks: queueing.paymentSetbacks,
  };
  return notifier;
};

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
if (!reusedSchema) await admin.query(`create schema ${schema}`);
const database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 4 });
const floorPool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
try {
  console.log(
    `money engine on PostgreSQL: ${noteCount.toLocaleString('en-US')} active notes, ${investorCount.toLocaleString('en-US')} investors, run date ${runDate}`,
  );
  await migrate(database.db);
  if (reusedSchema) {
    await timed(`reset ${schema} to the eve of the run date`, () => resetToEve(database.db));
  } else {
    await timed('seed (users, investors, banks, notes, funding, purchases)', () =>
      seedNotesAtScale(database.db, { noteCount, notesPerInvestor }),
    );
    // The floor runs twice and rolls back; the second run, on the same vacuumed pages the
    // engine will see, is the one compared.
    await timed('floor warm-up (rolled back)', () => floor(floorPool));
    await database.db.execute(
      sql`vacuum analyze investments, investment_transactions, ach_payments, investor_notice_queue`,
    );
  }
  const floorRun = await timed('floor: 1 UPDATE + 3 INSERT ... SELECT (rolled back)', () => floor(floorPool));
  await database.db.execute(
    sql`vacuum analyze investments, investment_transactions, ach_payments, investor_notice_queue`,
  );

  const notifier = countingNotifier();
  const engine = {
    db: database.db,
    clock: morningClock(runDate),
    ach: sandboxAchProvider({ settlementBusinessDays: 1 }),
    notifier,
    batchConnections,
  };
  const measured = await withPeakMemory(() =>
    timed(`engine: calculate-daily-interest (5,000 investors a batch, ${batchConnections} at once)`, () =>
      calculateDailyInterest(engine, runDate),
    ),
  );
  const { result, milliseconds } = measured.result;
  const [counts] = rowsOf<{ postings: number; credits: number }>(
    await database.db.execute(sql`
      select (select count(*)::int from investment_transactions where posting_period = ${period}::date) as postings,
             (select count(*)::int from ach_payments where payment_type = 'interest' and posting_period = ${period}::date)
               as credits`),
  );
  const rerun = await timed('engine: the same day again (nothing to do)', () =>
    calculateDailyInterest(engine, runDate),
  );
  const ledger = await timed('ledger check over everything', () => runLedgerCheck(database.db));

  console.log('');
  console.log(
    `  records processed           ${result.recordsProcessed.toLocaleString('en-US')} (${JSON.stringify(result.metadata)})`,
  );
  console.log(
    `  interest entries / credits  ${counts!.postings.toLocaleString('en-US')} / ${counts!.credits.toLocaleString('en-US')}; notices queued ${notifier.investors.toLocaleString('en-US')} (in the batches' transactions; delivery not timed here)`,
  );
  console.log(`  re-run posted               ${String(rerun.result.metadata?.entriesPosted)} entries`);
  console.log(`  ledger check                ${ledger.result.problems.length} disagreements`);
  console.log(
    `  engine                      ${seconds(milliseconds)} (goal < 120 s on a quiet machine: ${milliseconds < 120_000 ? 'met' : 'NOT met'})`,
  );
  console.log(`  floor                       ${seconds(floorRun.milliseconds)}`);
  console.log(
    `  ratio engine / floor        ${(milliseconds / floorRun.milliseconds).toFixed(2)}x (goal <= 1.5x: ${milliseconds / floorRun.milliseconds <= 1.5 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  peak memory (RSS)           ${measured.peakMb.toFixed(0)} MB (before the run ${measured.baselineMb.toFixed(0)} MB)`,
  );
} finally {
  await floorPool.end();
  await database.close();
  if (reusedSchema || process.env.BENCH_KEEP_SCHEMA === '1') console.log(`Kept schema ${schema}`);
  else await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
}
