/**
 * Issue 4 speed budget: with 1,000,000 investors and 5,000,000 ledger entries in PostgreSQL,
 * GET /api/admin/dashboard (the four cards + 10 recent transactions) and GET /api/admin/search
 * with a partial name each answer in under 100 ms at the 95th percentile, measured as request
 * latency over loopback HTTP against the real app (session cookie and CSRF header included).
 *
 * Uses a throw-away schema on BENCH_DATABASE_URL (default the local test database), dropped at
 * the end. BENCH_INVESTORS, BENCH_ENTRIES and BENCH_REQUESTS change the size.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import { createAdminAccount } from '../src/server/modules/admin-auth/service';
import { ADMIN_SESSION_COOKIE } from '../src/server/modules/admin-auth/session-cookie';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const investorCount = Number(process.env.BENCH_INVESTORS ?? 1_000_000);
const entryCount = Number(process.env.BENCH_ENTRIES ?? 5_000_000);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 400);
const schema = `bench_admin_${randomBytes(4).toString('hex')}`;
const BUDGET_MS = 100;

// biome-ignore format: a word list
const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Edward',
  'Rebecca',
  'Jason',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Kathleen',
  'Gary',
  'Amy',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Anna',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Emma',
  'Scott',
  'Nicole',
  'Brandon',
  'Helen',
  'Benjamin',
  'Samantha',
  'Samuel',
  'Katherine',
  'Gregory',
  'Christine',
  'Alexander',
  'Debra',
  'Frank',
  'Rachel',
  'Patrick',
  'Carolyn',
  'Raymond',
  'Janet',
  'Jack',
  'Catherine',
  'Dennis',
  'Maria',
  'Jerry',
  'Heather',
];
// biome-ignore format: a word list
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'Mcdonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
];
/** What an operator types: partial first, last and full names, 3 to 10 characters. */
const partialNames = [
  'smi',
  'john',
  'garc',
  'nguy',
  'ander',
  'mar',
  'lee',
  'will',
  'rodr',
  'patel',
  'chen',
  'kenn',
  'jennifer w',
  'maria g',
  'thom',
  'ell',
  'son',
  'rey',
  'hernan',
  'kim',
];

function milliseconds(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(60)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Set-based seed with triggers off (session_replication_role = replica, like a restore), then
 * the maintained summary recomputed once, as decision 301 prescribes for bulk loads.
 */
async function seed(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema},public` });
  await client.connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(
      `create temporary table first_names as select * from unnest($1::text[]) with ordinality as f(name, n)`,
      [firstNames],
    );
    await client.query(
      `create temporary table last_names as select * from unnest($1::text[]) with ordinality as l(name, n)`,
      [lastNames],
    );
    await timed(`${investorCount.toLocaleString()} users and investors`, async () => {
      await client.query(
        `insert into users (id, email, email_verified_at, phone_e164, created_at)
         select gen_random_uuid(), 'investor' || n || '@bench.example', now(),
                '+1' || (2000000000 + (n::bigint * 7919) % 7999999999)::text, now() - (n % 730) * interval '1 day'
           from generate_series(1, $1) n`,
        [investorCount],
      );
      await client.query(
        `insert into investors (user_id, first_name, last_name, email, phone, status, referral_code, created_at)
         select u.id, f.name, l.name,
                lower(f.name) || '.' || lower(l.name) || '.' || u.n || '@bench.example',
                u.phone_e164,
                case when u.n % 10 = 0 then 'pending' else 'active' end,
                'R' || u.n, u.created_at
           from (select id, phone_e164, created_at, row_number() over () as n from users) u
           join first_names f on f.n = 1 + (u.n * 31) % ${firstNames.length}
           join last_names l on l.n = 1 + (u.n * 17 + u.n / 7) % ${lastNames.length}`,
      );
    });
    await timed(`${investorCount.toLocaleString()} notes`, () =>
      client.query(
        `insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
                                  start_date, maturity_date, accrued_through, status, created_at)
         select id,
                case when n % 3 = 0 then 'standard' else 'high_yield' end,
                5000 + (n % 50) * 1000, case when n % 3 = 0 then 0.08 else 0.094 end,
                case when n % 3 = 0 then 1 else 3 end,
                date '2025-01-01' + (n % 365)::int, date '2028-01-01' + (n % 365)::int, date '2025-01-01' + (n % 365)::int,
                case when n % 20 = 0 then 'matured' else 'active' end,
                timestamp '2025-01-01 15:00' + (n % 365) * interval '1 day'
           from (select id, row_number() over () as n from investors) i`,
      ),
    );
    const perNote = Math.max(1, Math.round(entryCount / investorCount));
    await timed(`${(perNote * investorCount).toLocaleString()} ledger entries`, async () => {
      await client.query(
        `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                              transaction_date, created_at)
         select id, investor_id, 'purchase', principal_amount, principal_amount, start_date,
                start_date + interval '15 hours'
           from investments`,
      );
      for (let month = 1; month < perNote; month += 1) {
        await client.query(
          `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                                transaction_date, posting_period, created_at)
           select id, investor_id, 'interest_payment', round(principal_amount * interest_rate_annual / 12, 2),
                  case when investment_type = 'high_yield' then round(principal_amount * interest_rate_annual / 12, 2) else 0 end,
                  (date_trunc('month', start_date) + ${month} * interval '1 month')::date,
                  (date_trunc('month', start_date) + ${month - 1} * interval '1 month')::date,
                  date_trunc('month', start_date) + ${month} * interval '1 month' + interval '11 hours'
             from investments`,
        );
      }
    });
    await timed('completed interest ACH credits for Standard notes', () =>
      client.query(
        `insert into ach_payments (investor_id, investment_id, payment_type, direction, amount, status, effective_date,
                                   posting_period, settled_at)
         select investor_id, investment_id, 'interest', 'credit', amount, 'settled', transaction_date, posting_period,
                created_at
           from investment_transactions
          where transaction_type = 'interest_payment' and value_effect = 0`,
      ),
    );
    await client.query('set session_replication_role = origin');
    await timed('refresh_platform_summary() (full recount)', () =>
      client.query('select refresh_platform_summary()'),
    );
    await timed('vacuum analyze', () =>
      client.query(
        'vacuum analyze users, investors, investments, investment_transactions, ach_payments, platform_summary',
      ),
    );
  } finally {
    await client.end();
  }
}

async function measure(
  label: string,
  baseUrl: string,
  headers: Record<string, string>,
  paths: () => string,
  concurrency: number,
): Promise<{ p50: number; p95: number; p99: number }> {
  for (let warm = 0; warm < 20; warm += 1)
    await fetch(`${baseUrl}${paths()}`, { headers }).then((response) => response.arrayBuffer());
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < requestCount) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${paths()}`, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.sort((left, right) => left - right);
  const result = {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
  console.log(
    `  ${label.padEnd(44)} p50 ${milliseconds(result.p50).padStart(9)}  p95 ${milliseconds(result.p95).padStart(9)}  p99 ${milliseconds(result.p99).padStart(9)}  (${latencies.length} requests, ${concurrency} at a time, ${failures} not 200)  ${result.p95 < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget`,
  );
  return result;
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  try {
    console.log(`Admin dashboard and search on PostgreSQL (schema ${schema})`);
    database = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 8 });
    const db: Database = database.db;
    await migrate(db);
    await seedReferenceData(db);
    await seed();
    const [counts] = rowsOf<{ investors: number; entries: number }>(
      await db.execute(
        sql`select (select count(*) from investors)::int as investors, (select count(*) from investment_transactions)::int as entries`,
      ),
    );
    console.log(
      `  data: ${counts?.investors.toLocaleString()} investors, ${counts?.entries.toLocaleString()} ledger entries`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://127.0.0.1',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    const { app } = await buildApp({ config, database, webRoot: null, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const password = 'Bench#Admin-2026';
      await createAdminAccount(db, {
        email: 'bench@staff.example',
        password,
        role: 'support',
        firstName: 'Bench',
        lastName: 'Admin',
      });
      const login = await fetch(`${baseUrl}/functions/v1/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench@staff.example', password }),
      });
      const { token } = (await login.json()) as { token: string };
      const sessionCookie = login.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith(`${ADMIN_SESSION_COOKIE}=`))
        ?.split(';')[0];
      if (!sessionCookie) throw new Error('admin-login set no cookie');
      const headers = { cookie: sessionCookie, 'x-admin-token': token };

      const dashboard = await fetch(`${baseUrl}/api/admin/dashboard`, { headers }).then((response) =>
        response.json(),
      );
      console.log(`  cards: ${JSON.stringify((dashboard as { summary: unknown }).summary)}`);
      let index = 0;
      const nextName = () => {
        index += 1;
        return `/api/admin/search?q=${encodeURIComponent(partialNames[index % partialNames.length] ?? 'smi')}`;
      };
      const sample = (await fetch(`${baseUrl}/api/admin/search?q=smi`, { headers }).then((response) =>
        response.json(),
      )) as {
        investors: unknown[];
      };
      console.log(`  "smi" finds ${sample.investors.length} investors (at most 10 per kind)`);

      for (const concurrency of [1, 4]) {
        console.log(concurrency === 1 ? '  one request at a time:' : `  ${concurrency} requests at a time:`);
        await measure(
          'GET /api/admin/dashboard',
          baseUrl,
          headers,
          () => '/api/admin/dashboard',
          concurrency,
        );
        await measure(
          `GET /api/admin/search (${partialNames.length} partial names)`,
          baseUrl,
          headers,
          nextName,
          concurrency,
        );
        await measure(
          'GET /api/admin/search (phone digits)',
          baseUrl,
          headers,
          () => '/api/admin/search?q=555-01',
          concurrency,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database?.close();
    const cleanup = new pg.Client({ connectionString: databaseUrl });
    await cleanup.connect();
    if (process.env.BENCH_KEEP_SCHEMA === 'true') console.log(`  kept schema ${schema} (BENCH_KEEP_SCHEMA)`);
    else await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  }
}

await main();
