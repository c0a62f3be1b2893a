/**
 * Issue 25 "Speed": the year-end tax run and the IRIS files (A2A XML transmissions and Taxpayer
 * Portal CSV files) for 1,000,000 investors on PostgreSQL, under 5 minutes with flat memory
 * (decision 1900: files are streamed to disk page by page, never held whole).
 *
 * Uses its own database `iris_bench` on the local server (BENCH_DATABASE_URL names another
 * server, BENCH_DATABASE another database name; the database is dropped and made again).
 * BENCH_INVESTORS changes the size (default 1,000,000); BENCH_OUT keeps the files in a folder
 * instead of a temporary one that is removed.
 *
 * BENCH_REUSE=1 keeps a database that already holds this size's seed (as many investors as
 * BENCH_INVESTORS, each with a tax record): it is migrated, the seed phase is skipped, and what
 * the measured phases write (tax runs, forms, notices, IRIS files and records, the bench's staff
 * account and the audit rows) is emptied first, so every run starts from the same state. A
 * database without the seed is made again as without BENCH_REUSE. For iterating, e.g.
 * `BENCH_INVESTORS=100000 BENCH_DATABASE=iris_bench_100k BENCH_REUSE=1`. BENCH_SEED_ONLY=1 stops
 * after the seed (to make the database ahead of a later BENCH_REUSE run).
 *
 * Prints each phase's time, the process's peak RSS during it, and the totals checked against the
 * forms.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { movableClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { encryptField } from '../src/server/security/field-encryption';
import { createAdminAccount } from '../src/server/modules/admin-auth/service';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import {
  createIrisFiling,
  irisFileChunks,
  irisFileName,
  irisSettings,
} from '../src/server/modules/tax-runs/iris-service';
import { selectTransmission } from '../src/server/modules/tax-runs/iris-repository';
import { runTaxYear } from '../src/server/modules/tax-runs/service';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'iris_bench';
const reuse = process.env.BENCH_REUSE === '1';
const investorCount = Number(process.env.BENCH_INVESTORS ?? 1_000_000);
const TAX_YEAR = 2026;
const BUDGET_SECONDS = 300;

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Peak RSS while a phase runs, sampled every 200 ms (the process's high-water mark is kept too). */
async function phase<T>(
  label: string,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 200);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const peakMb = peak / 1024 / 1024;
    console.log(
      `  ${label.padEnd(58)} ${seconds.toFixed(1).padStart(7)} s   peak RSS ${peakMb.toFixed(0).padStart(5)} MB`,
    );
    return { result, seconds, peakMb };
  } finally {
    clearInterval(timer);
  }
}

/** Whether the database exists and holds this size's seed (BENCH_REUSE). */
async function holdsSeed(): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const result = await client.query<{ investors: string; records: string }>(
      `select (select count(*) from investors) as investors, (select count(*) from tax_records) as records`,
    );
    const row = result.rows[0];
    return Number(row?.investors) === investorCount && Number(row?.records) === investorCount;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** Empties what the measured phases write (BENCH_REUSE), so a kept seed starts each run alike. */
async function resetPhases(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `truncate iris_records, iris_transmissions, investor_notice_queue, tax_forms, tax_runs, admin_audit_log cascade`,
    );
    await client.query(`delete from admin_users where email = 'bench.tax@staff.example'`);
    await client.query('set session_replication_role = origin');
  } finally {
    await client.end();
  }
}

async function recreateDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/**
 * Set-based seed: users, investors, a tax record each (1,000 distinct encrypted SSNs, so the
 * file build still decrypts every record), one note each and two interest payments in the tax
 * year. A tenth of the investors are below the $10 threshold.
 */
async function seed(fieldKey: Buffer): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    const ssns = Array.from(
      { length: 1000 },
      (_, index) => `9${String(10_000_000 + index * 7919).slice(-8)}`,
    );
    await client.query(
      `create temporary table bench_ssn as
       select n - 1 as k, s as ssn, l as last4 from unnest($1::text[], $2::text[]) with ordinality as t(s, l, n)`,
      [ssns.map((ssn) => encryptField(fieldKey, ssn)), ssns.map((ssn) => ssn.slice(-4))],
    );
    await client.query(
      `insert into users (id, email, email_verified_at, created_at)
       select gen_random_uuid(), 'iris' || n || '@bench.example', now(), timestamp '2025-06-01'
       from generate_series(1, $1::int) n`,
      [investorCount],
    );
    await client.query(
      `insert into investors (user_id, first_name, last_name, email, status, referral_code, created_at)
       select id, 'Investor', 'Number ' || n, 'iris' || n || '@bench.example', 'active', 'I' || n, timestamp '2025-06-01'
       from (select id, row_number() over (order by email) as n from users) u`,
    );
    await client.query(
      `insert into tax_records (investor_id, legal_first_name, legal_last_name, date_of_birth, address1, address2, city,
         state, postal_code, ssn_encrypted, ssn_last_four, kyc_status, kyc_provider)
       select v.id, 'Investor', 'Number ' || v.n, date '1980-01-01', (v.n % 900 + 1) || ' Harbor Street',
              case when v.n % 5 = 0 then 'Apt ' || (v.n % 40 + 1) else null end, 'Springfield', 'IL', '62701',
              s.ssn, s.last4, 'approved', 'sandbox'
       from (select id, row_number() over (order by id) as n from investors) v
       join bench_ssn s on s.k = v.n % 1000`,
    );
    await client.query(
      `insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
         start_date, maturity_date, accrued_through, status, created_at)
       select id, 'standard', 5000, 0.08, 3, date '2025-12-01', date '2028-12-01', date '2026-12-31', 'active',
              timestamp '2025-12-01 15:00'
       from investors`,
    );
    // Two interest payments in the year; every tenth investor gets less than $10 in all.
    for (const month of [6, 12]) {
      await client.query(
        `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
           transaction_date, posting_period, created_at)
         select i.id, i.investor_id, 'interest_payment',
                case when v.n % 10 = 0 then 3.25 else 20 + (v.n % 9000) / 100.0 end, 0,
                make_date(${TAX_YEAR}, ${month}, 28), make_date(${TAX_YEAR}, ${month}, 1),
                make_date(${TAX_YEAR}, ${month}, 28) + interval '11 hours'
         from investments i join (select id, row_number() over (order by id) as n from investors) v on v.id = i.investor_id`,
      );
    }
    await client.query('set session_replication_role = origin');
    await client.query('vacuum analyze users, investors, tax_records, investments, investment_transactions');
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(
    `IRIS filing: the ${TAX_YEAR} tax run and its IRIS files for ${investorCount.toLocaleString()} investors`,
  );
  const reused = reuse && (await holdsSeed());
  console.log(
    `  PostgreSQL database ${DATABASE} (${reused ? 'seed kept, phases reset' : 'dropped and made again'})`,
  );
  if (!reused) await recreateDatabase();
  const database = await openDatabase({ databaseUrl: databaseUrl(DATABASE), poolSize: 4 });
  const out = process.env.BENCH_OUT ?? mkdtempSync(join(tmpdir(), 'iris-bench-'));
  try {
    await migrate(database.db);
    await seedReferenceData(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://127.0.0.1',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'silent',
      PAYER_TIN: '12-3456789',
      IRIS_TCC: 'DABCD',
      IRIS_CONTACT_NAME: 'Tax Desk',
      IRIS_CONTACT_PHONE: '6175550100',
      IRIS_CONTACT_EMAIL: 'tax@steadyline.example',
    });
    if (reused) await resetPhases();
    else await phase('seed (investors, tax records, notes, interest)', () => seed(config.fieldEncryptionKey));
    if (process.env.BENCH_SEED_ONLY === '1') return;
    const clock = movableClock('2027-02-10T15:00:00Z', config.BUSINESS_TZ);
    const { context, app } = await buildApp({ config, database, clock, webRoot: null, logger: false });
    const staff = await createAdminAccount(database.db, {
      email: 'bench.tax@staff.example',
      password: 'Bench#Tax-Run-2027',
      role: 'operations',
      firstName: 'Bench',
      lastName: 'Tax',
    });
    const admin = { adminUserId: staff.id, email: staff.email, ipAddress: null, role: 'operations' as const };
    const settings = irisSettings(config).settings!;

    const total = { seconds: 0, peakMb: 0 };
    const add = <T extends { seconds: number; peakMb: number }>(measured: T): T => {
      total.seconds += measured.seconds;
      total.peakMb = Math.max(total.peakMb, measured.peakMb);
      return measured;
    };

    const run = add(
      await phase(`tax run ${TAX_YEAR} (forms + notices)`, () =>
        runTaxYear(context, admin as Parameters<typeof runTaxYear>[1], TAX_YEAR),
      ),
    );
    console.log(
      `    ${run.result.forms_issued.toLocaleString()} forms, total interest ${run.result.total_interest}`,
    );

    const writeBatch = async (batchId: string) => {
      const ids = rowsOf<{ id: string }>(
        await database.db.execute(
          sql`select id from iris_transmissions where batch_id = ${batchId}::uuid order by file_number`,
        ),
      );
      let bytes = 0;
      for (const { id } of ids) {
        const transmission = (await selectTransmission(database.db, id))!;
        const path = join(out, irisFileName(transmission));
        const stream = createWriteStream(path);
        for await (const chunk of irisFileChunks(context, transmission, settings)) {
          if (!stream.write(chunk)) await once(stream, 'drain');
        }
        stream.end();
        await once(stream, 'finish');
        bytes += statSync(path).size;
      }
      return { files: ids.length, bytes };
    };

    // The CSV batch is an ATS test batch (it never counts as filed), so the XML batch files the same forms.
    for (const format of ['csv', 'xml'] as const) {
      const built = add(
        await phase(`IRIS ${format.toUpperCase()} batch (files and records kept)`, () =>
          createIrisFiling(context, admin, {
            tax_year: TAX_YEAR,
            kind: 'original',
            format,
            test: format === 'csv',
          }),
        ),
      );
      const written = add(
        await phase(`IRIS ${format.toUpperCase()} files written to disk (streamed)`, () =>
          writeBatch(built.result.batch_id),
        ),
      );
      console.log(
        `    ${written.result.files.toLocaleString()} files, ${built.result.record_count.toLocaleString()} records, ${(written.result.bytes / 1024 / 1024).toFixed(0)} MB`,
      );
    }

    // The files' totals are the forms' totals.
    const [check] = rowsOf<{ forms: string; files: string; records: number }>(
      await database.db.execute(sql`
        select (select sum(interest_amount)::text from tax_forms where tax_year = ${TAX_YEAR} and is_current) as forms,
               (select sum(total_interest)::text from iris_transmissions where format = 'xml') as files,
               (select count(*)::int from iris_records r join iris_transmissions t on t.id = r.transmission_id
                 where t.format = 'xml') as records`),
    );
    console.log(
      `  box 1: forms ${check?.forms}, XML files ${check?.files} (${check?.forms === check?.files ? 'equal' : 'DIFFERENT'}), ${check?.records.toLocaleString()} XML records`,
    );
    console.log(`  files in ${out}: ${(await readdir(out)).length.toLocaleString()}`);
    console.log(
      `  total (tax run + files): ${total.seconds.toFixed(1)} s, ${total.seconds < BUDGET_SECONDS ? 'within' : 'OVER'} the ${BUDGET_SECONDS} s budget; peak RSS ${total.peakMb.toFixed(0)} MB (process high-water mark ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`,
    );
    await app.close();
  } finally {
    await database.close();
    if (!process.env.BENCH_OUT) rmSync(out, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
