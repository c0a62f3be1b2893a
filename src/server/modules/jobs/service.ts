import { AppError } from '../../../shared/errors/app-error';
import { nextRunTime } from '../../../shared/jobs/cron-rules';
import {
  JOB_HISTORY_LIMIT,
  type JobHistoryEntry,
  type JobListResponse,
  jobMessages,
  type ScheduledJobView,
  unknownFunctionMessage,
  type ValidJobInput,
} from '../../../shared/jobs/job-contracts';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import {
  insertJob,
  type JobRunRow,
  type ScheduledJobRow,
  selectJob,
  selectJobByName,
  selectJobHistory,
  selectJobs,
  selectLatestRuns,
  updateJobRow,
} from './repository';

export async function listJobs(context: AppContext): Promise<JobListResponse> {
  const jobs = await selectJobs(context.db);
  const latestRuns = await selectLatestRuns(
    context.db,
    jobs.map((job) => job.id),
  );
  return {
    jobs: jobs.map((job) => toJobView(context, job, latestRuns.get(job.id) ?? null)),
    functions: context.jobFunctions.names().map((name) => ({
      name,
      description: context.jobFunctions.get(name)?.description ?? '',
    })),
    timeZone: context.config.BUSINESS_TZ,
    businessDate: context.clock.today(),
  };
}

/** Jobs run named server functions: a name nobody registered is refused (PRODUCT.md 30). */
function assertRegisteredFunction(context: AppContext, functionName: string): void {
  if (!context.jobFunctions.has(functionName)) {
    throw new AppError('validation_failed', {
      message: unknownFunctionMessage(functionName, context.jobFunctions.names()),
    });
  }
}

async function assertNameIsFree(context: AppContext, name: string, exceptId: string | null): Promise<void> {
  const existing = await selectJobByName(context.db, name);
  if (existing && existing.id !== exceptId)
    throw new AppError('conflict', { message: jobMessages.duplicateName });
}

/** The fields of a job the audit log compares. */
function auditedJob(job: ScheduledJobRow): Record<string, unknown> {
  return {
    name: job.name,
    description: job.description,
    function_name: job.functionName,
    schedule_cron: job.scheduleCron,
    enabled: job.enabled,
    configuration: job.configuration,
  };
}

/** Audits a job write when an admin made it (the scheduler's own writes and test set-ups have no admin). */
async function auditJob(
  tx: Executor,
  admin: AdminPrincipal | null,
  entry: { action: string; jobId: string; before: ScheduledJobRow | null; after: ScheduledJobRow; at: Date },
): Promise<void> {
  if (!admin) return;
  await recordAdminAudit(tx, {
    ...auditBy(admin),
    action: entry.action,
    target: { type: 'job', id: entry.jobId },
    before: entry.before ? auditedJob(entry.before) : null,
    after: auditedJob(entry.after),
    at: entry.at,
  });
}

export async function createJob(
  context: AppContext,
  admin: AdminPrincipal | null,
  input: ValidJobInput,
): Promise<ScheduledJobView> {
  assertRegisteredFunction(context, input.functionName);
  await assertNameIsFree(context, input.name, null);
  const now = context.clock.now();
  const job = await context.db
    .transaction(async (tx) => {
      const created = await insertJob(tx, {
        ...input,
        nextRunAt: nextRunTime(input.scheduleCron, context.config.BUSINESS_TZ, now),
        now,
      });
      await auditJob(tx, admin, {
        action: 'job.create',
        jobId: created.id,
        before: null,
        after: created,
        at: now,
      });
      return created;
    })
    .catch(rethrowDuplicateName);
  return toJobView(context, job, null);
}

export async function updateJob(
  context: AppContext,
  admin: AdminPrincipal | null,
  id: string,
  input: ValidJobInput,
): Promise<ScheduledJobView> {
  const current = await selectJob(context.db, id);
  if (!current) throw new AppError('not_found', { message: jobMessages.notFound });
  assertRegisteredFunction(context, input.functionName);
  await assertNameIsFree(context, input.name, id);
  const now = context.clock.now();
  // An unchanged schedule keeps its pending slot, so saving a job never swallows a due firing.
  const nextRunAt = !current.enabled
    ? null
    : current.scheduleCron === input.scheduleCron && current.nextRunAt
      ? current.nextRunAt
      : nextRunTime(input.scheduleCron, context.config.BUSINESS_TZ, now);
  const job = await context.db
    .transaction(async (tx) => {
      const updated = await updateJobRow(tx, id, { ...input, nextRunAt, now });
      if (updated)
        await auditJob(tx, admin, {
          action: 'job.update',
          jobId: id,
          before: current,
          after: updated,
          at: now,
        });
      return updated;
    })
    .catch(rethrowDuplicateName);
  if (!job) throw new AppError('not_found', { message: jobMessages.notFound });
  return withLatestRun(context, job);
}

/** Enabling schedules the next slot after now (firings missed while disabled never run); disabling clears it. */
export async function setJobEnabled(
  context: AppContext,
  admin: AdminPrincipal | null,
  id: string,
  enabled: boolean,
): Promise<ScheduledJobView> {
  const current = await selectJob(context.db, id);
  if (!current) throw new AppError('not_found', { message: jobMessages.notFound });
  const now = context.clock.now();
  const nextRunAt = enabled
    ? current.enabled && current.nextRunAt
      ? current.nextRunAt
      : nextRunTime(current.scheduleCron, context.config.BUSINESS_TZ, now)
    : null;
  const job = await context.db.transaction(async (tx) => {
    const updated = await updateJobRow(tx, id, { enabled, nextRunAt, now });
    if (updated && updated.enabled !== current.enabled) {
      await auditJob(tx, admin, {
        action: enabled ? 'job.enable' : 'job.disable',
        jobId: id,
        before: current,
        after: updated,
        at: now,
      });
    }
    return updated;
  });
  if (!job) throw new AppError('not_found', { message: jobMessages.notFound });
  return withLatestRun(context, job);
}

export async function listJobHistory(context: AppContext, id: string): Promise<JobHistoryEntry[]> {
  const job = await selectJob(context.db, id);
  if (!job) throw new AppError('not_found', { message: jobMessages.notFound });
  const runs = await selectJobHistory(context.db, id, JOB_HISTORY_LIMIT);
  return runs.map((run) => ({
    id: run.id,
    jobId: run.jobId,
    status: run.status,
    trigger: run.trigger,
    recordsProcessed: run.recordsProcessed,
    startedAt: run.startedAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    errorMessage: run.errorMessage,
    executionMetadata: asObject(run.executionMetadata),
  }));
}

async function withLatestRun(context: AppContext, job: ScheduledJobRow): Promise<ScheduledJobView> {
  const latest = await selectLatestRuns(context.db, [job.id]);
  return toJobView(context, job, latest.get(job.id) ?? null);
}

function toJobView(context: AppContext, job: ScheduledJobRow, lastRun: JobRunRow | null): ScheduledJobView {
  // A job the scheduler has not picked up yet (just seeded) shows its next slot by the schedule.
  const nextRunAt = job.enabled
    ? (job.nextRunAt ?? nextRunTime(job.scheduleCron, context.config.BUSINESS_TZ, context.clock.now()))
    : null;
  return {
    id: job.id,
    name: job.name,
    description: job.description,
    functionName: job.functionName,
    scheduleCron: job.scheduleCron,
    enabled: job.enabled,
    configuration: asObject(job.configuration),
    nextRunAt: nextRunAt?.toISOString() ?? null,
    lastRun: lastRun
      ? {
          id: lastRun.id,
          status: lastRun.status,
          trigger: lastRun.trigger,
          recordsProcessed: lastRun.recordsProcessed,
          startedAt: lastRun.startedAt.toISOString(),
          completedAt: lastRun.completedAt?.toISOString() ?? null,
        }
      : null,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function rethrowDuplicateName(error: unknown): never {
  if (hasPostgresCode(error, '23505')) throw new AppError('conflict', { message: jobMessages.duplicateName });
  throw error;
}

function hasPostgresCode(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && (current as { code?: unknown }).code === code) {
      return true;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
