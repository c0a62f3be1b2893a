import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import { jobMessages, unknownFunctionMessage } from '../../../shared/jobs/job-contracts';
import { jobRunMessages, type JobRunTrigger } from '../../../shared/jobs/run-contracts';
import type { AppContext } from '../../context';
import { scheduledJobs } from '../../db/schema';
import type { JobFunctionInput, JobFunctionResult } from '../../functions/job-functions';
import { instanceIdOf } from './instance-identity';
import { finishRun, insertRunningRun, touchRunHeartbeat } from './run-history-repository';
import { observeJobRun } from '../metrics/app-metrics';

export interface JobRunOrigin {
  trigger: JobRunTrigger;
  /** The admin who pressed Run (manual runs). */
  adminUserId: string | null;
  /** Their name, kept in the run's execution details. */
  adminName?: string;
}

export interface JobRunInput {
  jobId: string | null;
  /** The date the caller expects; a manual run only ever runs for today's business date. */
  executionDate?: string;
}

/** While a run executes, its instance refreshes the heartbeat so others can tell it is alive. */
export const RUN_HEARTBEAT_INTERVAL_MS = 30_000;
/** A running run whose heartbeat is older than this belongs to an instance that died. */
export const RUN_STALE_AFTER_MS = 3 * 60_000;

const MAX_ERROR_MESSAGE_LENGTH = 2000;

/**
 * A manual run's execution date: today in BUSINESS_TZ, whatever the caller's clock says. Any
 * other date is refused rather than run: a future date would post interest, settle payments
 * and mature notes early, and a past one has nothing left to do, because the money functions
 * catch up every day up to the date they run for (decision 1301).
 */
function manualExecutionDate(context: AppContext, requested: string | undefined): string {
  const today = context.clock.today();
  if (requested !== undefined && requested !== today) {
    throw new AppError('bad_request', {
      message: jobRunMessages.notToday(requested, today, context.clock.timeZone),
    });
  }
  return today;
}

/**
 * The path of a manual run (the admin Run button and the HTTP function endpoint alike), for
 * today's business date. The scheduler's firings share executeRecordedRun. With a jobId, the job must exist and call this
 * function; its configuration is handed to the function, and the run is recorded in the
 * job's execution history (refused while the job is already running: a job never overlaps
 * with itself). Without a jobId the function runs unrecorded, as an API caller's one-off.
 */
export async function runJobFunction(
  context: AppContext,
  name: string,
  input: JobRunInput,
  origin: JobRunOrigin,
): Promise<JobFunctionResult> {
  const definition = context.jobFunctions.get(name);
  if (!definition) throw new AppError('not_found', { message: `Unknown job function ${name}` });
  const executionDate = manualExecutionDate(context, input.executionDate);
  if (!input.jobId) {
    context.log.info(
      { jobFunction: name, trigger: origin.trigger, adminUserId: origin.adminUserId, executionDate },
      'job function run without a job',
    );
    return definition.run(context, { jobId: null, executionDate });
  }
  const job = await loadJob(context, input.jobId);
  if (!job) throw new AppError('not_found', { message: jobMessages.notFound });
  if (job.functionName !== name) {
    throw new AppError('bad_request', { message: `That job calls ${job.functionName}, not ${name}` });
  }
  const baseMetadata: Record<string, unknown> = {
    trigger: origin.trigger,
    executionDate,
    ...(origin.adminUserId
      ? { triggeredBy: { adminUserId: origin.adminUserId, name: origin.adminName ?? null } }
      : {}),
  };
  const runId = await insertRunningRun(context.db, {
    jobId: job.id,
    trigger: origin.trigger,
    scheduledFor: null,
    executionDate,
    adminUserId: origin.adminUserId,
    instanceId: instanceIdOf(context),
    startedAt: context.clock.now(),
    metadata: baseMetadata,
  });
  if (!runId) throw new AppError('conflict', { message: jobMessages.alreadyRunning });
  return executeRecordedRun(context, {
    runId,
    jobId: job.id,
    functionName: name,
    configuration: job.configuration,
    executionDate,
    baseMetadata,
  });
}

export interface RecordedRun {
  runId: string;
  jobId: string;
  functionName: string;
  configuration: unknown;
  executionDate: string;
  /** How the run started (trigger, admin, slot); the function's own figures are added under `result`. */
  baseMetadata: Record<string, unknown>;
}

/**
 * Executes a run already recorded as running (by the Run button or a scheduler claim) and
 * records its outcome. A failure is recorded, then rethrown to the caller.
 */
export async function executeRecordedRun(context: AppContext, run: RecordedRun): Promise<JobFunctionResult> {
  const heartbeat = setInterval(() => {
    touchRunHeartbeat(context.db, run.runId, context.clock.now()).catch((error: unknown) =>
      context.log.warn({ err: error, runId: run.runId }, 'could not refresh the job run heartbeat'),
    );
  }, RUN_HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  const startedAt = performance.now();
  const observe = (outcome: 'completed' | 'failed') =>
    observeJobRun(context, run.functionName, outcome, (performance.now() - startedAt) / 1000);
  try {
    const definition = context.jobFunctions.get(run.functionName);
    if (!definition) {
      throw new AppError('not_found', {
        message: unknownFunctionMessage(run.functionName, context.jobFunctions.names()),
      });
    }
    const input: JobFunctionInput = {
      jobId: run.jobId,
      executionDate: run.executionDate,
      configuration: isPlainObject(run.configuration) ? run.configuration : {},
    };
    const result = await definition.run(context, input);
    await recordOutcome(context, run, {
      status: 'completed',
      recordsProcessed: result.recordsProcessed,
      errorMessage: null,
      metadata: { ...run.baseMetadata, ...(result.metadata ? { result: result.metadata } : {}) },
    });
    observe('completed');
    return result;
  } catch (error) {
    observe('failed');
    context.log.error({ err: error, jobId: run.jobId, jobFunction: run.functionName }, 'job run failed');
    await recordOutcome(context, run, {
      status: 'failed',
      recordsProcessed: 0,
      errorMessage: errorMessageOf(error),
      metadata: run.baseMetadata,
    }).catch((recordError: unknown) =>
      context.log.error({ err: recordError, runId: run.runId }, 'could not record the failed job run'),
    );
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

async function recordOutcome(
  context: AppContext,
  run: RecordedRun,
  outcome: {
    status: 'completed' | 'failed';
    recordsProcessed: number;
    errorMessage: string | null;
    metadata: Record<string, unknown>;
  },
): Promise<void> {
  const isRecorded = await finishRun(context.db, run.runId, { ...outcome, completedAt: context.clock.now() });
  if (!isRecorded) {
    context.log.warn(
      { runId: run.runId, jobId: run.jobId, status: outcome.status },
      'job run finished after it was declared interrupted; its outcome is not recorded',
    );
  }
}

async function loadJob(context: AppContext, jobId: string) {
  const [job] = await context.db
    .select({
      id: scheduledJobs.id,
      functionName: scheduledJobs.functionName,
      configuration: scheduledJobs.configuration,
    })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.id, jobId));
  return job ?? null;
}

function errorMessageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.trim() || 'The job function failed without a message').slice(0, MAX_ERROR_MESSAGE_LENGTH);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
