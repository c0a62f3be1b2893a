/**
 * Two app processes on different ports against one PostgreSQL (issue 10.3): a session made
 * on one works on the other and ends on both, the database-kept rate limits count calls to
 * either, every due job firing runs once when both schedulers start together, and a campaign
 * sent from both at once reaches each recipient once. PostgreSQL only: PGlite is one process.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';
import { createAdminAccount } from './modules/admin-auth/service';
import {
  type AppProcess,
  adminHeadersOn,
  callProcess,
  startAppProcess,
  waitFor,
} from './test-support/app-process';
import { createAudience } from './test-support/notification-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from './test-support/test-database';
import { freePort } from './test-support/free-port';

const adminEmail = 'two.instances@staff.example';
const adminPassword = 'Two-Instances#2026';

describe.skipIf(!isPostgresRun())('two app processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: AppProcess;
  let second: AppProcess;

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    return rowsOf<{ count: number }>(await database.db.execute(query))[0]!.count;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await createAdminAccount(database.db, {
      email: adminEmail,
      password: adminPassword,
      role: 'super_admin',
      firstName: 'Two',
      lastName: 'Instances',
    });
    // Every seeded job is due now: both schedulers see them all at their first tick. The backup
    // jobs are left off: they need an operator's BACKUP_DIR (and a backup to verify) to succeed.
    await database.db.execute(
      sql`update scheduled_jobs set enabled = function_name not in ('backup', 'verify-backup'), next_run_at = now() - interval '1 minute'`,
    );
    const common = {
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
      env: { SCHEDULER_ENABLED: 'true', CAMPAIGN_MESSAGES_PER_SECOND: '50' },
    };
    [first, second] = await Promise.all([
      startAppProcess({ ...common, port: await freePort() }),
      startAppProcess({ ...common, port: await freePort() }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
  });

  it('runs every due job firing once, whichever process claims it', async () => {
    const jobs = await count(sql`select count(*)::int as count from scheduled_jobs where enabled`);
    const runs = await waitFor(
      async () =>
        rowsOf<{ job_id: string; status: string; instance_id: string | null }>(
          await database.db.execute(
            sql`select job_id, status, instance_id from job_execution_history where trigger in ('schedule', 'startup')`,
          ),
        ),
      (rows) => rows.length >= jobs && rows.every((row) => row.status !== 'running'),
      'every seeded job to run',
    );
    expect(runs).toHaveLength(jobs);
    expect(new Set(runs.map((run) => run.job_id)).size).toBe(jobs);
    expect(runs.every((run) => run.status === 'completed')).toBe(true);
    expect(
      await count(
        sql`select count(*)::int as count from scheduled_jobs where enabled and next_run_at <= now()`,
      ),
    ).toBe(0);
  });

  it('shares sessions: signed in on one, recognised on the other, signed out everywhere', async () => {
    const headers = await adminHeadersOn(first.url, adminEmail, adminPassword);
    expect((await callProcess(second.url, 'GET', '/api/admin/dashboard', { headers })).status).toBe(200);
    expect((await callProcess(second.url, 'DELETE', '/api/admin/session', { headers })).status).toBe(204);
    expect((await callProcess(first.url, 'GET', '/api/admin/dashboard', { headers })).status).toBe(401);

    const start = await callProcess(first.url, 'POST', '/functions/v1/auth-start', {
      body: { email: 'two.processes@example.com' },
    });
    expect(start.status).toBe(200);
    const [message] = rowsOf<{ text: string }>(
      await database.db.execute(
        sql`select text from outbox_messages where to_address = 'two.processes@example.com' order by created_at desc limit 1`,
      ),
    );
    const link = new URL(/(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(message!.text)![1]!);
    const confirm = await callProcess(second.url, 'POST', '/api/auth/confirm', {
      body: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
    });
    expect(confirm.status).toBe(200);
    const cookie = confirm.cookies.find((value) => value.startsWith('sl_session='))!;
    const session = await callProcess(first.url, 'GET', '/api/session', { headers: { cookie } });
    expect(session.body).toMatchObject({
      authenticated: true,
      investor: { email: 'two.processes@example.com' },
    });
  });

  it('counts a rate limit across both processes', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const target = attempt % 2 === 0 ? first : second;
      const answer = await callProcess(target.url, 'POST', '/functions/v1/auth-start', {
        body: { email: 'limited@example.com' },
      });
      answers.push((answer.body as { error: string | null }).error === null ? answer.status : 429);
    }
    // AUTH_LIMIT_MAGIC_LINK_PER_EMAIL is 5 an hour: the sixth is refused, on whichever process.
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends a campaign started on both processes at once to each recipient once', async () => {
    const audience = await createAudience(database.db, { count: 60, marketingEmail: true });
    const headers = await adminHeadersOn(first.url, adminEmail, adminPassword);
    const created = await callProcess(first.url, 'POST', '/api/admin/notifications/campaigns', {
      headers,
      body: {
        name: 'Both at once',
        type: 'email',
        subject: 'News',
        body: 'Hello {{first_name}}, news from us.',
      },
    });
    expect(created.status).toBe(201);
    const campaignId = (created.body as { campaign: { id: string } }).campaign.id;
    const secondHeaders = await adminHeadersOn(second.url, adminEmail, adminPassword);
    const sends = await Promise.all([
      callProcess(first.url, 'POST', `/api/admin/notifications/campaigns/${campaignId}/send-now`, {
        headers,
        body: {},
      }),
      callProcess(second.url, 'POST', `/api/admin/notifications/campaigns/${campaignId}/send-now`, {
        headers: secondHeaders,
        body: {},
      }),
      callProcess(second.url, 'POST', '/functions/v1/send-scheduled-campaigns', {
        headers: secondHeaders,
        body: { jobId: null },
      }),
    ]);
    // The scheduled-send function runs for the server's own business date (PRODUCT.md 32).
    expect(sends[2]!.status, sends[2]!.text).toBe(200);
    expect(
      sends
        .slice(0, 2)
        .map((answer) => answer.status)
        .sort(),
    ).toEqual([200, 409]);
    await waitFor(
      async () =>
        rowsOf<{ status: string }>(
          await database.db.execute(sql`select status from notification_campaigns where id = ${campaignId}`),
        )[0]!.status,
      (status) => status === 'sent',
      'the campaign to be sent',
    );
    const perRecipient = rowsOf<{ to_address: string; count: number }>(
      await database.db.execute(
        sql`select to_address, count(*)::int as count from outbox_messages where subject = 'News' group by to_address`,
      ),
    );
    expect(perRecipient).toHaveLength(audience.length);
    expect(perRecipient.every((row) => row.count === 1)).toBe(true);
    expect(
      await count(
        sql`select count(*)::int as count from notification_deliveries where campaign_id = ${campaignId} and status = 'sent'`,
      ),
    ).toBe(audience.length);
  });
});
