/**
 * Crash and restart (issue 10.4): the server process is killed with SIGKILL while it stands at
 * a named pause point (FAULT_PAUSE_AT, decision 1000) in the middle of an interest day, an ACH
 * settlement and a campaign send, then started again "later" (its clock ahead, so the dead
 * process's heartbeat and lease are stale). Every job then finishes exactly once, the ledger
 * check passes, and nobody gets a message twice. PostgreSQL only: it needs real processes.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../shared/dates/calendar-date';
import { businessDateOf } from '../shared/dates/business-time';
import { rowsOf } from './db/client';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';
import { createAdminAccount } from './modules/admin-auth/service';
import { runLedgerCheck } from './modules/money/ledger-check';
import {
  type AppProcess,
  adminHeadersOn,
  callProcess,
  startAppProcess,
  waitFor,
} from './test-support/app-process';
import { buyNote, createFundedInvestor, createTestEngine } from './test-support/money-fixtures';
import { createAudience } from './test-support/notification-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from './test-support/test-database';
import { freePort } from './test-support/free-port';

const adminEmail = 'crash.test@staff.example';
const adminPassword = 'Crash-Restart#2026';
const minutes = (count: number) => String(count * 60_000);
const INVESTORS = 8;

describe.skipIf(!isPostgresRun())('kill -9 at a pause point, then restart', () => {
  let database: TestDatabase;
  let today: IsoDate;
  let running: AppProcess | null = null;
  const faultsInjected: string[] = [];

  async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
    return rowsOf<Row>(await database.db.execute(query));
  }

  async function start(port: number, env: Record<string, string>): Promise<AppProcess> {
    running = await startAppProcess({
      port,
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
      env: { CAMPAIGN_MESSAGES_PER_SECOND: '0', ...env },
    });
    return running;
  }

  /** Starts a process that will stop at `point`, sets it going, waits for the stop and kills it. */
  async function crashAt(
    port: number,
    point: string,
    clockOffsetMinutes: number,
    trigger: (server: AppProcess) => Promise<unknown>,
  ): Promise<void> {
    const server = await start(port, {
      FAULT_PAUSE_AT: point,
      TEST_CLOCK_OFFSET_MS: minutes(clockOffsetMinutes),
    });
    // The call never answers: the process stops inside it and is killed.
    const call = trigger(server).catch(() => undefined);
    expect(await server.waitForPause()).toBe(point);
    await server.kill9();
    await call;
    running = null;
    faultsInjected.push(point);
  }

  async function runJob(server: AppProcess, functionName: string) {
    const [job] = await rows<{ id: string }>(
      sql`select id from scheduled_jobs where function_name = ${functionName} limit 1`,
    );
    const headers = await adminHeadersOn(server.url, adminEmail, adminPassword);
    return callProcess(server.url, 'POST', `/functions/v1/${functionName}`, {
      headers,
      body: { jobId: job!.id },
    });
  }

  async function runsOf(functionName: string) {
    return rows<{ status: string; error_message: string | null }>(sql`
      select r.status, r.error_message from job_execution_history r
      join scheduled_jobs j on j.id = r.job_id
      where j.function_name = ${functionName} order by r.started_at`);
  }

  async function expectLedgerInBalance(): Promise<void> {
    const report = await runLedgerCheck(database.db);
    expect(report.problems).toEqual([]);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await createAdminAccount(database.db, {
      email: adminEmail,
      password: adminPassword,
      role: 'super_admin',
      firstName: 'Crash',
      lastName: 'Test',
    });
    today = businessDateOf(new Date(), 'America/New_York');
    const engine = createTestEngine(database.db);
    for (let index = 0; index < INVESTORS; index += 1) {
      const investor = await createFundedInvestor(database.db, {
        email: `crash-${index}-${randomBytes(3).toString('hex')}@example.com`,
      });
      await buyNote(engine, {
        investorId: investor.investorId,
        bankAccountId: investor.bankAccountId,
        investmentType: index % 2 === 0 ? 'standard' : 'high_yield',
        principal: `${10_000 + index * 1_000}.00`,
        rate: index % 2 === 0 ? '0.0800' : '0.1024',
        termYears: index % 2 === 0 ? 1 : 2,
        startDate: addDays(today, -100),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    console.info(
      `crash and restart: ${faultsInjected.length} faults injected (${faultsInjected.join(', ')})`,
    );
    await database?.close();
  });

  it('finishes an interest day killed before its batch committed exactly once, with one notice each', async () => {
    await crashAt(await freePort(), 'interest:before-commit', 0, (server) =>
      runJob(server, 'calculate-daily-interest'),
    );
    expect((await runsOf('calculate-daily-interest')).map((run) => run.status)).toEqual(['running']);
    expect(
      await rows(sql`select id from investment_transactions where transaction_type = 'interest_payment'`),
    ).toEqual([]);

    // Ten minutes later: the dead run's heartbeat is stale, so the new process marks it failed.
    const server = await start(await freePort(), { TEST_CLOCK_OFFSET_MS: minutes(10) });
    const runs = await runsOf('calculate-daily-interest');
    expect(runs.map((run) => run.status)).toEqual(['failed']);
    expect(runs[0]!.error_message).toMatch(/^Interrupted/);
    expect((await runJob(server, 'calculate-daily-interest')).status).toBe(200);
    // Run again the same day: it finds nothing left to do.
    expect((await runJob(server, 'calculate-daily-interest')).status).toBe(200);
    await server.stop();
    running = null;

    expect((await runsOf('calculate-daily-interest')).map((run) => run.status)).toEqual([
      'failed',
      'completed',
      'completed',
    ]);
    const postings = await rows<{ entries: number; periods: number }>(sql`
      select count(*)::int as entries, count(distinct (investment_id, posting_period))::int as periods
      from investment_transactions where transaction_type = 'interest_payment'`);
    expect(postings[0]!.entries).toBeGreaterThanOrEqual(INVESTORS * 2);
    expect(postings[0]!.entries).toBe(postings[0]!.periods);
    const notices = await rows<{ to_address: string; count: number }>(sql`
      select to_address, count(*)::int as count from outbox_messages
      where subject like 'Your interest payment of%' group by to_address`);
    expect(notices).toHaveLength(INVESTORS);
    expect(notices.every((row) => row.count === 1)).toBe(true);
    await expectLedgerInBalance();
  });

  it('finishes an ACH settlement killed before its batch committed exactly once', async () => {
    const due = await rows<{ id: string }>(
      sql`select id from ach_payments where status = 'pending' and effective_date <= ${today}::date`,
    );
    expect(due.length).toBeGreaterThanOrEqual(INVESTORS);
    await crashAt(await freePort(), 'ach:before-commit', 10, (server) =>
      runJob(server, 'settle-ach-payments'),
    );
    expect(
      await rows(
        sql`select id from ach_payments where status = 'pending' and effective_date <= ${today}::date`,
      ),
    ).toHaveLength(due.length);

    const server = await start(await freePort(), { TEST_CLOCK_OFFSET_MS: minutes(20) });
    expect((await runJob(server, 'settle-ach-payments')).status).toBe(200);
    expect((await runJob(server, 'settle-ach-payments')).status).toBe(200);
    await server.stop();
    running = null;

    expect((await runsOf('settle-ach-payments')).map((run) => run.status)).toEqual([
      'failed',
      'completed',
      'completed',
    ]);
    const settled = await rows<{ status: string; count: number }>(sql`
      select status, count(*)::int as count from ach_payments
      where id in (${sql.join(
        due.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )}) group by status`);
    expect(settled).toEqual([{ status: 'settled', count: due.length }]);
    await expectLedgerInBalance();
  });

  it('resumes a campaign send killed between two chunks without sending anyone a second message', async () => {
    const audience = await createAudience(database.db, { count: 30, marketingEmail: true });
    let campaignId = '';
    await crashAt(await freePort(), 'campaign:after-chunk', 20, async (server) => {
      const headers = await adminHeadersOn(server.url, adminEmail, adminPassword);
      const created = await callProcess(server.url, 'POST', '/api/admin/notifications/campaigns', {
        headers,
        body: { name: 'Crash campaign', type: 'email', subject: 'Crash news', body: 'Hello {{first_name}}.' },
      });
      campaignId = (created.body as { campaign: { id: string } }).campaign.id;
      return callProcess(server.url, 'POST', `/api/admin/notifications/campaigns/${campaignId}/send-now`, {
        headers,
        body: {},
      });
    });
    const sentBeforeCrash = await rows(sql`select id from outbox_messages where subject = 'Crash news'`);
    expect(sentBeforeCrash.length).toBeGreaterThan(0);
    expect(sentBeforeCrash.length).toBeLessThan(audience.length);

    // Half an hour on: the dead worker's lease has lapsed, so the job takes the send over.
    const server = await start(await freePort(), { TEST_CLOCK_OFFSET_MS: minutes(30) });
    const headers = await adminHeadersOn(server.url, adminEmail, adminPassword);
    const resumed = await callProcess(server.url, 'POST', '/functions/v1/send-scheduled-campaigns', {
      headers,
      body: { jobId: null },
    });
    expect(resumed.status).toBe(200);
    await waitFor(
      async () =>
        (
          await rows<{ status: string }>(
            sql`select status from notification_campaigns where id = ${campaignId}`,
          )
        )[0]!.status,
      (status) => status === 'sent',
      'the campaign to be sent',
    );
    await server.stop();
    running = null;

    const perRecipient = await rows<{ to_address: string; count: number }>(sql`
      select to_address, count(*)::int as count from outbox_messages where subject = 'Crash news' group by to_address`);
    expect(perRecipient).toHaveLength(audience.length);
    expect(perRecipient.every((row) => row.count === 1)).toBe(true);
    const deliveries = await rows<{ status: string; count: number }>(sql`
      select status, count(*)::int as count from notification_deliveries where campaign_id = ${campaignId} group by status`);
    expect(deliveries).toEqual([{ status: 'sent', count: audience.length }]);
  });
});
