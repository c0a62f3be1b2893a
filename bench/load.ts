/**
 * `npm run bench:load` (issue 10.5): 200 simulated investors for 60 s against the app as its
 * own process on PostgreSQL seeded with 100,000 investors (two notes with a purchase and
 * three monthly postings each, a verified bank account, one password). Each simulated investor holds a
 * session, thinks for 1.5 to 4.5 s between requests (as a person reading a page) and picks
 * what to do by this mix:
 *
 *   5%  sign in (password, then the SMS code from the outbox; the investor's session changes)
 *   60% overview and transaction pages
 *   30% other reads (notifications, balance history, transfers, settings, documents, options)
 *   5%  purchases (BUY with an idempotency key)
 *
 * The per-IP sign-in limits are raised through the settings (never switched off). Prints
 * throughput, p50/p95/p99, errors, and the app process's resident memory after the warm-up and
 * at the end. Goal on this machine: 0 errors, p99 under 200 ms, no memory growth beyond 10%.
 *
 * Environment: BENCH_DATABASE_URL (default the local test database), LOAD_INVESTORS (100000),
 * LOAD_USERS (200), LOAD_SECONDS (60), LOAD_WARMUP_SECONDS (10), LOAD_THINK_MS (3000, the mean
 * pause), LOAD_POSTINGS (3 per note), LOAD_PORT (3281), LOAD_REPORT_FILE (also write the figures there as JSON).
 * Uses a throw-away schema, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import { hashPassword } from '../src/server/security/passwords';
import { generateToken, hashToken } from '../src/server/security/tokens';
import { AGREEMENT_VERSION } from '../src/shared/purchases/perpetual-note-agreement';
import { startAppProcess } from '../src/server/test-support/app-process';
import { currentDisclosureVersion } from '../src/shared/consents/consent-disclosures';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const investorCount = Number(process.env.LOAD_INVESTORS ?? 100_000);
const userCount = Number(process.env.LOAD_USERS ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 10);
/** A person reads a page for a few seconds before the next click: 1.5 to 4.5 s, 3 s on average. */
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 3_000);
const port = Number(process.env.LOAD_PORT ?? 3281);
const schema = `bench_load_${randomBytes(4).toString('hex')}`;
const password = 'Load-Bench-Horse-42!';
/** Monthly postings per note besides its purchase (two notes an investor). */
const postingsPerNote = Number(process.env.LOAD_POSTINGS ?? 3);

type Kind = 'sign-in' | 'pages' | 'other reads' | 'purchase';

interface Sample {
  kind: Kind;
  path: string;
  ms: number;
  status: number;
  at: number;
}

function percentile(sorted: number[], fraction: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(52)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Set-based seed with triggers off (as a restore would), then the dashboard summary recounted once. */
async function seed(client: pg.Client): Promise<void> {
  const passwordHash = await hashPassword(password);
  await client.query('set session_replication_role = replica');
  await timed(`${investorCount.toLocaleString()} users, investors, preferences, banks`, async () => {
    await client.query(
      `insert into users (email, email_verified_at, phone_e164, phone_verified_at, password_hash, password_set_at, created_at)
       select 'load' || n || '@bench.example', now(), '+1415' || lpad(n::text, 7, '0'), now(), $2, now(),
              now() - (n % 700) * interval '1 day'
         from generate_series(1, $1) n`,
      [investorCount, passwordHash],
    );
    await client.query(
      `insert into investors (user_id, first_name, last_name, email, phone, status, referral_code, created_at)
       select id, 'Load', 'Investor', email, phone_e164, 'active', 'L' || substr(md5(email), 1, 10), created_at from users`,
    );
    await client.query('insert into notification_preferences (investor_id) select id from investors');
    // Every investor consented to electronic records, as the purchase step asks before the first
    // agreement (decision 1920); without it each purchase answers 409.
    await client.query(
      `insert into electronic_consents (investor_id, kind, action, disclosure_version)
       select id, 'electronic_records', 'given', $1 from investors`,
      [currentDisclosureVersion.electronic_records],
    );
    await client.query(
      `insert into bank_accounts (investor_id, provider, institution_name, account_type, account_name, account_last_four,
                                  is_primary, verification_status, verified_at)
       select id, 'sandbox', 'First Harbor Bank', 'checking', 'Everyday Checking', '6789', true, 'verified', now()
         from investors`,
    );
  });
  await timed('two notes each, a purchase and the postings of each', async () => {
    await client.query(
      `insert into investments (investor_id, investment_type, principal_amount, interest_rate_annual, term_years,
                                start_date, maturity_date, accrued_through, status, created_at)
       select i.id, t.type, 5000 + (abs(hashtext(i.id::text)) % 20) * 1000, t.rate, t.term,
              date '2025-11-03', date '2025-11-03' + (t.term * 365), date '2025-11-03', 'active', timestamp '2025-11-03 15:00'
         from investors i
         cross join (values ('standard', 0.08, 1), ('high_yield', 0.094, 3)) as t(type, rate, term)`,
    );
    await client.query(
      `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                            transaction_date, notes, created_at)
       select id, investor_id, 'purchase', principal_amount, principal_amount, start_date, 'Purchase', created_at
         from investments`,
    );
    await client.query(
      `insert into investment_transactions (investment_id, investor_id, transaction_type, amount, value_effect,
                                            transaction_date, posting_period, notes, created_at)
       select i.id, i.investor_id, 'interest_payment', round(i.principal_amount * i.interest_rate_annual / 12, 2),
              case when i.investment_type = 'high_yield' then round(i.principal_amount * i.interest_rate_annual / 12, 2) else 0 end,
              (date_trunc('month', i.start_date) + m * interval '1 month')::date,
              (date_trunc('month', i.start_date) + (m - 1) * interval '1 month')::date,
              'Monthly interest', date_trunc('month', i.start_date) + m * interval '1 month' + interval '6 hours'
         from investments i cross join generate_series(1, ${postingsPerNote}) m`,
    );
  });
  await client.query('set session_replication_role = origin');
  await timed('refresh_platform_summary(), vacuum analyze the seeded tables', async () => {
    await client.query('select refresh_platform_summary()');
    await client.query(
      'vacuum analyze users, investors, notification_preferences, bank_accounts, investments, investment_transactions, platform_summary',
    );
  });
}

interface Investor {
  id: string;
  userId: string;
  email: string;
  phone: string;
  bankAccountId: string;
}

async function investorsByNumber(
  client: pg.ClientBase | pg.Pool,
  from: number,
  to: number,
): Promise<Investor[]> {
  const result = await client.query<{
    id: string;
    user_id: string;
    email: string;
    phone: string;
    bank: string;
  }>(
    `select i.id, i.user_id, i.email, i.phone, b.id as bank
       from investors i join bank_accounts b on b.investor_id = i.id
      where i.email = any($1::text[])`,
    [Array.from({ length: to - from }, (_, index) => `load${from + index + 1}@bench.example`)],
  );
  return result.rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    email: row.email,
    phone: row.phone,
    bankAccountId: row.bank,
  }));
}

/** A live session for each simulated investor, as sign-in would have left it. */
async function openSessions(client: pg.Client, investors: Investor[]): Promise<string[]> {
  const tokens = investors.map(() => generateToken());
  await client.query(
    `insert into sessions (user_id, token_hash, kind, created_at, last_seen_at, expires_at)
     select u, h, 'full', now(), now(), now() + interval '12 hours' from unnest($1::uuid[], $2::text[]) as s(u, h)`,
    [investors.map((investor) => investor.userId), tokens.map(hashToken)],
  );
  return tokens.map((token) => `sl_session=${token}`);
}

/** CPU seconds the process has used (user + system), from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function residentMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const pages = [
  '/api/portal/overview',
  '/api/portal/transactions?filter=all&limit=20',
  '/api/portal/investments',
];
const otherReads = [
  '/api/portal/notifications',
  '/api/portal/balance-history',
  '/api/transfers',
  '/api/settings',
  '/api/portal/documents',
  '/api/purchases/options',
  '/api/session',
];

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

async function main(): Promise<void> {
  console.log(
    `Load: ${userCount} simulated investors for ${seconds} s against ${investorCount.toLocaleString()} investors (schema ${schema})`,
  );
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  let server: Awaited<ReturnType<typeof startAppProcess>> | null = null;
  try {
    const handle = await openDatabase({ databaseUrl, searchPath: schema, poolSize: 2 });
    await migrate(handle.db);
    await seedReferenceData(handle.db);
    await handle.close();
    await seed(client);
    const product = (
      await client.query<{ id: string; rate: string; term: number }>(
        `select id, rtrim(interest_rate_annual::text, '0') as rate, term_years as term
           from investment_products where investment_type = 'high_yield' and is_active order by term_years limit 1`,
      )
    ).rows[0]!;
    const simulated = await investorsByNumber(client, 0, userCount);
    const cookies = await openSessions(client, simulated);
    let nextSignIn = userCount;

    server = await startAppProcess({
      port,
      databaseUrl,
      schemaName: schema,
      env: {
        RATE_LIMIT_MULTIPLIER: '1000',
        AUTH_LIMIT_PASSWORD_PER_IP: '1000000/15m',
        AUTH_LIMIT_CODE_CHECKS_PER_IP: '1000000/15m',
        AUTH_LIMIT_SMS_PER_IP: '1000000/1h',
        AUTH_LIMIT_MAGIC_LINK_PER_IP: '1000000/1h',
        LOG_LEVEL: 'error',
      },
    });
    const base = server.url;
    // Lookups during the run (sign-ins read their SMS code) share a small pool, not the seeding client.
    const lookups = new pg.Pool({
      connectionString: databaseUrl,
      options: `-c search_path=${schema}`,
      max: 4,
    });
    const samples: Sample[] = [];
    const failures = new Map<string, number>();
    const startedAt = performance.now();
    const endsAt = startedAt + (warmupSeconds + seconds) * 1000;
    const measuredFrom = startedAt + warmupSeconds * 1000;

    async function request(
      kind: Kind,
      method: string,
      path: string,
      cookie: string | null,
      body?: unknown,
      headers?: Record<string, string>,
    ) {
      const began = performance.now();
      let status = 0;
      let setCookies: string[] = [];
      let json: unknown = null;
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        status = response.status;
        setCookies = response.headers.getSetCookie();
        const text = await response.text();
        if (text.startsWith('{')) json = JSON.parse(text);
      } catch {
        status = 0;
      }
      const now = performance.now();
      if (began >= measuredFrom && now <= endsAt)
        samples.push({ kind, path: path.split('?')[0]!, ms: now - began, status, at: now });
      if (status === 0 || status >= 400) {
        const key = `${method} ${path.split('?')[0]} -> ${status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
      return { status, setCookies, json };
    }

    async function signIn(): Promise<{ cookie: string; investor: Investor } | null> {
      nextSignIn += 1;
      const [investor] = await investorsByNumber(lookups, nextSignIn - 1, nextSignIn);
      if (!investor) return null;
      const login = await request('sign-in', 'POST', '/functions/v1/auth-password-login', null, {
        email: investor.email,
        password,
      });
      const pending = login.setCookies
        .map((value) => value.split(';')[0]!)
        .find((value) => value.startsWith('sl_session='));
      if (!pending) return null;
      const code = (
        await lookups.query<{ text: string }>(
          'select text from outbox_messages where to_address = $1 order by created_at desc limit 1',
          [investor.phone],
        )
      ).rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
      const check = await request('sign-in', 'POST', '/functions/v1/auth-phone-check', pending, { code });
      const full = check.setCookies
        .map((value) => value.split(';')[0]!)
        .find((value) => value.startsWith('sl_session='));
      return { cookie: full ?? pending, investor };
    }

    async function simulate(index: number): Promise<void> {
      let cookie = cookies[index]!;
      let investor = simulated[index]!;
      // Spread the first requests over the first think time.
      await new Promise((done) => setTimeout(done, Math.random() * thinkMs));
      while (performance.now() < endsAt) {
        const roll = Math.random();
        if (roll < 0.05) {
          const signedIn = await signIn();
          if (signedIn) ({ cookie, investor } = signedIn);
        } else if (roll < 0.65) {
          await request('pages', 'GET', pick(pages), cookie);
        } else if (roll < 0.95) {
          await request('other reads', 'GET', pick(otherReads), cookie);
        } else {
          await request(
            'purchase',
            'POST',
            '/api/purchases',
            cookie,
            {
              product_id: product.id,
              term_years: product.term,
              amount: '5000.00',
              interest_rate_annual: product.rate,
              funding_account_id: investor.bankAccountId,
              agreement_version: AGREEMENT_VERSION,
              consent: true,
            },
            { 'idempotency-key': `load-${randomBytes(12).toString('hex')}` },
          );
        }
        await new Promise((done) => setTimeout(done, thinkMs * (0.5 + Math.random())));
      }
    }

    // Resident memory every second; a window's median smooths out the garbage collector's sawtooth.
    const memorySamples: { at: number; mb: number }[] = [];
    const memoryTimer = setInterval(() => {
      memorySamples.push({ at: performance.now(), mb: residentMemoryMb(server!.child.pid!) });
    }, 1_000);
    let warmCpu = Number.NaN;
    const cpuTimer = setTimeout(() => {
      warmCpu = cpuSeconds(server!.child.pid!);
    }, warmupSeconds * 1000);
    await Promise.all(Array.from({ length: userCount }, (_, index) => simulate(index)));
    clearInterval(memoryTimer);
    clearTimeout(cpuTimer);
    const windowMs = Math.min(10, seconds / 3) * 1000;
    const medianMb = (from: number, to: number) => {
      const values = memorySamples
        .filter((sample) => sample.at >= from && sample.at <= to)
        .map((sample) => sample.mb)
        .sort((x, y) => x - y);
      return values[Math.floor(values.length / 2)] ?? Number.NaN;
    };
    const warmMemory = medianMb(measuredFrom, measuredFrom + windowMs);
    const endMemory = medianMb(endsAt - windowMs, endsAt);
    const appCpuSeconds = cpuSeconds(server.child.pid!) - warmCpu;
    await lookups.end();

    const measured = samples.filter((sample) => sample.at >= measuredFrom);
    const latencies = measured.map((sample) => sample.ms).sort((a, b) => a - b);
    const errors = measured.filter((sample) => sample.status === 0 || sample.status >= 400).length;
    const report = {
      investors: investorCount,
      simulatedInvestors: userCount,
      seconds,
      requests: measured.length,
      throughputPerSecond: measured.length / seconds,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      errors,
      byKind: Object.fromEntries(
        (['sign-in', 'pages', 'other reads', 'purchase'] as Kind[]).map((kind) => {
          const own = measured
            .filter((sample) => sample.kind === kind)
            .map((sample) => sample.ms)
            .sort((a, b) => a - b);
          return [
            kind,
            {
              requests: own.length,
              p50: percentile(own, 0.5),
              p95: percentile(own, 0.95),
              p99: percentile(own, 0.99),
            },
          ];
        }),
      ),
      appCpuMsPerRequest: (appCpuSeconds * 1000) / measured.length,
      appCpuShareOfOneCore: appCpuSeconds / seconds,
      machineLoadAverage: loadavg()[0] ?? Number.NaN,
      memoryAfterWarmupMb: warmMemory,
      memoryAtEndMb: endMemory,
      memoryGrowthPercent: ((endMemory - warmMemory) / warmMemory) * 100,
      failures: Object.fromEntries(failures),
    };
    console.log(
      `  requests served      ${report.requests} in ${seconds} s (${report.throughputPerSecond.toFixed(1)} req/s)`,
    );
    console.log(
      `  latency              p50 ${report.p50.toFixed(1)} ms  p95 ${report.p95.toFixed(1)} ms  p99 ${report.p99.toFixed(1)} ms`,
    );
    for (const [kind, figures] of Object.entries(report.byKind)) {
      console.log(
        `    ${kind.padEnd(18)} ${String(figures.requests).padStart(6)} requests  p50 ${figures.p50.toFixed(1)} ms  p95 ${figures.p95.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms`,
      );
    }
    console.log(
      `  app CPU              ${report.appCpuMsPerRequest.toFixed(1)} ms a request, ${(report.appCpuShareOfOneCore * 100).toFixed(0)}% of one core (machine load average ${report.machineLoadAverage.toFixed(1)} on ${cpus().length} cores)`,
    );
    console.log(
      `  errors               ${errors}${failures.size > 0 ? ` ${JSON.stringify(report.failures)}` : ''}`,
    );
    console.log(
      `  app memory (RSS)     ${warmMemory.toFixed(0)} MB after warm-up, ${endMemory.toFixed(0)} MB at the end, medians of ${(windowMs / 1000).toFixed(0)} s (${report.memoryGrowthPercent >= 0 ? '+' : ''}${report.memoryGrowthPercent.toFixed(1)}%)`,
    );
    console.log(
      `  goals                0 errors: ${errors === 0 ? 'met' : 'NOT met'}; p99 < 200 ms: ${report.p99 < 200 ? 'met' : 'NOT met'}; memory growth <= 10%: ${report.memoryGrowthPercent <= 10 ? 'met' : 'NOT met'}`,
    );
    if (process.env.LOAD_REPORT_FILE)
      writeFileSync(process.env.LOAD_REPORT_FILE, JSON.stringify(report, null, 2));
  } finally {
    await server?.stop();
    await client.end();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
