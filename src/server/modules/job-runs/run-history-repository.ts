import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { JobRunTrigger } from '../../../shared/jobs/run-contracts';
import type { Executor } from '../../db/client';
import { jobExecutionHistory, scheduledJobs } from '../../db/schema';

export interface NewRunningRun {
  jobId: string;
  trigger: JobRunTrigger;
  /** The cron slot a scheduled run fires; null for manual runs. */
  scheduledFor: Date | null;
  executionDate: string;
  adminUserId: string | null;
  instanceId: string;
  startedAt: Date;
  metadata: Record<string, unknown>;
}

/**
 * Records a run as started. Returns null instead of inserting when the job already has a
 * running run (one_running_key) or this slot was already fired (slot_key).
 */
export async function insertRunningRun(executor: Executor, run: NewRunningRun): Promise<string | null> {
  const [row] = await executor
    .insert(jobExecutionHistory)
    .values({
      jobId: run.jobId,
      status: 'running',
      trigger: run.trigger,
      scheduledFor: run.scheduledFor,
      executionDate: run.executionDate,
      triggeredByAdminId: run.adminUserId,
      instanceId: run.instanceId,
      startedAt: run.startedAt,
      heartbeatAt: run.startedAt,
      executionMetadata: run.metadata,
    })
    .onConflictDoNothing()
    .returning({ id: jobExecutionHistory.id });
  if (row) {
    await executor
      .update(scheduledJobs)
      .set({ lastRunAt: run.startedAt })
      .where(eq(scheduledJobs.id, run.jobId));
  }
  return row?.id ?? null;
}

export async function hasRunningRun(executor: Executor, jobId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: jobExecutionHistory.id })
    .from(jobExecutionHistory)
    .where(and(eq(jobExecutionHistory.jobId, jobId), eq(jobExecutionHistory.status, 'running')))
    .limit(1);
  return Boolean(row);
}

export interface RunOutcome {
  status: 'completed' | 'failed';
  recordsProcessed: number;
  completedAt: Date;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Records how a run ended. Only a run still marked running is updated, so a run another
 * instance already declared interrupted stays failed. Returns whether the row was updated.
 */
export async function finishRun(executor: Executor, runId: string, outcome: RunOutcome): Promise<boolean> {
  const rows = await executor
    .update(jobExecutionHistory)
    .set({
      status: outcome.status,
      recordsProcessed: outcome.recordsProcessed,
      completedAt: outcome.completedAt,
      errorMessage: outcome.errorMessage,
      executionMetadata: outcome.metadata,
      heartbeatAt: null,
    })
    .where(and(eq(jobExecutionHistory.id, runId), eq(jobExecutionHistory.status, 'running')))
    .returning({ id: jobExecutionHistory.id });
  return rows.length > 0;
}

export async function touchRunHeartbeat(executor: Executor, runId: string, now: Date): Promise<void> {
  await executor
    .update(jobExecutionHistory)
    .set({ heartbeatAt: now })
    .where(and(eq(jobExecutionHistory.id, runId), eq(jobExecutionHistory.status, 'running')));
}

export const interruptedRunMessage =
  'Interrupted: the server running this job stopped before it finished. The job runs again at its next scheduled time.';

/**
 * Marks as failed the running runs whose instance stopped: every running run when `staleBefore`
 * is null (only one process can hold the database), otherwise those whose heartbeat is older.
 */
export async function failInterruptedRuns(
  executor: Executor,
  input: { now: Date; staleBefore: Date | null },
): Promise<number> {
  const isRunning = eq(jobExecutionHistory.status, 'running');
  const rows = await executor
    .update(jobExecutionHistory)
    .set({
      status: 'failed',
      completedAt: input.now,
      errorMessage: interruptedRunMessage,
      heartbeatAt: null,
    })
    .where(
      input.staleBefore
        ? and(
            isRunning,
            or(
              isNull(jobExecutionHistory.heartbeatAt),
              lt(jobExecutionHistory.heartbeatAt, input.staleBefore),
            ),
          )
        : isRunning,
    )
    .returning({ id: jobExecutionHistory.id });
  return rows.length;
}

/** Deletes finished runs that started before `before` (JOB_HISTORY_RETENTION_DAYS). */
export async function pruneRunHistory(executor: Executor, before: Date): Promise<number> {
  const rows = await executor
    .delete(jobExecutionHistory)
    .where(and(lt(jobExecutionHistory.startedAt, before), ne(jobExecutionHistory.status, 'running')))
    .returning({ id: jobExecutionHistory.id });
  return rows.length;
}
