/**
 * Issue 13 item 5: the server process is killed with SIGKILL right after a money job committed
 * a batch and before it sent that batch's notices (the pause points `interest:after-commit` and
 * `withdrawals:after-commit`, decision 1000). The notices were queued in the batch's
 * transaction, so the restarted process sends them by itself, once each, and running the job
 * again sends nothing twice. PostgreSQL only: it needs real processes.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf } from '../shared/dates/business-time';
import { addDays, type IsoDate } from '../shared/dates/calendar-date';
import { rowsOf } from './db/client';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';
import { createAdminAccount } from './modules/admin-auth/service';
import { insertPendingWithdrawal } from './modules/money/withdrawal-repository';
import {
  type AppProcess,
  adminHeadersOn,
  callProcess,
  startAppProcess,
  waitFor,
} from './test-support/app-process';
import { buyNote, createFundedInvestor, createTestEngine } from './test-support/money-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from './test-support/test-database';
import { freePort } from './test-support/free-port';

const adminEmail = 'notice.crash@staff.example';
const adminPassword = 'Notice-Crash#2026';
const minutes = (count: number) => String(count * 60_000);
const INVESTORS = 4;

describe.skipIf(!isPostgresRun())('kill -9 between a money batch and its notices, then restart', () => {
  let database: TestDatabase;
  let today: IsoDate;
  let running: AppProcess | null = null;
  const emails: string[] = [];

  async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
    return rowsOf<Row>(await database.db.execute(query));
  }

  async function start(port: number, env: Record<string, string>): Promise<AppProcess> {
    running = await startAppProcess({
      port,
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
      env,
    });
    return running;
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

  async function crashAt(port: number, point: string, clockOffsetMinutes: number, functionName: string) {
    const server = await start(port, {
      FAULT_PAUSE_AT: point,
      TEST_CLOCK_OFFSET_MS: minutes(clockOffsetMinutes),
    });
    const call = runJob(server, functionName).catch(() => undefined);
    expect(await server.waitForPause()).toBe(point);
    await server.kill9();
    await call;
    running = null;
  }

  /** E-mails with this subject start per recipient. */
  async function mailsPerRecipient(subjectStart: string): Promise<Map<string, number>> {
    const found = await rows<{ to_address: string; count: number }>(sql`
      select to_address, count(*)::int as count from outbox_messages
      where subject like ${`${subjectStart}%`} group by to_address`);
    return new Map(found.map((row) => [row.to_address, row.count]));
  }

  async function queued(kind: string) {
    return rows<{ status: string; count: number }>(sql`
      select status, count(*)::int as count from investor_notice_queue where kind = ${kind} group by status`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await createAdminAccount(database.db, {
      email: adminEmail,
      password: adminPassword,
      role: 'super_admin',
      firstName: 'Notice',
      lastName: 'Crash',
    });
    today = businessDateOf(new Date(), 'America/New_York');
    const engine = createTestEngine(database.db);
    for (let index = 0; index < INVESTORS; index += 1) {
      const investor = await createFundedInvestor(database.db, {
        email: `notice-crash-${index}-${randomBytes(3).toString('hex')}@example.com`,
      });
      emails.push(investor.email);
      // Past its lock-up, with a transfer requested last quarter (so due today).
      await buyNote(engine, {
        ...investor,
        investmentType: 'standard',
        principal: `${20_000 + index * 1_000}.00`,
        rate: '0.0800',
        startDate: addDays(today, -500),
      });
      await insertPendingWithdrawal(database.db, {
        ...investor,
        amount: '1000.00',
        requestedOn: addDays(today, -100),
        now: new Date(),
      });
    }
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await database?.close();
  });

  it('sends the interest notices of a batch committed just before the crash once, after the restart', async () => {
    await crashAt(await freePort(), 'interest:after-commit', 0, 'calculate-daily-interest');
    // The postings and their notices committed together; nothing was sent.
    expect(await queued('interest_payment')).toEqual([{ status: 'pending', count: INVESTORS }]);
    expect((await mailsPerRecipient('Your interest payment of')).size).toBe(0);

    // Ten minutes later a new process starts and sends what the queue holds, by itself.
    const server = await start(await freePort(), { TEST_CLOCK_OFFSET_MS: minutes(10) });
    await waitFor(
      () => queued('interest_payment'),
      (statuses) => statuses.length === 1 && statuses[0]!.status === 'sent',
      'the queued interest notices to be sent',
    );
    // Running the job again posts nothing and so tells nobody again.
    expect((await runJob(server, 'calculate-daily-interest')).status).toBe(200);
    await server.stop();
    running = null;

    const perRecipient = await mailsPerRecipient('Your interest payment of');
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    expect(await queued('interest_payment')).toEqual([{ status: 'sent', count: INVESTORS }]);
  });

  it('sends the withdrawal notice of an investor paid just before the crash once, and the others after', async () => {
    await crashAt(await freePort(), 'withdrawals:after-commit', 20, 'process-withdrawals');
    // One investor's payment committed with its notice before the process was killed.
    expect(await queued('withdrawal_confirmation')).toEqual([{ status: 'pending', count: 1 }]);
    expect((await mailsPerRecipient('Your transfer of')).size).toBe(0);

    const server = await start(await freePort(), { TEST_CLOCK_OFFSET_MS: minutes(30) });
    await waitFor(
      () => queued('withdrawal_confirmation'),
      (statuses) => statuses.length === 1 && statuses[0]!.status === 'sent',
      'the queued withdrawal notice to be sent',
    );
    expect((await mailsPerRecipient('Your transfer of')).size).toBe(1);
    // The job pays the others; each is told once.
    expect((await runJob(server, 'process-withdrawals')).status).toBe(200);
    expect((await runJob(server, 'process-withdrawals')).status).toBe(200);
    await server.stop();
    running = null;

    const perRecipient = await mailsPerRecipient('Your transfer of');
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    expect(await queued('withdrawal_confirmation')).toEqual([{ status: 'sent', count: INVESTORS }]);
  });
});
