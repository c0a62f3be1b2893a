import { z } from 'zod';
import { normalizeCron, validateCron } from './cron-rules';

/** The admin Jobs page's contracts (admin spec 2, 3, 5, 7, 8). */
export const jobMessages = {
  noJobs: 'No scheduled jobs configured',
  loadFailed: 'Failed to fetch jobs',
  historyLoadFailed: 'Failed to fetch execution history',
  noHistory: 'No execution history found',
  toggleFailed: 'Failed to update job status',
  saveFailed: 'Failed to save job',
  invalidConfiguration: 'Invalid JSON in configuration field',
  configurationNotObject: 'Configuration must be a JSON object, such as {} or {"batchSize": 500}',
  nameRequired: 'Job name is required',
  functionRequired: 'Edge function name is required',
  duplicateName: 'A job with this name already exists',
  notFound: 'Job not found',
  alreadyRunning: 'This job is already running',
} as const;

/** The server functions a job may call are named in kebab case (`calculate-daily-interest`). */
const functionNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function unknownFunctionMessage(name: string, registered: readonly string[]): string {
  return `No server function named "${name}" is registered. Choose one of: ${registered.join(', ')}`;
}

export const jobConfiguration = z.record(z.string(), z.unknown(), {
  error: jobMessages.configurationNotObject,
});

export const jobInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, jobMessages.nameRequired)
    .max(120, 'Job name must be 120 characters or fewer'),
  /** An empty description is stored as null (spec 5). */
  description: z
    .string()
    .max(1000, 'Description must be 1000 characters or fewer')
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null)),
  functionName: z
    .string()
    .trim()
    .min(1, jobMessages.functionRequired)
    .max(100, 'Edge function name must be 100 characters or fewer')
    .regex(functionNamePattern, 'Edge function names use lowercase letters, digits and dashes'),
  scheduleCron: z
    .string()
    .superRefine((value, context) => {
      const validation = validateCron(value);
      if (!validation.isValid) context.addIssue({ code: 'custom', message: validation.message });
    })
    .transform(normalizeCron),
  configuration: jobConfiguration.default({}),
});
export type JobInput = z.input<typeof jobInput>;
export type ValidJobInput = z.output<typeof jobInput>;

export const jobStatusInput = z.object({ enabled: z.boolean() });

export const jobRunStatuses = ['running', 'completed', 'failed'] as const;
export type JobRunStatus = (typeof jobRunStatuses)[number];

export const jobRunSummary = z.object({
  id: z.uuid(),
  status: z.string(),
  trigger: z.string(),
  recordsProcessed: z.number().int(),
  startedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type JobRunSummary = z.infer<typeof jobRunSummary>;

export const scheduledJobView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  functionName: z.string(),
  scheduleCron: z.string(),
  enabled: z.boolean(),
  configuration: jobConfiguration,
  nextRunAt: z.iso.datetime().nullable(),
  lastRun: jobRunSummary.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ScheduledJobView = z.infer<typeof scheduledJobView>;

export const jobFunctionView = z.object({ name: z.string(), description: z.string() });
export type JobFunctionView = z.infer<typeof jobFunctionView>;

export const jobListResponse = z.object({
  jobs: z.array(scheduledJobView),
  /** The names jobs may call, for the editor. */
  functions: z.array(jobFunctionView),
  /** BUSINESS_TZ: the zone schedules are read in. */
  timeZone: z.string(),
  /** Today in BUSINESS_TZ: the date Run now runs for (PRODUCT.md 32). */
  businessDate: z.string(),
});
export type JobListResponse = z.infer<typeof jobListResponse>;

export const jobResponse = z.object({ job: scheduledJobView });

/** Spec 9: the history modal shows the newest 20 runs. */
export const JOB_HISTORY_LIMIT = 20;

export const jobHistoryEntry = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  status: z.string(),
  trigger: z.string(),
  recordsProcessed: z.number().int(),
  startedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  errorMessage: z.string().nullable(),
  executionMetadata: jobConfiguration,
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntry>;

export const jobHistoryResponse = z.object({ history: z.array(jobHistoryEntry) });
export type JobHistoryResponse = z.infer<typeof jobHistoryResponse>;

export const jobIdParams = z.object({ id: z.uuid() });
