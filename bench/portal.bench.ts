/**
 * Issues 6 and 14.3 speed budget: with 10,000 investors and 1,000,000 ledger entries in
 * PostgreSQL, for an investor with 10,000 entries, GET /api/portal/overview and the first page
 * of GET /api/portal/transactions each answer in under 20 ms at the 95th percentile with four
 * clients asking at once from a worker thread, 200 requests each (request latency on loopback
 * HTTP against the real app, session cookie included), and the CSV export of the 10,000 entries streams in
 * under 1 s. Every figure is printed with the load average it was measured under.
 *
 * Issue 29 goal 4 (flat as history grows): the same two reads for investors with 1,000, 10,000
 * and 100,000 entries (BENCH_SIZES; each 100 entries a note, so 10, 100 and 1,000 notes), their
 * p95 side by side and each as a ratio to the smallest's (goal: 100,000 within 1.5x of 1,000).
 * The sizes are measured in interleaved rounds (1k, 10k, 100k, 1k, ...) so a burst of load on the
 * shared machine falls on all of them alike.
 *
 * Uses a throw-away schema on BENCH_DATABASE_URL (default the local test database), dropped
 * at the end (BENCH_KEEP_SCHEMA=1 keeps it for EXPLAIN, BENCH_SCHEMA=<name> measures a kept
 * one again without seeding). BENCH_INVESTORS, BENCH_REQUESTS and BENCH_CLIENTS change the size.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { readAccountOverview } from '../src/server/modules/portal/portal-repository';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import { generateToken, hashToken } from '../src/server/security/tokens';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const investorCount = Number(process.env.BENCH_INVESTORS ?? 10_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 200);
/** Clients asking at once, each waiting for its answer before the next request. */
const clientCount = Number(process.env.BENCH_CLIENTS ?? 4);
const port = Number(process.env.BENCH_PORT ?? 0);
/** BENCH_SCHEMA reuses a schema kept by an earlier run (BENCH_KEEP_SCHEMA=1) instead of seeding anew. */
const reusedSchema = process.env.BENCH_SCHEMA;
const schema = reusedSchema ?? `bench_portal_${randomBytes(4).toString('hex')}`;
/** The investors the growth figures are measured for: history sizes in ledger entries. */
const measuredSizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
/** Each measured investor's notes have 1 purchase + 99 interest postings (the 10,000 one: 100 notes). */
const HEAVY_ENTRIES_PER_NOTE = 100;
/** The investor the issue 14 budgets are read for. */
const BUDGET_SIZE = 10_000;
/** Everyone else: two notes with a purchase and 49 postings each (about 1,000,000 entries in all). */
const OTHER_ENTRIES_PER_NOTE = 50;
const LATENCY_BUDGET_MS = 20;
const EXPORT_BUDGET_MS = 1_000;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

interface MeasuredInvestor {
  size: number;
  userId: string;
  investorId: string;
}

/** investor1@, investor2@, ... are the measured investors, in the order of BENCH_SIZES. */
async function measuredInvestors(client: pg.Client): Promise<MeasuredInvestor[]> {
  const found: MeasuredInvestor[] = [];
  for (const [index, size] of measuredSizes.entries()) {
    const row = (
      await client.query<{ user_id: string; investor_id: string }>(
        `select user_id, id as investor_id from investors where email = $1`,
        [`investor${index + 1}@bench.example`],
      )
    ).rows[0]!;
    found.push({ size, userId: row.user_id, investorId: row.investor_id });
  }
  return found;
}

/**
 * Set-based seed with triggers off (as a restore would), then what triggers maintain rebuilt
 * once: the dashboard summary and the notes' ledger values (decision 1972).
 */
async function seed(client: pg.Client): Promise<{ investors: MeasuredInvestor[]; entries: number }> {
  await client.query('set session_replication_role = replica');
  await timed(`${investorCount.toLocaleString()} users and investors`, async () => {
    await client.query(
      `insert into users (email, email_verified_at, phone_e164, phone_verified_at, password_set_at, created_at)
       select 'investor' || n || '@bench.example', now(), '+1617' || lpad(n::text, 7, '0'), now(), now(),
              now() - (n % 900) * interval '1 day'
         from generate_series(1, $1) n`,
      [Math.max(investorCount, measuredSizes.length + 1)],
    );
    await client.query(
      `insert into investors (user_id, first_name, last_name, email, phone, status, referral_code, created_at)
       select u.id, 'Bench', 'Investor ' || u.n, u.email, u.phone_e164, 'active', 'B' || u.n, u.created_at
         from (select id, email, phone_e164, created_at, row_number() over (order by email) as n from users) u`,
    );
  });
  const measured = await measuredInvestors(client);
  const measuredIds = measured.map((investor) => investor.investorId);
  await timed('notes', async () => {
    for (const investor of measured) {
      // Starts spread over 300 days (as the 10,000 investor's 100 notes were before issue 29).
      await client.query(
        `insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
                                  start_date, maturity_date, accrued_through, status, created_at)
         select $1::uuid, case when k % 4 = 0 then 'standard' else 'high_yield' end, 5000 + (k % 20) * 1000,
                case when k % 4 = 0 then 0.08 else 0.094 end, case when k % 4 = 0 then 1 else 3 end,
                date '2018-01-02' + (k % 100) * 3, date '2026-12-31' + (k % 100), date '2018-01-02' + (k % 100) * 3,
                'active', timestamp '2018-01-02 15:00' + (k % 100) * 3 * interval '1 day' + k * interval '1 second'
           from generate_series(1, $2::int) k`,
        [investor.investorId, Math.max(1, Math.round(investor.size / HEAVY_ENTRIES_PER_NOTE))],
      );
    }
    await client.query(
      `insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
                                start_date, maturity_date, accrued_through, status, created_at)
       select v.id, case when k = 1 then 'standard' else 'high_yield' end, 5000 + (v.n % 50) * 1000,
              case when k = 1 then 0.08 else 0.094 end, case when k = 1 then 1 else 3 end,
              date '2022-01-03' + (v.n % 300)::int, date '2027-01-03' + (v.n % 300)::int, date '2022-01-03' + (v.n % 300)::int,
              'active', timestamp '2022-01-03 15:00' + (v.n % 300)::int * interval '1 day'
         from (select id, row_number() over (order by id) as n from investors where id <> all($1::uuid[])) v
         cross join generate_series(1, 2) k`,
      [measuredIds],
    );
  });
  await timed('ledger entries', async () => {
    await client.query(
      `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                            transaction_date, created_at)
       select id, investor_id, 'purchase', principal_amount, principal_amount, start_date, created_at from investments`,
    );
    for (const [label, perNote, measuredOnly] of [
      ['measured', HEAVY_ENTRIES_PER_NOTE, true],
      ['others', OTHER_ENTRIES_PER_NOTE, false],
    ] as const) {
      await client.query(
        `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                              transaction_date, posting_period, notes, created_at)
         select i.id, i.investor_id, 'interest_payment', round(i.principal_amount * i.interest_rate_annual / 12, 2),
                case when i.investment_type = 'high_yield' then round(i.principal_amount * i.interest_rate_annual / 12, 2) else 0 end,
                (date_trunc('month', i.start_date) + m * interval '1 month')::date,
                (date_trunc('month', i.start_date) + (m - 1) * interval '1 month')::date,
                'Monthly interest (${label})',
                date_trunc('month', i.start_date) + m * interval '1 month' + interval '6 hours'
           from investments i cross join generate_series(1, ${perNote - 1}) m
          where ${measuredOnly ? 'i.investor_id = any($1::uuid[])' : 'i.investor_id <> all($1::uuid[])'}`,
        [measuredIds],
      );
    }
  });
  await client.query('set session_replication_role = origin');
  await timed('read models rebuilt (what the triggers keep)', async () => {
    await client.query('select refresh_platform_summary()');
    await client.query('select refresh_investment_ledger_values()');
  });
  // As autovacuum does for append-only tables: sets the visibility map the index-only sums rely on.
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  // Writes the seed's dirty pages now, so the measurement does not share the machine with the
  // checkpoint of a million fresh rows (a settled database, as in production).
  await timed('checkpoint', () => client.query('checkpoint'));
  const entries = Number(
    (await client.query('select count(*) as count from investment_transactions')).rows[0].count,
  );
  return { investors: measured, entries };
}

async function findMeasuredInvestors(
  client: pg.Client,
): Promise<{ investors: MeasuredInvestor[]; entries: number }> {
  await client.query('vacuum analyze investment_transactions');
  const entries = Number(
    (await client.query('select count(*) as count from investment_transactions')).rows[0].count,
  );
  return { investors: await measuredInvestors(client), entries };
}

/**
 * The clients run in a worker thread, as real clients run elsewhere: on the server's own event
 * loop, 4 fetch loops cost the server about as much CPU as the routes themselves and every
 * figure (the /healthz baseline included) measured the client too.
 */
const clientThreadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, cookie, clients, requests, warmUp } = workerData;
async function timedRequest() {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(url + ' answered ' + response.status + ': ' + Buffer.from(body).toString());
  return performance.now() - started;
}
async function client(count) {
  const samples = [];
  for (let index = 0; index < count; index += 1) samples.push(await timedRequest());
  return samples;
}
(async () => {
  await Promise.all(Array.from({ length: clients }, () => client(warmUp)));
  const perClient = await Promise.all(Array.from({ length: clients }, () => client(requests)));
  parentPort.postMessage(perClient.flat());
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** Latencies of `requestCount` requests from each of `clientCount` clients running at once. */
async function measure(
  baseUrl: string,
  path: string,
  cookie: string,
  requests = requestCount,
): Promise<number[]> {
  const worker = new Worker(clientThreadSource, {
    eval: true,
    workerData: {
      url: `${baseUrl}${path}`,
      cookie,
      clients: clientCount,
      requests,
      warmUp: 20,
    },
  });
  try {
    const answer = await new Promise<number[] | { error: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!Array.isArray(answer)) throw new Error(answer.error);
    return answer.sort((a, b) => a - b);
  } finally {
    await worker.terminate();
  }
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

function report(label: string, samples: number[], budget: number): void {
  const p95 = percentile(samples, 0.95);
  console.log(
    `  ${label.padEnd(42)} p50 ${percentile(samples, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(samples, 0.99).toFixed(1)} ms  (budget p95 < ${budget} ms: ${p95 < budget ? 'met' : 'NOT met'}; load average ${loadAverage()})`,
  );
}

async function measureExport(baseUrl: string, cookie: string): Promise<void> {
  for (let run = 1; run <= 3; run += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/portal/transactions/export.csv?view=list&filter=all`, {
      headers: { cookie },
    });
    const reader = response.body!.getReader();
    let firstByte = 0;
    let bytes = 0;
    let lines = 0;
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByte === 0) firstByte = performance.now() - started;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    const total = performance.now() - started;
    console.log(
      `  CSV export run ${run}: ${(lines - 1).toLocaleString()} rows, ${(bytes / 1024).toFixed(0)} KiB, first byte ${firstByte.toFixed(0)} ms, complete ${total.toFixed(0)} ms (budget < ${EXPORT_BUDGET_MS} ms: ${total < EXPORT_BUDGET_MS ? 'met' : 'NOT met'}; load average ${loadAverage()})`,
    );
  }
}

/** Interleaved rounds of the growth comparison (each: every size's two reads in turn). */
const GROWTH_ROUNDS = 4;

/**
 * The overview's one statement alone, in this process, one at a time (no HTTP, no queueing behind
 * other clients): the database's share of the read, interleaved by size.
 */
async function measureOverviewStatement(
  database: Awaited<ReturnType<typeof openDatabase>>,
  investors: MeasuredInvestor[],
): Promise<void> {
  const samples = new Map<number, number[]>(investors.map((investor) => [investor.size, []]));
  for (let round = 0; round < 40; round += 1) {
    for (const investor of investors) {
      const started = performance.now();
      await readAccountOverview(database.db, investor.investorId, 10);
      samples.get(investor.size)?.push(performance.now() - started);
    }
  }
  const cells = investors.map((investor) => {
    const sorted = [...(samples.get(investor.size) ?? [])].sort((a, b) => a - b);
    return `${investor.size.toLocaleString()}: p50 ${percentile(sorted, 0.5).toFixed(1)} / p95 ${percentile(sorted, 0.95).toFixed(1)} ms`;
  });
  console.log(
    `  ${'overview statement alone (40 runs, one at a time)'.padEnd(42)} ${cells.join('  ')} (load average ${loadAverage()})`,
  );
}

async function measureGrowth(baseUrl: string, cookies: { size: number; cookie: string }[]): Promise<void> {
  const paths = [
    ['GET /api/portal/overview', '/api/portal/overview'],
    ['GET /api/portal/transactions (first page)', '/api/portal/transactions?limit=20'],
  ] as const;
  const samples = new Map<string, number[]>();
  const perRound = Math.max(20, Math.round(requestCount / GROWTH_ROUNDS));
  for (let round = 0; round < GROWTH_ROUNDS; round += 1) {
    for (const { size, cookie } of cookies) {
      for (const [label, path] of paths) {
        const key = `${label}|${size}`;
        samples.set(key, [...(samples.get(key) ?? []), ...(await measure(baseUrl, path, cookie, perRound))]);
      }
    }
  }
  console.log(
    `\nAs history grows (issue 29): ${GROWTH_ROUNDS} interleaved rounds, ${clientCount} clients x ${perRound} requests per round and size; goal: p95 at the largest within 1.5x of the smallest`,
  );
  for (const [label] of paths) {
    const smallest = cookies[0]!.size;
    const p95Of = (size: number) =>
      percentile(
        [...(samples.get(`${label}|${size}`) ?? [])].sort((a, b) => a - b),
        0.95,
      );
    const base = p95Of(smallest);
    const cells = cookies.map(({ size }) => {
      const sorted = [...(samples.get(`${label}|${size}`) ?? [])].sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      return `${size.toLocaleString()}: p50 ${percentile(sorted, 0.5).toFixed(1)} / p95 ${p95.toFixed(1)} ms (${(p95 / base).toFixed(2)}x)`;
    });
    const largest = p95Of(cookies[cookies.length - 1]!.size);
    console.log(
      `  ${label.padEnd(42)} ${cells.join('  ')}  ${largest / base <= 1.5 ? 'flat: met' : 'flat: NOT met'} (load average ${loadAverage()})`,
    );
  }
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  if (!reusedSchema) await admin.query(`create schema ${schema}`);
  const database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 10 });
  try {
    console.log(`Portal bench on schema ${schema}; load average ${loadAverage()}`);
    await migrate(database.db);
    await seedReferenceData(database.db);
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await client.connect();
    const seeded = reusedSchema ? await findMeasuredInvestors(client) : await seed(client);
    const cookies: { size: number; cookie: string }[] = [];
    for (const investor of seeded.investors) {
      const token = generateToken();
      await client.query(
        `insert into sessions (user_id, token_hash, kind, expires_at, last_seen_at)
         values ($1, $2, 'full', now() + interval '12 hours', now())`,
        [investor.userId, hashToken(token)],
      );
      cookies.push({ size: investor.size, cookie: `sl_session=${token}` });
    }
    await client.end();
    console.log(
      `  ${seeded.entries.toLocaleString()} ledger entries in all; the measured investors have ${measuredSizes.map((size) => size.toLocaleString()).join(', ')}`,
    );

    const config = loadConfig({
      NODE_ENV: 'development',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'silent',
      APP_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const { app } = await buildApp({
      config,
      database,
      clock: systemClock(config.BUSINESS_TZ),
      webRoot: null,
      logger: false,
    });
    await app.listen({ port, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const budgetInvestor = cookies.find((entry) => entry.size === BUDGET_SIZE) ?? cookies[0]!;
    const cookie = budgetInvestor.cookie;
    try {
      console.log(
        `Latency with ${clientCount} clients at once, ${requestCount} requests each (after 20 warm-up requests each), the investor with ${budgetInvestor.size.toLocaleString()} entries:`,
      );
      // Baselines: the HTTP stack alone, and the session read every portal request makes.
      report(
        'GET /healthz (baseline, no database)',
        await measure(baseUrl, '/healthz', cookie),
        LATENCY_BUDGET_MS,
      );
      report(
        'GET /api/session (baseline, session read)',
        await measure(baseUrl, '/api/session', cookie),
        LATENCY_BUDGET_MS,
      );
      report(
        'GET /api/portal/overview',
        await measure(baseUrl, '/api/portal/overview', cookie),
        LATENCY_BUDGET_MS,
      );
      report(
        'GET /api/portal/transactions (first page)',
        await measure(baseUrl, '/api/portal/transactions?limit=20', cookie),
        LATENCY_BUDGET_MS,
      );
      report(
        'GET /api/portal/investments (first page)',
        await measure(baseUrl, '/api/portal/investments?limit=10', cookie),
        LATENCY_BUDGET_MS,
      );
      report(
        'GET /api/portal/balance-history',
        await measure(baseUrl, '/api/portal/balance-history', cookie),
        100,
      );
      await measureExport(baseUrl, cookie);
      await measureGrowth(baseUrl, cookies);
      await measureOverviewStatement(database, seeded.investors);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_SCHEMA === '1' || reusedSchema) console.log(`Kept schema ${schema}`);
    else await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

await main();
