/**
 * Issue 13.2: one request with executionDate 9999-12-31 froze the server (addDays wrote
 * "+010000-01-01" and addBusinessDays never returned), so /healthz stopped answering. Now the
 * date is refused at the edge, and a job handed such a date anyway throws instead of looping.
 * The process test needs a real server process, so it runs on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateRangeError } from '../shared/dates/calendar-date';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';
import { createAdminAccount } from './modules/admin-auth/service';
import { calculateDailyInterest } from './modules/money/calculate-daily-interest';
import { processMaturities } from './modules/money/process-maturities';
import { processWithdrawals } from './modules/money/process-withdrawals';
import { type AppProcess, adminHeadersOn, startAppProcess } from './test-support/app-process';
import { buyNote, createFundedInvestor, createTestEngine } from './test-support/money-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from './test-support/test-database';

const PORT = 3293;
const adminEmail = 'dates.test@staff.example';
const adminPassword = 'Out-Of-Range#2026';

/** A call that gives up after a few seconds, so a frozen server fails the test instead of hanging it. */
async function callWithin(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

describe('the money jobs given a date outside the calendar', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('throw a DateRangeError from their calendar arithmetic instead of looping', async () => {
    const engine = createTestEngine(database.db);
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '5000.00',
      rate: '0.08',
      startDate: '2026-01-05',
    });
    for (const job of [calculateDailyInterest, processMaturities, processWithdrawals]) {
      await expect(job(engine, '9999-12-31')).rejects.toBeInstanceOf(DateRangeError);
    }
  });
});

describe.skipIf(!isPostgresRun())('a server process sent executionDate 9999-12-31', () => {
  let database: TestDatabase;
  let server: AppProcess | null = null;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await createAdminAccount(database.db, {
      email: adminEmail,
      password: adminPassword,
      role: 'super_admin',
      firstName: 'Dates',
      lastName: 'Test',
    });
    server = await startAppProcess({
      port: PORT,
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
    });
  }, 120_000);

  afterAll(async () => {
    // A frozen process cannot run its SIGTERM handler.
    await server?.kill9();
    await database?.close();
  });

  it('refuses it with 400 and keeps answering /healthz and real runs', async () => {
    const headers = {
      ...(await adminHeadersOn(server!.url, adminEmail, adminPassword)),
      'content-type': 'application/json',
    };
    for (const name of ['calculate-daily-interest', 'settle-ach-payments', 'process-withdrawals']) {
      const refused = await callWithin(`${server!.url}/functions/v1/${name}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jobId: null, executionDate: '9999-12-31' }),
      });
      expect(refused.status, refused.body).toBe(400);
    }
    expect((await callWithin(`${server!.url}/healthz`)).status).toBe(200);
    const today = await callWithin(`${server!.url}/functions/v1/calculate-daily-interest`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jobId: null }),
    });
    expect(today.status, today.body).toBe(200);
  }, 60_000);
});
