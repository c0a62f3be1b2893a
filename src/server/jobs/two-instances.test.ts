import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInput } from '../../shared/jobs/job-contracts';
import { buildApp, type BuiltApp } from '../app';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { jobExecutionHistory } from '../db/schema';
import { createJob } from '../modules/jobs/service';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { isPostgresRun } from '../test-support/test-database';
import {
  deleteAllJobs,
  type RecordedCall,
  registerTestJobFunctions,
} from '../test-support/job-test-functions';
import { createScheduler, failRunsInterruptedByAStop, type Scheduler } from './scheduler';

/**
 * Two app instances on one PostgreSQL schema with one movable clock, ticking at the same
 * moments: every firing must run exactly once. PGlite is a single connection, so this
 * runs on PostgreSQL only (CI's PostgreSQL run always includes it).
 */
describe.skipIf(!isPostgresRun())('two app instances on one PostgreSQL', () => {
  let first: TestApp;
  let secondHandle: DatabaseHandle;
  let second: BuiltApp;
  let schedulers: Scheduler[];
  const calls: RecordedCall[] = [];
  let holdOnFirst: ReturnType<typeof registerTestJobFunctions>;

  beforeAll(async () => {
    first = await createTestApp({ start: '2026-03-10T14:58:00Z' });
    secondHandle = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      searchPath: first.database.schemaName,
      poolSize: 6,
    });
    second = await buildApp({
      config: first.config,
      database: secondHandle,
      clock: first.clock,
      webRoot: null,
      logger: false,
    });
    await second.app.ready();
    holdOnFirst = registerTestJobFunctions(first.context, 'A', calls);
    registerTestJobFunctions(second.context, 'B', calls);
    schedulers = [createScheduler(first.context), createScheduler(second.context)];
    await deleteAllJobs(first.context);
  });
  afterAll(async () => {
    for (const scheduler of schedulers ?? []) await scheduler.stop();
    await second?.app.close();
    await secondHandle?.close();
    await first?.close();
  });

  it('runs each due slot exactly once, whichever instance claims it', async () => {
    const jobs = await Promise.all(
      [
        ['Every five minutes', '*/5 * * * *'],
        ['Every ten minutes', '*/10 * * * *'],
        ['Hourly', '0 * * * *'],
        ['Half past', '30 * * * *'],
      ].map(([name, scheduleCron]) =>
        createJob(
          first.context,
          null,
          jobInput.parse({
            name,
            description: null,
            functionName: 'test-record',
            scheduleCron,
            configuration: {},
          }),
        ),
      ),
    );
    // Two hours, ticking every 30 seconds on both instances at once.
    for (let step = 1; step <= 240; step += 1) {
      first.clock.advance(30_000);
      const now = first.clock.now();
      await Promise.all(schedulers.map((scheduler) => scheduler.tick(now)));
    }

    const expectedSlots = { 'Every five minutes': 24, 'Every ten minutes': 12, Hourly: 2, 'Half past': 2 };
    for (const job of jobs) {
      const runs = await first.database.db
        .select()
        .from(jobExecutionHistory)
        .where(eq(jobExecutionHistory.jobId, job.id))
        .orderBy(asc(jobExecutionHistory.scheduledFor));
      const slots = runs.map((run) => run.scheduledFor?.toISOString());
      expect(new Set(slots).size, job.name).toBe(runs.length);
      expect(runs.length, job.name).toBe(expectedSlots[job.name as keyof typeof expectedSlots]);
      expect(runs.every((run) => run.status === 'completed')).toBe(true);
      expect(calls.filter((call) => call.jobId === job.id)).toHaveLength(runs.length);
    }
    // Both instances took part, so the claims really competed.
    expect(new Set(calls.map((call) => call.instance))).toEqual(new Set(['A', 'B']));
  });

  it('a starting instance leaves another live instance’s running run alone', async () => {
    await deleteAllJobs(first.context);
    const job = await createJob(
      first.context,
      null,
      jobInput.parse({
        name: 'Long',
        description: null,
        functionName: 'test-hold',
        scheduleCron: '0 * * * *',
        configuration: {},
      }),
    );
    first.clock.set('2026-03-10T18:00:00Z');
    const held = holdOnFirst.hold();
    const running = schedulers[0]?.tick(first.clock.now());
    await held.started;

    first.clock.advance(60_000); // well inside the heartbeat window
    expect(await failRunsInterruptedByAStop(second.context)).toBe(0);
    expect((await schedulers[1]?.tick(first.clock.now()))?.interruptedRuns).toBe(0);

    held.release();
    await running;
    const [run] = await first.database.db
      .select()
      .from(jobExecutionHistory)
      .where(eq(jobExecutionHistory.jobId, job.id));
    expect(run?.status).toBe('completed');
  });
});
