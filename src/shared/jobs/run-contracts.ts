import { z } from 'zod';
import { EARLIEST_DATE, type IsoDate, LATEST_DATE } from '../dates/calendar-date';
import { calendarDate } from '../dates/date-schemas';

/**
 * The body every job function takes on `POST /functions/v1/<name>` (admin spec 7). A manual
 * run always runs for the server's business date today (PRODUCT.md 32): `executionDate` may
 * be left out (the Jobs page does), and when sent it must be that date.
 */
export const jobRunRequest = z.object({
  jobId: z.uuid().nullable(),
  executionDate: calendarDate(
    `executionDate must be a date from ${EARLIEST_DATE} to ${LATEST_DATE} (YYYY-MM-DD)`,
  ).optional(),
});
export type JobRunRequest = z.infer<typeof jobRunRequest>;

export const jobRunResponse = z.object({ recordsProcessed: z.number().int().min(0) });
export type JobRunResponse = z.infer<typeof jobRunResponse>;

export const jobRunMessages = {
  /** The server's answer when the function itself fails. */
  executionFailed: 'Failed to execute job',
  /** What the jobs page shows when a run does not succeed. */
  runFailed: 'Failed to run job. See console for details.',
  /** The 400 for a manual run asked for another day than today. */
  notToday: (sent: IsoDate, today: IsoDate, timeZone: string) =>
    `A manual run uses today's business date, ${today} (${timeZone}); executionDate ${sent} is refused. Leave executionDate out to run for today.`,
} as const;

export type JobRunTrigger = 'schedule' | 'manual' | 'startup';
