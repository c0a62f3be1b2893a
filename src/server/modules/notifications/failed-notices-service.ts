/**
 * Staff's view of investor notices the queue gave up on, and Resend (decision 1851): the
 * notice is made due again in a transaction that also records who asked, then the instance's
 * sender delivers it at once, repeating no channel that already went out.
 */
import { investorDisplayName } from '../../../shared/admin/display';
import { AppError } from '../../../shared/errors/app-error';
import {
  type FailedNotice,
  type FailedNoticesResponse,
  failedNoticeMessages,
  type ResendFailedNoticeResponse,
} from '../../../shared/notifications/failed-notice-contracts';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import {
  type FailedNoticeRow,
  readNoticeStatus,
  requeueFailedNotice,
  selectFailedNotices,
} from './notice-queue-repository';
import { noticeSenderOf } from './notice-sender';

/** Enough for any real backlog; an outage that fails more is a matter for the logs, not a page. */
const FAILED_NOTICES_SHOWN = 200;

function toFailedNotice(row: FailedNoticeRow): FailedNotice {
  return {
    id: row.id,
    investor_id: row.investor_id,
    investor_name: investorDisplayName(row),
    investor_email: row.email,
    title: row.title,
    occurred_at: new Date(row.occurred_at).toISOString(),
    failed_at: new Date(row.failed_at).toISOString(),
    attempts: row.attempts,
    last_error: row.last_error,
    delivered: [
      ...(row.bell_done ? (['bell'] as const) : []),
      ...(row.email_done ? (['email'] as const) : []),
      ...(row.sms_done ? (['sms'] as const) : []),
    ],
  };
}

export async function listFailedNotices(context: AppContext): Promise<FailedNoticesResponse> {
  return { notices: (await selectFailedNotices(context.db, FAILED_NOTICES_SHOWN)).map(toFailedNotice) };
}

export async function resendFailedNotice(
  context: AppContext,
  input: { noticeId: string; admin: AdminPrincipal },
): Promise<ResendFailedNoticeResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const before = await requeueFailedNotice(tx, input.noticeId, now);
    if (!before) {
      const status = await readNoticeStatus(tx, input.noticeId);
      if (status === null) throw new AppError('not_found', { message: failedNoticeMessages.notFound });
      throw new AppError('conflict', { message: failedNoticeMessages.notFailed });
    }
    await recordAdminAudit(tx, {
      ...auditBy(input.admin),
      action: 'notice.resend',
      target: { type: 'investor_notice', id: input.noticeId },
      before: { status: 'failed', attempts: before.attempts, last_error: before.last_error },
      after: { status: 'pending', attempts: 0, last_error: before.last_error },
      at: now,
    });
  });
  await noticeSenderOf(context).drain();
  const status = await readNoticeStatus(context.db, input.noticeId);
  return { id: input.noticeId, status: status === 'sent' || status === 'failed' ? status : 'pending' };
}
