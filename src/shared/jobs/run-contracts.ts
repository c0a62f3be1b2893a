import { z } from 'zod';
import { isIsoDate } from '../dates/calendar-date';

/** The body every job function takes on `POST /functions/v1/<name>` (admin spec 7). */
export const jobRunRequest = z.object({
  jobId: z.uuid().nullable(),
  executionDate: z.string().refine(isIsoDate, 'executionDate must be a date (YYYY-MM-DD)'),
});
export type JobRunRequest = z.infer<typeof jobRunRequest>;

export const jobRunResponse = z.object({ recordsProcessed: z.number().int().min(0) });
export type JobRunResponse = z.infer<typeof jobRunResponse>;

export const jobRunMessages = {
  /** The server's answer when the function itself fails. */
  executionFailed: 'Failed to execute job',
  /** What the jobs page shows when a run does not succeed. */
  runFailed: 'Failed to run job. See console for details.',
} as const;

export type JobRunTrigger = 'schedule' | 'manual' | 'startup';
