/**
 * Issue 27 speed budget: the obligations forecast (/admin/liquidity: every line source, bucketed
 * into 24 months and 13 weeks) over 1,000,000 notes on PostgreSQL, goal under 2 s; and the daily
 * `liquidity-check` job, goal under 60 s; and the `coverage-snapshot` job of the public page
 * (every note split into parts, salted, shuffled, hashed into the Merkle sum tree and stored).
 * Also one holder's proof, as the Documents page asks for it.
 *
 * Uses a throw-away schema in the database `liq_bench` on BENCH_DATABASE_URL's server (default
 * the local one), dropped at the end unless BENCH_KEEP_SCHEMA=1. BENCH_NOTES sets the size.
 * BENCH_SCHEMA=<name> reuses a schema kept by an earlier run (no migration, no seed, kept after),
 * and BENCH_SKIP_SNAPSHOT=1 leaves out the coverage page's snapshot job (minutes at a million).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addMonths, type IsoDate, startOfMonth } from '../src/shared/dates/calendar-date';
import { verifyNoteProof } from '../src/shared/liquidity/merkle-sum-tree';
import type { AppContext } from '../src/server/context';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import {
  collectLines,
  forecastTable,
  forecastWindow,
  monthBuckets,
  weekBuckets,
} from '../src/server/modules/liquidity/forecast';
import {
  publishCoverageSnapshot,
  runLiquidityCheck,
} from '../src/server/modules/liquidity/liquidity-check-job';
import { upsertLiquiditySettings } from '../src/server/modules/liquidity/repository';
import { assumptionsOf, cashSummary } from '../src/server/modules/liquidity/service';
import { coverageProofFor } from '../src/server/modules/liquidity/transparency-service';
import { cumulativeInterestAt } from '../src/server/modules/money/money-sql';
import { morningClock } from '../src/server/modules/money/run-money-days';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const noteCount = Number(process.env.BENCH_NOTES ?? 1_000_000);
const notesPerInvestor = 4;
const investorCount = Math.ceil(noteCount / notesPerInvestor);
const today: IsoDate = '2026-03-10';
const reusedSchema = process.env.BENCH_SCHEMA;
const schema = reusedSchema ?? `bench_liq_${randomBytes(4).toString('hex')}`;
const keepSchema = reusedSchema !== undefined || process.env.BENCH_KEEP_SCHEMA === '1';

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; milliseconds: number }> {
  const started = performance.now();
  const result = await work();
  const milliseconds = performance.now() - started;
  console.log(`  ${label.padEnd(64)} ${(milliseconds / 1000).toFixed(2)} s (load average ${loadAverage()})`);
  return { result, milliseconds };
}

const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = '/liq_bench';
  return url.toString();
})();

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const exists = await admin.query(`select 1 from pg_database where datname = 'liq_bench'`);
if (exists.rowCount === 0) await admin.query('create database liq_bench');
await admin.end();
const owner = new pg.Client({ connectionString: databaseUrl });
await owner.connect();
if (!reusedSchema) await owner.query(`create schema ${schema}`);
const database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 8 });
const db = database.db;

try {
  console.log(
    `liquidity on PostgreSQL: ${noteCount.toLocaleString('en-US')} notes, ${investorCount.toLocaleString('en-US')} investors, today ${today}`,
  );
  if (!reusedSchema) await migrate(db);
  if (!reusedSchema)
    await timed('seed (users, investors, notes posted through February, payments in flight)', async () => {
      await db.execute(sql`
      insert into users (id, email, email_verified_at)
      select gen_random_uuid(), 'bench' || n || '@bench.example', now() from generate_series(1, ${investorCount}) n`);
      await db.execute(sql`
      insert into investors (user_id, first_name, last_name, email, status, referral_code)
      select id, 'Bench', 'Investor', email, 'active', 'B' || row_number() over () from users`);
      await db.execute(sql`
      insert into bank_accounts (investor_id, provider, institution_name, account_type, account_last_four, is_primary,
                                 verification_status, verified_at)
      select id, 'sandbox', 'Bench Bank', 'checking', '1234', true, 'verified', now() from investors`);
      // Standard and High-Yield notes started over the last two years; High-Yield ones mature over
      // the next one to five years with every maturity choice; posted through February by the
      // engine's own formula.
      await db.execute(sql`
      insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years, start_date,
                               maturity_date, status, accrued_through, interest_posted, last_posted_period,
                               maturity_instruction, rollover_term_years)
      select i.investor_id, i.investment_type, i.principal_amount, i.interest_rate_annual, i.term_years, i.start_date,
             i.maturity_date, 'active', '2026-03-01', round(${cumulativeInterestAt(sql`'2026-03-01'::date`)}, 2), '2026-02-01',
             i.instruction, case when i.instruction = 'roll_over' then 1 end
      from (
        select v.id as investor_id, n.kind as investment_type, n.principal as principal_amount, n.rate as interest_rate_annual,
               n.term as term_years, n.start as start_date,
               case when n.kind = 'standard' then (n.start + interval '12 months')::date
                    else (n.start + make_interval(years => n.term::int))::date end as maturity_date,
               -- The choice varies apart from the term (both from position + k would tie them).
               case when n.kind = 'high_yield' then (array['pay_out', 'roll_over', null])[1 + (v.position / 3 + n.k) % 3] end as instruction,
               0::numeric as amount_withdrawn, 0::numeric as withdrawn_principal_days,
               0::numeric as interest_reinvested, 0::numeric as reinvested_principal_days
        from (select id, row_number() over (order by id) as position from investors) v
        cross join lateral (
          select k,
                 case when (v.position + k) % 2 = 0 then 'standard' else 'high_yield' end as kind,
                 (5000 + ((v.position * 7919 + k * 104729) % 95000) + ((v.position + k) % 100) / 100.0)::numeric(14, 2) as principal,
                 case when (v.position + k) % 2 = 0 then 0.08
                      else (array[0.09, 0.094, 0.098, 0.1024])[1 + (v.position + k) % 4] end::numeric(9, 6) as rate,
                 case when (v.position + k) % 2 = 0 then 1 else 3 + (v.position + k) % 3 end as term,
                 ('2024-03-11'::date + ((v.position * 31 + k * 97) % 720)::int) as start
          from generate_series(1, ${notesPerInvestor}) k
        ) n
        limit ${noteCount}
      ) i`);
      // One Standard note in five reinvests its interest (chosen at purchase), and one in ten of
      // those went back to being paid from last October: the forecast reads each month's choice.
      await db.execute(sql`
      insert into interest_reinvestment_changes (investment_id, investor_id, reinvest, effective_period, changed_on, source)
      select id, investor_id, true, date_trunc('month', start_date)::date, start_date, 'purchase'
      from investments where investment_type = 'standard' and abs(hashtext(id::text)) % 5 = 0`);
      await db.execute(sql`
      insert into interest_reinvestment_changes (investment_id, investor_id, reinvest, effective_period, changed_on, source)
      select investment_id, investor_id, false, '2025-10-01', '2025-09-20', 'investor'
      from interest_reinvestment_changes where abs(hashtext(investment_id::text || 'back')) % 10 = 0`);
      await db.execute(sql`
      insert into ach_payments (investor_id, bank_account_id, investment_id, payment_type, direction, amount, status, effective_date)
      select i.investor_id, b.id, i.id, 'funding', 'debit', i.principal_amount, 'pending', '2026-03-11'
      from investments i join bank_accounts b on b.investor_id = i.investor_id
      where i.start_date >= '2026-03-05'`);
      await db.execute(sql`
      insert into withdrawals (investor_id, bank_account_id, amount, status, scheduled_for)
      select b.investor_id, b.id, 1000.00, 'pending', '2026-03-31' from bank_accounts b
      where b.investor_id in (select id from investors order by id limit ${Math.ceil(investorCount / 50)})`);
      await db.execute(
        sql`vacuum analyze investors, investments, interest_reinvestment_changes, ach_payments, withdrawals, bank_accounts`,
      );
    });
  const context = {
    db,
    clock: morningClock(today),
    config: {
      LIQUIDITY_COVERAGE_THRESHOLD: '1.10',
      LIQUIDITY_CASH_FOUR_EYES_ABOVE: '1000000.00',
      BRAND_NAME: 'Steadyline',
      appUrl: 'http://localhost:3000',
    },
    messages: { sendEmail: async () => ({ outboxMessageId: 'bench', status: 'sent' as const }) },
  } as unknown as AppContext;

  const forecast = async () => {
    const cash = await cashSummary(db);
    const lines = await collectLines(
      db,
      forecastWindow(today),
      assumptionsOf({ rollover_rate: '0.5', transparency_enabled: false }),
    );
    return {
      months: forecastTable(lines, monthBuckets(today), cash.totalCents),
      weeks: forecastTable(lines, weekBuckets(today), cash.totalCents),
    };
  };
  const runs: number[] = [];
  for (let run = 1; run <= 3; run += 1)
    runs.push((await timed(`forecast (24 months + 13 weeks), run ${run}`, forecast)).milliseconds);
  const tables = await forecast();
  const check = await timed('daily check, coverage page off', () => runLiquidityCheck(context, today));
  const skipSnapshot = process.env.BENCH_SKIP_SNAPSHOT === '1';
  if (!skipSnapshot)
    await upsertLiquiditySettings(db, { rollover_rate: '0.5', transparency_enabled: true }, new Date());
  const withSnapshot = skipSnapshot
    ? null
    : await timed('coverage page snapshot (figures + Merkle sum tree)', () =>
        publishCoverageSnapshot(context, today),
      );
  const [someone] = rowsOf<{ investor_id: string }>(
    await db.execute(sql`select investor_id from investments limit 1`),
  );
  const proof = skipSnapshot
    ? null
    : await timed('one holder’s proof (Documents page)', () =>
        coverageProofFor(context, someone!.investor_id),
      );
  const verified = proof?.result.notes.every((note) => verifyNoteProof(note, proof.result.digest!));

  const best = Math.min(...runs);
  console.log('');
  console.log(`  Standard interest, 24 months   ${tables.months.lines[0]?.total}`);
  console.log(`  High-Yield maturing, 24 months ${tables.months.lines[1]?.total}`);
  console.log(
    `  first short period             ${tables.months.first_short_period ?? 'none'} (no cash recorded)`,
  );
  console.log(`  check below threshold          ${check.result.isBelow}`);
  if (proof)
    console.log(`  holder's notes proved          ${proof.result.notes.length}, all verify: ${verified}`);
  console.log(
    `  forecast                       best ${(best / 1000).toFixed(2)} s (goal < 2 s: ${best < 2000 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  daily check                    ${(check.milliseconds / 1000).toFixed(1)} s (goal < 60 s: ${check.milliseconds < 60_000 ? 'met' : 'NOT met'})`,
  );
  if (withSnapshot)
    console.log(`  coverage page snapshot job     ${(withSnapshot.milliseconds / 1000).toFixed(1)} s`);
  console.log(
    `  months checked                 ${startOfMonth(today)} .. ${addMonths(startOfMonth(today), 23)}`,
  );
} finally {
  await database.close();
  if (!keepSchema) await owner.query(`drop schema ${schema} cascade`);
  else console.log(`  kept schema ${schema} in liq_bench`);
  await owner.end();
}
