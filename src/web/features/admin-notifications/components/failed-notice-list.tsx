/**
 * Investor notices the queue gave up on after its last attempt (decisions 1311 and 1851):
 * who each was for, what it said, why it failed and which channels had already gone out.
 * Operations and super_admin can resend one; support reads only.
 */
import { useState } from 'react';
import type { FailedNotice } from '../../../../shared/notifications/failed-notice-contracts';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { useFailedNotices, useResendFailedNotice } from '../api/notification-queries';

const channelNames = { bell: 'Portal bell', email: 'E-mail', sms: 'SMS' } as const;

function deliveredText(notice: FailedNotice): string {
  return notice.delivered.length === 0
    ? 'Nothing yet'
    : notice.delivered.map((channel) => channelNames[channel]).join(', ');
}

export function FailedNoticeList({ mayResend }: { mayResend: boolean }) {
  const failed = useFailedNotices();
  const resend = useResendFailedNotice();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onResend = (notice: FailedNotice) => {
    setResult(null);
    resend.mutate(notice.id, {
      onSuccess: (answer) =>
        setResult(
          answer.status === 'sent'
            ? { tone: 'success', text: `“${notice.title}” was sent to ${notice.investor_name}.` }
            : {
                tone: 'error',
                text: `“${notice.title}” could not be sent to ${notice.investor_name} yet; it will be tried again over the next hours.`,
              },
        ),
      onError: (error) => setResult({ tone: 'error', text: error.message }),
    });
  };

  if (failed.isPending) return <LoadingState />;
  if (failed.isError) return <ErrorState message={failed.error.message} />;
  const notices = failed.data.notices;
  return (
    <div className="failed-notices">
      <p className="muted">
        Service notices to investors that could not be delivered after every retry.
        {mayResend
          ? ' Resend repeats none of the channels that already went out.'
          : ' Your role can read them only.'}
      </p>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      {notices.length === 0 ? (
        <EmptyState title="No failed notices">Every investor notice has been delivered.</EmptyState>
      ) : (
        <DataTable
          caption="Investor notices that failed"
          className="failed-notice-table"
          rows={notices}
          rowKey={(notice) => notice.id}
          columns={[
            {
              key: 'notice',
              label: 'Notice',
              isTitle: true,
              cell: (notice) => notice.title,
            },
            {
              key: 'investor',
              label: 'Investor',
              cell: (notice) => (
                <span className="failed-notice-lines">
                  <span>{notice.investor_name}</span>
                  {notice.investor_name !== notice.investor_email ? (
                    <span className="muted">{notice.investor_email}</span>
                  ) : null}
                </span>
              ),
            },
            {
              key: 'failed',
              label: 'Failed',
              className: 'nowrap',
              cell: (notice) => formatLocalDateTime(notice.failed_at),
            },
            {
              key: 'why',
              label: 'Why',
              className: 'failed-notice-error',
              cell: (notice) => (
                <span className="failed-notice-lines">
                  <span>{notice.last_error ?? 'No reason recorded'}</span>
                  <span className="muted">
                    {notice.attempts} attempts · Delivered: {deliveredText(notice)}
                  </span>
                </span>
              ),
            },
            {
              key: 'action',
              label: 'Action',
              isLabelHidden: true,
              cell: (notice) =>
                mayResend ? (
                  <Button
                    size="sm"
                    isBusy={resend.isPending && resend.variables === notice.id}
                    disabled={resend.isPending}
                    onClick={() => onResend(notice)}
                  >
                    Resend
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </div>
  );
}
