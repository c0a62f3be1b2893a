import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobRunMessages } from '../../../shared/jobs/run-contracts';
import { jobExecutionHistory, scheduledJobs } from '../../db/schema';
import type { JobFunctionInput } from '../../functions/job-functions';
import { registerErrorHandler } from '../../http/error-handler';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { type SignedInAdmin, signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { jobRunRoutes } from './routes';

let testApp: TestApp;
let jobApp: FastifyInstance;
const calls: JobFunctionInput[] = [];
let admins: Record<'super_admin' | 'operations' | 'support', SignedInAdmin>;

// The job route exposes whatever is in the registry when it is registered, so this file
// registers its own functions on the test app's context and mounts the route on a small app.
beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
  testApp.context.jobFunctions.register({
    name: 'test-count-calls',
    description: 'Counts its calls (test only)',
    run: async (_context, input) => {
      calls.push(input);
      return { recordsProcessed: calls.length };
    },
  });
  testApp.context.jobFunctions.register({
    name: 'test-always-fails',
    description: 'Throws (test only)',
    run: async () => {
      throw new Error('database unreachable');
    },
  });
  jobApp = Fastify();
  jobApp.setValidatorCompiler(validatorCompiler);
  jobApp.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(jobApp);
  await jobApp.register(fastifyCookie);
  await jobApp.register(jobRunRoutes(testApp.context));
  await jobApp.ready();
  admins = {
    super_admin: await signInTestAdmin(testApp, 'super_admin'),
    operations: await signInTestAdmin(testApp, 'operations'),
    support: await signInTestAdmin(testApp, 'support'),
  };
});
afterAll(async () => {
  await jobApp.close();
  await testApp.close();
});

function run(name: string, payload: unknown, headers: Record<string, string> = admins.operations.headers) {
  return jobApp.inject({ method: 'POST', url: `/functions/v1/${name}`, payload: payload as object, headers });
}

describe('POST /functions/v1/<job function>', () => {
  it('runs the function with the execution date and answers recordsProcessed', async () => {
    const response = await run('test-count-calls', { jobId: null, executionDate: '2026-03-10' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recordsProcessed: 1 });
    expect(calls.at(-1)).toEqual({ jobId: null, executionDate: '2026-03-10' });
  });

  it('hands a job its configuration, and refuses an unknown job or one calling another function', async () => {
    const [job] = await testApp.database.db
      .insert(scheduledJobs)
      .values({ name: 'Counting', functionName: 'test-count-calls', configuration: { batchSize: 50 } })
      .returning({ id: scheduledJobs.id });
    const response = await run('test-count-calls', { jobId: job?.id, executionDate: '2026-03-10' });
    expect(response.statusCode).toBe(200);
    expect(calls.at(-1)).toEqual({
      jobId: job?.id,
      executionDate: '2026-03-10',
      configuration: { batchSize: 50 },
    });

    const unknownJob = await run('test-count-calls', {
      jobId: '6b0c1f7e-3f43-4c55-9f0a-2d1c4b7e9a10',
      executionDate: '2026-03-10',
    });
    expect(unknownJob.statusCode).toBe(404);
    const otherFunction = await run('test-always-fails', { jobId: job?.id, executionDate: '2026-03-10' });
    expect(otherFunction.statusCode).toBe(400);
  });

  it('refuses a malformed body', async () => {
    for (const payload of [
      {},
      { executionDate: '2026-03-10' },
      { jobId: 'not-a-uuid', executionDate: '2026-03-10' },
      { jobId: null, executionDate: '2026-02-30' },
      { jobId: null, executionDate: '03/10/2026' },
    ]) {
      expect((await run('test-count-calls', payload)).statusCode).toBe(400);
    }
  });

  it('answers "Failed to execute job" when the function throws, without its details', async () => {
    const response = await run('test-always-fails', { jobId: null, executionDate: '2026-03-10' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'job_failed', message: 'Failed to execute job' } });
  });

  it('is for super_admin and operations only (PRODUCT.md 25 "jobs: run")', async () => {
    const before = calls.length;
    expect(
      (
        await run(
          'test-count-calls',
          { jobId: null, executionDate: '2026-03-10' },
          admins.super_admin.headers,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await run('test-count-calls', { jobId: null, executionDate: '2026-03-10' }, admins.support.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await run(
          'test-count-calls',
          { jobId: null, executionDate: '2026-03-10' },
          { cookie: admins.operations.cookie },
        )
      ).statusCode,
    ).toBe(403);
    expect((await run('test-count-calls', { jobId: null, executionDate: '2026-03-10' }, {})).statusCode).toBe(
      401,
    );
    expect(calls.length).toBe(before + 1);
  });
});

describe('a manual run uses the business date today (PRODUCT.md 32, issue 13.1)', () => {
  afterEach(() => {
    testApp.clock.set('2026-03-10T15:00:00Z');
  });

  it("runs for the server's business date when no date is sent", async () => {
    const response = await run('test-count-calls', { jobId: null });
    expect(response.statusCode).toBe(200);
    expect(calls.at(-1)).toEqual({ jobId: null, executionDate: '2026-03-10' });
  });

  it('takes the date in BUSINESS_TZ, not UTC: 02:30 UTC on the 11th is still the 10th in New York', async () => {
    testApp.clock.set('2026-03-11T02:30:00Z');
    const lateAdmin = await signInTestAdmin(testApp, 'operations', 'late.operations@staff.example');
    const response = await run('test-count-calls', { jobId: null }, lateAdmin.headers);
    expect(response.statusCode).toBe(200);
    expect(calls.at(-1)).toEqual({ jobId: null, executionDate: '2026-03-10' });
    const utcDate = await run(
      'test-count-calls',
      { jobId: null, executionDate: '2026-03-11' },
      lateAdmin.headers,
    );
    expect(utcDate.statusCode).toBe(400);
  });

  it('refuses any other date with 400 and a clear message, runs nothing and records nothing', async () => {
    const [job] = await testApp.database.db
      .insert(scheduledJobs)
      .values({ name: 'Counting for today', functionName: 'test-count-calls' })
      .returning({ id: scheduledJobs.id });
    const before = calls.length;
    for (const [executionDate, headers] of [
      ['2026-03-11', admins.operations.headers],
      ['2026-06-01', admins.operations.headers],
      ['2026-03-09', admins.operations.headers],
      // No catch-up for past days, not even for super_admin: the money jobs catch up by themselves.
      ['2025-12-31', admins.super_admin.headers],
    ] as const) {
      const response = await run('test-count-calls', { jobId: job!.id, executionDate }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'bad_request',
          message: jobRunMessages.notToday(executionDate, '2026-03-10', 'America/New_York'),
        },
      });
    }
    expect(jobRunMessages.notToday('2026-03-11', '2026-03-10', 'America/New_York')).toBe(
      "A manual run uses today's business date, 2026-03-10 (America/New_York); executionDate 2026-03-11 is refused. Leave executionDate out to run for today.",
    );
    expect(calls.length).toBe(before);
    const history = await testApp.database.db
      .select()
      .from(jobExecutionHistory)
      .where(eq(jobExecutionHistory.jobId, job!.id));
    expect(history).toEqual([]);
  });

  it('refuses dates outside 1900-2199 at the edge, like the 9999-12-31 that froze the server', async () => {
    const before = calls.length;
    for (const executionDate of ['9999-12-31', '+010000-01-01', '1899-12-31', '2200-01-01']) {
      const response = await run('test-count-calls', { jobId: null, executionDate });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(
        'executionDate must be a date from 1900-01-01 to 2199-12-31',
      );
    }
    expect(calls.length).toBe(before);
  });
});
