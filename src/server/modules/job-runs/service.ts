import { eq } from 'drizzle-orm';
import type { JobRunTrigger } from '../../../shared/jobs/run-contracts';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { scheduledJobs } from '../../db/schema';
import type { JobFunctionInput, JobFunctionResult } from '../../functions/job-functions';

export interface JobRunOrigin {
  trigger: JobRunTrigger;
  /** The admin who pressed Run (manual runs). */
  adminUserId: string | null;
}

export interface JobRunInput {
  jobId: string | null;
  executionDate: string;
}

/**
 * The one path by which a job function runs, whoever starts it (the admin Run button, the
 * HTTP function endpoint, the scheduler). With a jobId, the job must exist and call this
 * function, and its configuration is handed to the function.
 */
export async function runJobFunction(
  context: AppContext,
  name: string,
  input: JobRunInput,
  _origin: JobRunOrigin,
): Promise<JobFunctionResult> {
  const definition = context.jobFunctions.get(name);
  if (!definition) throw new AppError('not_found', { message: `Unknown job function ${name}` });
  const functionInput: JobFunctionInput = { jobId: input.jobId, executionDate: input.executionDate };
  if (input.jobId) {
    const [job] = await context.db
      .select({ functionName: scheduledJobs.functionName, configuration: scheduledJobs.configuration })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.id, input.jobId));
    if (!job) throw new AppError('not_found', { message: 'Job not found' });
    if (job.functionName !== name) {
      throw new AppError('bad_request', { message: `That job calls ${job.functionName}, not ${name}` });
    }
    functionInput.configuration = isPlainObject(job.configuration) ? job.configuration : {};
  }
  return definition.run(context, functionInput);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
