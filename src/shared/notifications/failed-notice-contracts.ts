/**
 * Investor notices the queue gave up on (decision 1311) as staff see them on the
 * Notifications page, and their Resend (decision 1851).
 */
import { z } from 'zod';

export const failedNotice = z.object({
  id: z.uuid(),
  investor_id: z.uuid(),
  investor_name: z.string(),
  investor_email: z.string(),
  /** The bell's title: what the notice was about. */
  title: z.string(),
  /** When the event it tells happened, and when the last attempt failed (ISO instants). */
  occurred_at: z.string(),
  failed_at: z.string(),
  attempts: z.number().int(),
  /** The provider's refusal, as the sender recorded it. */
  last_error: z.string().nullable(),
  /** The channels that went out before it failed; Resend repeats none of them. */
  delivered: z.array(z.enum(['bell', 'email', 'sms'])),
});
export type FailedNotice = z.infer<typeof failedNotice>;

export const failedNoticesResponse = z.object({ notices: z.array(failedNotice) });
export type FailedNoticesResponse = z.infer<typeof failedNoticesResponse>;

export const resendFailedNoticeResponse = z.object({
  id: z.uuid(),
  /** `sent` when every channel went out now; `pending` when it is being retried again. */
  status: z.enum(['sent', 'pending', 'failed']),
});
export type ResendFailedNoticeResponse = z.infer<typeof resendFailedNoticeResponse>;

export const failedNoticeMessages = {
  notFound: 'This notice was not found.',
  notFailed: 'This notice is not failed: it was sent or is still being tried.',
} as const;
