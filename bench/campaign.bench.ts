/**
 * Issue 9 speed figure: a campaign to 10,000 recipients through a local SMTP server
 * (smtp-server) with throttling off. Prints the claim (audience frozen as 10,000 delivery
 * rows), the delivery rate in messages per second and the total time.
 *
 * Database: a throw-away schema on BENCH_DATABASE_URL (default the local test database),
 * dropped at the end; BENCH_PGLITE=1 uses an in-memory PGlite instead. BENCH_RECIPIENTS
 * changes the size, BENCH_SMTP_CONNECTIONS the SMTP connection pool (default 4).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { notificationCampaigns } from '../src/server/db/schema';
import { claimCampaign, deliverCampaign } from '../src/server/modules/notifications/campaign-delivery';
import { createThrottle } from '../src/server/modules/notifications/throttle';
import { startLocalSmtpServer } from '../src/server/test-support/local-smtp-server';
import { createAudience } from '../src/server/test-support/notification-fixtures';

const SMTP_PORT = 3264;
const recipients = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const connections = Number(process.env.BENCH_SMTP_CONNECTIONS ?? 4);
const usePglite = process.env.BENCH_PGLITE === '1';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_campaign_${randomBytes(4).toString('hex')}`;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (usePglite) return openDatabase({ dataDir: 'memory://' });
  await adminQuery(`create schema ${schema}`);
  return openDatabase({ databaseUrl, searchPath: schema, poolSize: 8 });
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

const smtp = await startLocalSmtpServer({ port: SMTP_PORT });
const database = await openBenchDatabase();
try {
  await migrate(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    SMTP_URL: `${smtp.url}?pool=true&maxConnections=${connections}`,
    CAMPAIGN_MESSAGES_PER_SECOND: '0',
  });
  const { app, context } = await buildApp({ config, database, webRoot: null, logger: false });
  await app.ready();

  console.log(`  database: ${usePglite ? 'PGlite (in memory)' : `PostgreSQL schema ${schema}`}`);
  console.log(
    `  SMTP: smtp-server on 127.0.0.1:${SMTP_PORT}, ${connections} pooled connections, throttling off`,
  );
  await createAudience(context.db, { count: recipients, marketingEmail: true, note: 'standard' });
  const [campaign] = await context.db
    .insert(notificationCampaigns)
    .values({
      name: 'Benchmark campaign',
      type: 'email',
      subject: 'News for {{first_name}}',
      body: 'Hello {{first_name}},\n\nYour balance is {{total_balance}}. Thank you for investing since {{member_since}}.\n\nThe {{brand_name}} team',
    })
    .returning({ id: notificationCampaigns.id });

  const started = performance.now();
  const lease = await claimCampaign(context, campaign!.id, { dueOnly: false });
  const claimed = performance.now();
  const report = await deliverCampaign(context, lease!, { throttle: createThrottle(0) });
  const finished = performance.now();

  const deliveryMs = finished - claimed;
  console.log(`  recipients                         ${recipients.toLocaleString('en-US')}`);
  console.log(
    `  campaign status                    ${report.status} (sent ${report.sent}, failed ${report.failed})`,
  );
  console.log(`  accepted by the SMTP server        ${smtp.acceptedCount().toLocaleString('en-US')}`);
  console.log(`  claim (audience -> delivery rows)  ${seconds(claimed - started)}`);
  console.log(`  delivery                           ${seconds(deliveryMs)}`);
  console.log(`  messages per second                ${Math.round(report.sent / (deliveryMs / 1000))}`);
  console.log(`  total                              ${seconds(finished - started)}`);
  await app.close();
  await context.providers.email.close();
} finally {
  await database.close();
  await smtp.close();
  if (!usePglite) await adminQuery(`drop schema if exists ${schema} cascade`);
}
