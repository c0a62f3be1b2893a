import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobExecutionHistory, scheduledJobs } from '../../db/schema';

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
export type JobRunRow = typeof jobExecutionHistory.$inferSelect;

export interface JobValues {
  name: string;
  description: string | null;
  functionName: string;
  scheduleCron: string;
  configuration: Record<string, unknown>;
}

export async function selectJobs(executor: Executor): Promise<ScheduledJobRow[]> {
  return executor.select().from(scheduledJobs).orderBy(asc(scheduledJobs.name));
}

export async function selectJob(executor: Executor, id: string): Promise<ScheduledJobRow | null> {
  const [row] = await executor.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
  return row ?? null;
}

export async function selectJobByName(executor: Executor, name: string): Promise<ScheduledJobRow | null> {
  const [row] = await executor
    .select()
    .from(scheduledJobs)
    .where(sql`lower(${scheduledJobs.name}) = lower(${name})`);
  return row ?? null;
}

/** The newest run of each job, from the (job_id, started_at desc) index. */
export async function selectLatestRuns(
  executor: Executor,
  jobIds: string[],
): Promise<Map<string, JobRunRow>> {
  if (jobIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([jobExecutionHistory.jobId])
    .from(jobExecutionHistory)
    .where(inArray(jobExecutionHistory.jobId, jobIds))
    .orderBy(jobExecutionHistory.jobId, desc(jobExecutionHistory.startedAt), desc(jobExecutionHistory.id));
  return new Map(rows.map((row) => [row.jobId, row]));
}

export async function insertJob(
  executor: Executor,
  values: JobValues & { nextRunAt: Date | null; now: Date },
): Promise<ScheduledJobRow> {
  const [row] = await executor
    .insert(scheduledJobs)
    .values({
      name: values.name,
      description: values.description,
      functionName: values.functionName,
      scheduleCron: values.scheduleCron,
      configuration: values.configuration,
      enabled: true,
      nextRunAt: values.nextRunAt,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('insert into scheduled_jobs returned no row');
  return row;
}

export async function updateJobRow(
  executor: Executor,
  id: string,
  values: Partial<JobValues> & { enabled?: boolean; nextRunAt: Date | null; now: Date },
): Promise<ScheduledJobRow | null> {
  const { now, ...changes } = values;
  const [row] = await executor
    .update(scheduledJobs)
    .set({ ...changes, updatedAt: now })
    .where(eq(scheduledJobs.id, id))
    .returning();
  return row ?? null;
}

export async function selectJobHistory(
  executor: Executor,
  jobId: string,
  limit: number,
): Promise<JobRunRow[]> {
  return executor
    .select()
    .from(jobExecutionHistory)
    .where(eq(jobExecutionHistory.jobId, jobId))
    .orderBy(desc(jobExecutionHistory.startedAt), desc(jobExecutionHistory.id))
    .limit(limit);
}
