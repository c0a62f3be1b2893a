import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobListResponse, ScheduledJobView } from '../../../shared/jobs/job-contracts';
import { jobExecutionHistory, scheduledJobs } from '../../db/schema';
import { signUpInvestor } from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';

let testApp: TestApp;
let admins: Record<'super_admin' | 'operations' | 'support', SignedInAdmin>;
let investorCookie: string;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  admins = {
    super_admin: await signInTestAdmin(testApp, 'super_admin'),
    operations: await signInTestAdmin(testApp, 'operations'),
    support: await signInTestAdmin(testApp, 'support'),
  };
  investorCookie = (await signUpInvestor(testApp, { email: 'jobs-investor@example.com' })).cookie;
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.database.db.delete(jobExecutionHistory);
  await testApp.database.db
    .delete(scheduledJobs)
    .where(eq(scheduledJobs.functionName, 'settle-ach-payments'));
  testApp.clock.set('2026-03-10T15:00:00Z');
});

type Headers = Record<string, string>;

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: object) {
  return testApp.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function listJobs(headers: Headers = admins.support.headers): Promise<JobListResponse> {
  const response = await call('GET', '/api/admin/jobs', headers);
  expect(response.statusCode).toBe(200);
  return response.json() as JobListResponse;
}

async function seededJob(name: string): Promise<ScheduledJobView> {
  const job = (await listJobs()).jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job;
}

const newJob = {
  name: 'Nightly settlement',
  description: '',
  functionName: 'settle-ach-payments',
  scheduleCron: '0  5 * * 1-5',
  configuration: { batchSize: 500 },
};

describe('GET /api/admin/jobs', () => {
  it('lists the jobs with schedule, next run and last run, the registered functions and the time zone', async () => {
    const body = await listJobs();
    expect(body.timeZone).toBe('America/New_York');
    expect(body.functions.map((definition) => definition.name)).toEqual(
      expect.arrayContaining([
        'calculate-daily-interest',
        'process-maturities',
        'settle-ach-payments',
        'process-withdrawals',
        'cleanup-expired-auth',
      ]),
    );
    const daily = body.jobs.find((job) => job.name === 'Daily interest');
    expect(daily).toMatchObject({
      functionName: 'calculate-daily-interest',
      scheduleCron: '0 1 * * *',
      enabled: true,
      nextRunAt: '2026-03-11T05:00:00.000Z',
      lastRun: null,
    });
  });

  it('is refused to investors and anonymous callers', async () => {
    expect((await call('GET', '/api/admin/jobs', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/jobs', { cookie: investorCookie })).statusCode).toBe(401);
  });
});

describe('creating and editing jobs', () => {
  it('creates an enabled job, storing an empty description as null and scheduling its next run', async () => {
    const response = await call('POST', '/api/admin/jobs', admins.operations.headers, newJob);
    expect(response.statusCode).toBe(201);
    expect(response.json().job).toMatchObject({
      name: 'Nightly settlement',
      description: null,
      functionName: 'settle-ach-payments',
      scheduleCron: '0 5 * * 1-5',
      configuration: { batchSize: 500 },
      enabled: true,
      nextRunAt: '2026-03-11T09:00:00.000Z',
    });
  });

  it('refuses a function that is not registered, naming the ones that are', async () => {
    const response = await call('POST', '/api/admin/jobs', admins.operations.headers, {
      ...newJob,
      functionName: 'send-newsletter',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^No server function named "send-newsletter" is registered\. Choose one of: .*calculate-daily-interest/,
    );
  });

  it('checks the schedule again on the server with the spec messages', async () => {
    const cases = [
      ['', 'Schedule is required'],
      ['0 0 * *', 'Invalid cron format. Must have 5 parts: minute hour day month weekday'],
      ['0 0 * * 8', 'Invalid cron values. Check ranges and syntax.'],
    ] as const;
    for (const [scheduleCron, message] of cases) {
      const response = await call('POST', '/api/admin/jobs', admins.operations.headers, {
        ...newJob,
        scheduleCron,
      });
      expect(response.statusCode, scheduleCron).toBe(400);
      expect(response.json().error.message).toBe(`scheduleCron: ${message}`);
    }
  });

  it('refuses a missing name, a configuration that is not an object, and a duplicate name', async () => {
    const noName = await call('POST', '/api/admin/jobs', admins.operations.headers, {
      ...newJob,
      name: '  ',
    });
    expect(noName.json().error.message).toBe('name: Job name is required');
    const list = await call('POST', '/api/admin/jobs', admins.operations.headers, {
      ...newJob,
      configuration: [1],
    });
    expect(list.statusCode).toBe(400);
    expect(list.json().error.message).toMatch(/Configuration must be a JSON object/);
    const duplicate = await call('POST', '/api/admin/jobs', admins.operations.headers, {
      ...newJob,
      name: 'daily INTEREST',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A job with this name already exists');
  });

  it('updates a job: a new schedule moves the next run, the same schedule keeps it', async () => {
    const job = await seededJob('Auth cleanup');
    const base = {
      name: job.name,
      description: 'Nightly',
      functionName: job.functionName,
      configuration: {},
    };
    const same = await call('PUT', `/api/admin/jobs/${job.id}`, admins.operations.headers, {
      ...base,
      scheduleCron: job.scheduleCron,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().job).toMatchObject({ description: 'Nightly', nextRunAt: job.nextRunAt });

    const moved = await call('PUT', `/api/admin/jobs/${job.id}`, admins.super_admin.headers, {
      ...base,
      scheduleCron: '45 16 * * *',
    });
    expect(moved.json().job).toMatchObject({
      scheduleCron: '45 16 * * *',
      nextRunAt: '2026-03-10T20:45:00.000Z',
    });

    const missing = await call(
      'PUT',
      '/api/admin/jobs/6b0c1f7e-3f43-4c55-9f0a-2d1c4b7e9a10',
      admins.operations.headers,
      { ...base, scheduleCron: '0 3 * * *' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('enables and disables a job; a disabled job has no next run', async () => {
    const job = await seededJob('Maturities');
    const off = await call('PATCH', `/api/admin/jobs/${job.id}/enabled`, admins.operations.headers, {
      enabled: false,
    });
    expect(off.json().job).toMatchObject({ enabled: false, nextRunAt: null });
    // Two days later (a new sign-in: the first session went idle): the missed firings do not run.
    testApp.clock.set('2026-03-12T12:00:00Z');
    const later = await signInTestAdmin(testApp, 'operations', 'operations-later@staff.example');
    const on = await call('PATCH', `/api/admin/jobs/${job.id}/enabled`, later.headers, { enabled: true });
    expect(on.json().job).toMatchObject({ enabled: true, nextRunAt: '2026-03-13T05:30:00.000Z' });
  });

  it('lets only super_admin and operations change jobs (PRODUCT.md 25)', async () => {
    const job = await seededJob('Maturities');
    const attempts = [
      () => call('POST', '/api/admin/jobs', admins.support.headers, newJob),
      () =>
        call('PUT', `/api/admin/jobs/${job.id}`, admins.support.headers, {
          ...newJob,
          functionName: job.functionName,
        }),
      () => call('PATCH', `/api/admin/jobs/${job.id}/enabled`, admins.support.headers, { enabled: false }),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/jobs', {}, newJob)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/jobs', { cookie: investorCookie }, newJob)).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/admin/jobs', { cookie: admins.operations.cookie }, newJob)).statusCode,
    ).toBe(403);
    expect((await seededJob('Maturities')).enabled).toBe(true);
  });
});

describe('run now and history', () => {
  function runNow(job: ScheduledJobView, headers: Headers) {
    return call('POST', `/functions/v1/${job.functionName}`, headers, {
      jobId: job.id,
      executionDate: '2026-03-10',
    });
  }

  it('runs a job now, answers recordsProcessed and records the run with the admin who ran it', async () => {
    const job = await seededJob('Auth cleanup');
    const response = await runNow(job, admins.operations.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recordsProcessed: expect.any(Number) });

    const history = await call('GET', `/api/admin/jobs/${job.id}/history`, admins.support.headers);
    expect(history.statusCode).toBe(200);
    const [entry] = history.json().history;
    expect(entry).toMatchObject({
      jobId: job.id,
      status: 'completed',
      trigger: 'manual',
      recordsProcessed: response.json().recordsProcessed,
      startedAt: '2026-03-10T15:00:00.000Z',
      completedAt: '2026-03-10T15:00:00.000Z',
      errorMessage: null,
    });
    expect(entry.executionMetadata).toMatchObject({
      trigger: 'manual',
      executionDate: '2026-03-10',
      triggeredBy: { adminUserId: admins.operations.id, name: 'Test operations' },
      result: { sessions: expect.any(Number), tokens: expect.any(Number) },
    });
    expect((await seededJob('Auth cleanup')).lastRun).toMatchObject({
      status: 'completed',
      trigger: 'manual',
    });
  });

  it('refuses run-now to support admins, investors and anonymous callers, and records nothing', async () => {
    const job = await seededJob('Auth cleanup');
    expect((await runNow(job, admins.support.headers)).statusCode).toBe(403);
    expect((await runNow(job, { cookie: investorCookie })).statusCode).toBe(401);
    expect((await runNow(job, {})).statusCode).toBe(401);
    const history = await call('GET', `/api/admin/jobs/${job.id}/history`, admins.support.headers);
    expect(history.json().history).toEqual([]);
  });

  it('refuses to start a job that is already running', async () => {
    const job = await seededJob('Auth cleanup');
    await testApp.database.db.insert(jobExecutionHistory).values({
      jobId: job.id,
      status: 'running',
      trigger: 'schedule',
      scheduledFor: new Date('2026-03-10T08:00:00Z'),
      startedAt: new Date('2026-03-10T14:59:00Z'),
      heartbeatAt: new Date('2026-03-10T14:59:30Z'),
    });
    const response = await runNow(job, admins.super_admin.headers);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This job is already running');
  });

  it('shows the newest 20 runs, newest first, and 404 for an unknown job', async () => {
    const job = await seededJob('Daily interest');
    await testApp.database.db.insert(jobExecutionHistory).values(
      Array.from({ length: 25 }, (_, index) => ({
        jobId: job.id,
        status: index % 5 === 0 ? 'failed' : 'completed',
        trigger: 'schedule',
        scheduledFor: new Date(Date.UTC(2026, 1, index + 1, 6)),
        startedAt: new Date(Date.UTC(2026, 1, index + 1, 6)),
        completedAt: new Date(Date.UTC(2026, 1, index + 1, 6, 0, 42)),
        recordsProcessed: index,
        errorMessage: index % 5 === 0 ? 'Ledger check failed' : null,
        executionMetadata: { accruedDays: index },
      })),
    );
    const response = await call('GET', `/api/admin/jobs/${job.id}/history`, admins.support.headers);
    const history = response.json().history as { recordsProcessed: number; startedAt: string }[];
    expect(history).toHaveLength(20);
    expect(history[0]).toMatchObject({ recordsProcessed: 24, startedAt: '2026-02-25T06:00:00.000Z' });
    expect(history.at(-1)?.recordsProcessed).toBe(5);
    expect(
      (
        await call(
          'GET',
          '/api/admin/jobs/6b0c1f7e-3f43-4c55-9f0a-2d1c4b7e9a10/history',
          admins.support.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/admin/jobs/${job.id}/history`, { cookie: investorCookie })).statusCode,
    ).toBe(401);
  });
});
