import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobInput } from '../../shared/jobs/job-contracts';
import { buildApp } from '../app';
import { jobExecutionHistory, scheduledJobs } from '../db/schema';
import { type SignedInAdmin, signInTestAdmin } from '../modules/admin-auth/admin-test-helpers';
import { interruptedRunMessage } from '../modules/job-runs/run-history-repository';
import { runJobFunction } from '../modules/job-runs/service';
import { createJob, setJobEnabled } from '../modules/jobs/service';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { openDatabase } from '../db/client';
import {
  deleteAllJobs,
  type RecordedCall,
  registerTestJobFunctions,
} from '../test-support/job-test-functions';
import { createScheduler, type Scheduler } from './scheduler';

let testApp: TestApp;
let scheduler: Scheduler;
let functions: ReturnType<typeof registerTestJobFunctions>;
const calls: RecordedCall[] = [];
let operations: SignedInAdmin;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  functions = registerTestJobFunctions(testApp.context, 'A', calls);
  scheduler = createScheduler(testApp.context);
});
afterAll(async () => {
  await scheduler.stop();
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  await deleteAllJobs(testApp.context);
  calls.length = 0;
  testApp.clock.set('2026-03-10T15:00:00Z');
});

async function addJob(name: string, functionName: string, scheduleCron: string) {
  return createJob(
    testApp.context,
    null,
    jobInput.parse({ name, description: null, functionName, scheduleCron, configuration: { batch: 10 } }),
  );
}

async function historyOf(jobId: string) {
  return testApp.database.db
    .select()
    .from(jobExecutionHistory)
    .where(eq(jobExecutionHistory.jobId, jobId))
    .orderBy(asc(jobExecutionHistory.startedAt));
}

async function tickAt(instant: string) {
  testApp.clock.set(instant);
  return scheduler.tick(testApp.clock.now());
}

describe('scheduler', () => {
  it('runs a due firing once, records it, and moves to the next slot', async () => {
    const job = await addJob('Hourly', 'test-record', '0 * * * *');
    expect(job.nextRunAt).toBe('2026-03-10T16:00:00.000Z');

    expect((await tickAt('2026-03-10T15:59:59Z')).runs).toEqual([]);
    const report = await tickAt('2026-03-10T16:00:04Z');
    expect(report.runs.map((run) => [run.jobName, run.status, run.recordsProcessed])).toEqual([
      ['Hourly', 'completed', 3],
    ]);
    expect((await tickAt('2026-03-10T16:00:20Z')).runs).toEqual([]);

    expect(calls).toEqual([
      { jobId: job.id, executionDate: '2026-03-10', configuration: { batch: 10 }, instance: 'A' },
    ]);
    const [run] = await historyOf(job.id);
    expect(run).toMatchObject({
      status: 'completed',
      trigger: 'schedule',
      recordsProcessed: 3,
      executionDate: '2026-03-10',
      errorMessage: null,
      scheduledFor: new Date('2026-03-10T16:00:00Z'),
      startedAt: new Date('2026-03-10T16:00:04Z'),
      completedAt: new Date('2026-03-10T16:00:04Z'),
      triggeredByAdminId: null,
    });
    expect(run?.executionMetadata).toEqual({
      result: { recordedBy: 'A' },
      trigger: 'schedule',
      scheduledFor: '2026-03-10T16:00:00.000Z',
      executionDate: '2026-03-10',
    });
    const [row] = await testApp.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row?.nextRunAt?.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(row?.lastRunAt?.toISOString()).toBe('2026-03-10T16:00:04.000Z');
  });

  it('uses the business date of the firing as the execution date', async () => {
    const job = await addJob('Late evening', 'test-record', '0 23 * * *');
    await tickAt('2026-03-11T03:00:02Z'); // 23:00:02 on 10 March in New York, 11 March in UTC
    expect(calls.map((call) => call.executionDate)).toEqual(['2026-03-10']);
    expect((await historyOf(job.id))[0]?.executionDate).toBe('2026-03-10');
  });

  it('does not fire a disabled job, and skips what it missed while disabled', async () => {
    const job = await addJob('Quarter hour', 'test-record', '*/15 * * * *');
    await setJobEnabled(testApp.context, null, job.id, false);
    await tickAt('2026-03-10T15:15:00Z');
    await tickAt('2026-03-10T16:40:00Z');
    expect(calls).toEqual([]);

    const enabled = await setJobEnabled(testApp.context, null, job.id, true);
    expect(enabled.nextRunAt).toBe('2026-03-10T16:45:00.000Z');
    expect((await tickAt('2026-03-10T16:44:00Z')).runs).toEqual([]);
    expect((await tickAt('2026-03-10T16:45:00Z')).runs).toHaveLength(1);
  });

  it('runs firings missed while everything was down once, on start-up', async () => {
    const job = await addJob('Daily interest test', 'test-record', '0 1 * * *');
    expect(job.nextRunAt).toBe('2026-03-11T05:00:00.000Z');
    // Down from 10 March until 13 March 09:00 New York: three 01:00 firings passed.
    testApp.clock.set('2026-03-13T13:00:00Z');
    const starting = createScheduler(testApp.context, { intervalMs: 3_600_000 });
    await starting.start();
    await starting.tick(); // joins the start-up tick in flight
    await starting.stop();

    expect(calls.map((call) => call.executionDate)).toEqual(['2026-03-13']);
    const runs = await historyOf(job.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.scheduledFor?.toISOString()).toBe('2026-03-11T05:00:00.000Z');
    expect(runs[0]?.executionMetadata).toMatchObject({ missedFirings: 2 });
    const [row] = await testApp.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id));
    expect(row?.nextRunAt?.toISOString()).toBe('2026-03-14T05:00:00.000Z');
  });

  it('records a failure with its message and still runs the other due jobs', async () => {
    const failing = await addJob('Fails', 'test-fail', '0 16 * * *');
    const fine = await addJob('Works', 'test-record', '0 16 * * *');
    const report = await tickAt('2026-03-10T20:00:00Z');
    expect(report.runs.map((run) => [run.jobName, run.status])).toEqual([
      ['Fails', 'failed'],
      ['Works', 'completed'],
    ]);
    const [failed] = await historyOf(failing.id);
    expect(failed).toMatchObject({
      status: 'failed',
      recordsProcessed: 0,
      errorMessage: 'Ledger check failed: 2 notes out of balance',
      completedAt: new Date('2026-03-10T20:00:00Z'),
    });
    expect((await historyOf(fine.id))[0]?.status).toBe('completed');
  });

  it('fails, with a clear message, a job whose function is not registered', async () => {
    const [job] = await testApp.database.db
      .insert(scheduledJobs)
      .values({ name: 'Orphan', functionName: 'no-such-function', scheduleCron: '0 * * * *' })
      .returning();
    await tickAt('2026-03-10T15:30:00Z'); // schedules it
    await tickAt('2026-03-10T16:00:00Z');
    const [run] = await historyOf(job?.id ?? '');
    expect(run?.status).toBe('failed');
    expect(run?.errorMessage).toMatch(
      /^No server function named "no-such-function" is registered\. Choose one of: /,
    );
  });

  it('never overlaps a job with itself: a due firing waits for the manual run in progress', async () => {
    operations = await signInTestAdmin(testApp, 'operations');
    const job = await addJob('Held', 'test-hold', '0 * * * *');
    const held = functions.hold();
    testApp.clock.set('2026-03-10T15:58:00Z');
    const manual = runJobFunction(
      testApp.context,
      'test-hold',
      { jobId: job.id, executionDate: '2026-03-10' },
      { trigger: 'manual', adminUserId: operations.id, adminName: 'Test operations' },
    );
    await held.started;

    expect((await tickAt('2026-03-10T16:00:00Z')).runs).toEqual([]);
    await expect(
      runJobFunction(
        testApp.context,
        'test-hold',
        { jobId: job.id, executionDate: '2026-03-10' },
        { trigger: 'manual', adminUserId: operations.id },
      ),
    ).rejects.toMatchObject({ code: 'conflict', message: 'This job is already running' });

    held.release();
    await manual;
    const next = functions.hold();
    const tick = tickAt('2026-03-10T16:00:30Z');
    await next.started;
    next.release();
    expect((await tick).runs).toHaveLength(1);
    const runs = await historyOf(job.id);
    expect(runs.map((run) => [run.trigger, run.status])).toEqual([
      ['manual', 'completed'],
      ['schedule', 'completed'],
    ]);
    expect(runs[0]?.triggeredByAdminId).toBe(operations.id);
    expect(runs[0]?.executionMetadata).toMatchObject({
      trigger: 'manual',
      triggeredBy: { adminUserId: operations.id, name: 'Test operations' },
    });
  });

  it('records a run that died with its process as failed when the next instance starts', async () => {
    const job = await addJob('Crashes', 'test-hold', '0 * * * *');
    const held = functions.hold();
    const dying = tickAt('2026-03-10T16:00:00Z');
    await held.started;
    expect((await historyOf(job.id))[0]?.status).toBe('running');

    // The process "dies" here (its run never reports back). A new instance starts later on the same database.
    testApp.clock.set('2026-03-10T16:05:00Z');
    const secondHandle = testApp.database.schemaName
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, searchPath: testApp.database.schemaName })
      : testApp.database;
    const next = await buildApp({
      config: testApp.config,
      database: secondHandle,
      clock: testApp.clock,
      webRoot: null,
      logger: false,
    });
    await next.app.ready();

    const [run] = await historyOf(job.id);
    expect(run).toMatchObject({
      status: 'failed',
      errorMessage: interruptedRunMessage,
      completedAt: new Date('2026-03-10T16:05:00Z'),
    });
    // Should the old process still report back, the failure stands.
    held.release();
    await dying;
    expect((await historyOf(job.id))[0]?.status).toBe('failed');

    await next.app.close();
    if (secondHandle !== testApp.database) await secondHandle.close();
  });

  it('prunes history older than the retention age', async () => {
    const job = await addJob('Old runs', 'test-record', '0 0 1 1 *');
    await testApp.database.db.insert(jobExecutionHistory).values([
      { jobId: job.id, status: 'completed', trigger: 'manual', startedAt: new Date('2025-11-01T00:00:00Z') },
      { jobId: job.id, status: 'failed', trigger: 'manual', startedAt: new Date('2025-12-09T00:00:00Z') },
      { jobId: job.id, status: 'completed', trigger: 'manual', startedAt: new Date('2026-03-01T00:00:00Z') },
    ]);
    const pruning = createScheduler(testApp.context);
    const report = await pruning.tick(new Date('2026-03-10T15:00:00Z'));
    expect(report.prunedRuns).toBe(2); // 90 days by default
    expect((await historyOf(job.id)).map((run) => run.startedAt.toISOString())).toEqual([
      '2026-03-01T00:00:00.000Z',
    ]);
  });

  it('fires the seeded jobs, and the money functions run from them', async () => {
    await testApp.reset();
    const seeded = await testApp.database.db.select().from(scheduledJobs);
    expect(seeded.map((job) => job.functionName).sort()).toEqual([
      'backup',
      'calculate-daily-interest',
      'cleanup-expired-auth',
      'coverage-snapshot',
      'generate-monthly-statements',
      'liquidity-check',
      'pay-early-redemptions',
      'process-maturities',
      'process-withdrawals',
      'reconcile-ach-payments',
      'send-scheduled-campaigns',
      'settle-ach-payments',
      'sync-ach-events',
      'verify-backup',
    ]);
    const fresh = createScheduler(testApp.context);
    expect((await fresh.tick(new Date('2026-03-10T15:00:00Z'))).scheduledJobs).toBe(12);
    // 11 March, 02:00:30 New York: daily interest (01:00), maturities (01:30), withdrawals (02:00).
    const report = await fresh.tick(new Date('2026-03-11T06:00:30Z'));
    const byName = new Map(report.runs.map((run) => [run.jobName, run.status]));
    expect(byName.get('Daily interest')).toBe('completed');
    expect(byName.get('Maturities')).toBe('completed');
    expect(byName.get('Quarter-end withdrawals')).toBe('completed');
    expect(byName.has('ACH settlement')).toBe(false);
    expect(byName.has('Auth cleanup')).toBe(false);
  });
});
