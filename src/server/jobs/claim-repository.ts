import { and, asc, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { nextRunTime, nextRunTimes } from '../../shared/jobs/cron-rules';
import type { Database } from '../db/client';
import { jobExecutionHistory, scheduledJobs } from '../db/schema';
import { insertRunningRun } from '../modules/job-runs/run-history-repository';

export interface ClaimedFiring {
  runId: string;
  jobId: string;
  jobName: string;
  functionName: string;
  configuration: unknown;
  /** The cron slot claimed (the job's next_run_at when it was claimed). */
  scheduledFor: Date;
  /** Further slots that passed while nothing ran (down time); they are folded into this run. */
  missedFirings: number;
  nextRunAt: Date | null;
}

/** Enabled jobs with no next run yet (new seeds, jobs saved before the scheduler ran) get one. */
export async function scheduleUnscheduledJobs(
  db: Database,
  input: { now: Date; timeZone: string },
): Promise<{ scheduled: number; invalid: string[] }> {
  const jobs = await db
    .select({ id: scheduledJobs.id, name: scheduledJobs.name, cron: scheduledJobs.scheduleCron })
    .from(scheduledJobs)
    .where(and(eq(scheduledJobs.enabled, true), isNull(scheduledJobs.nextRunAt)));
  let scheduled = 0;
  const invalid: string[] = [];
  for (const job of jobs) {
    const next = nextRunTime(job.cron, input.timeZone, input.now);
    if (!next) {
      invalid.push(job.name);
      continue;
    }
    const rows = await db
      .update(scheduledJobs)
      .set({ nextRunAt: next })
      .where(
        and(eq(scheduledJobs.id, job.id), eq(scheduledJobs.enabled, true), isNull(scheduledJobs.nextRunAt)),
      )
      .returning({ id: scheduledJobs.id });
    scheduled += rows.length;
  }
  return { scheduled, invalid };
}

const MISSED_FIRINGS_COUNTED = 1000;

/**
 * Claims the earliest due firing of an enabled job that is not running, in one transaction:
 * the job row is locked (`FOR UPDATE SKIP LOCKED`, so concurrent instances each take a
 * different job or none), its run is recorded as running for that slot, and next_run_at moves
 * to the first slot after now. With N instances each firing therefore runs once; the unique
 * (job, slot) and one-running-run indexes back this up. Returns null when nothing is due.
 */
export async function claimDueFiring(
  db: Database,
  input: {
    now: Date;
    timeZone: string;
    executionDate: string;
    instanceId: string;
    /** Jobs this tick already looked at. */
    skipJobIds: string[];
  },
): Promise<ClaimedFiring | 'retry' | null> {
  return db.transaction(async (tx) => {
    const isRunning = sql`exists (select 1 from ${jobExecutionHistory} where ${jobExecutionHistory.jobId} = ${scheduledJobs.id} and ${jobExecutionHistory.status} = 'running')`;
    const [job] = await tx
      .select({
        id: scheduledJobs.id,
        name: scheduledJobs.name,
        functionName: scheduledJobs.functionName,
        cron: scheduledJobs.scheduleCron,
        configuration: scheduledJobs.configuration,
        nextRunAt: scheduledJobs.nextRunAt,
      })
      .from(scheduledJobs)
      .where(
        and(
          eq(scheduledJobs.enabled, true),
          lte(scheduledJobs.nextRunAt, input.now),
          sql`not ${isRunning}`,
          input.skipJobIds.length > 0 ? notInArray(scheduledJobs.id, input.skipJobIds) : undefined,
        ),
      )
      .orderBy(asc(scheduledJobs.nextRunAt), asc(scheduledJobs.name))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job?.nextRunAt) return null;

    const slot = job.nextRunAt;
    const from = new Date(Math.max(slot.getTime(), input.now.getTime()));
    const nextRunAt = nextRunTime(job.cron, input.timeZone, from);
    const missedFirings = countSlotsBetween(job.cron, input.timeZone, slot, input.now);
    const runId = await insertRunningRun(tx, {
      jobId: job.id,
      trigger: 'schedule',
      scheduledFor: slot,
      executionDate: input.executionDate,
      adminUserId: null,
      instanceId: input.instanceId,
      startedAt: input.now,
      metadata: scheduleMetadata(slot, input.executionDate, missedFirings),
    });
    if (!runId) {
      // Either this slot already ran (move on) or a manual run started since the select (wait for it).
      const [slotRun] = await tx
        .select({ id: jobExecutionHistory.id })
        .from(jobExecutionHistory)
        .where(
          and(
            eq(jobExecutionHistory.jobId, job.id),
            eq(jobExecutionHistory.scheduledFor, slot),
            eq(jobExecutionHistory.trigger, 'schedule'),
          ),
        );
      if (slotRun) await tx.update(scheduledJobs).set({ nextRunAt }).where(eq(scheduledJobs.id, job.id));
      return 'retry';
    }
    await tx.update(scheduledJobs).set({ nextRunAt }).where(eq(scheduledJobs.id, job.id));
    return {
      runId,
      jobId: job.id,
      jobName: job.name,
      functionName: job.functionName,
      configuration: job.configuration,
      scheduledFor: slot,
      missedFirings,
      nextRunAt,
    };
  });
}

export function scheduleMetadata(
  scheduledFor: Date,
  executionDate: string,
  missedFirings: number,
): Record<string, unknown> {
  return {
    trigger: 'schedule',
    scheduledFor: scheduledFor.toISOString(),
    executionDate,
    ...(missedFirings > 0 ? { missedFirings } : {}),
  };
}

/** Slots strictly after `slot` and at or before `now`: firings missed while nothing ran. */
function countSlotsBetween(cron: string, timeZone: string, slot: Date, now: Date): number {
  const following = nextRunTime(cron, timeZone, slot);
  if (!following || following > now) return 0;
  return nextRunTimes(cron, timeZone, slot, MISSED_FIRINGS_COUNTED).filter((time) => time <= now).length;
}
