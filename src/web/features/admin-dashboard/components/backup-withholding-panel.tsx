/**
 * Backup withholding on the investor detail (decisions 1910-1913): the investor's Form W-9
 * certification, whether interest is withheld from now and why, this year's total, and the IRS
 * B notices staff recorded. Operations and super admins record a notice (first or second, the day
 * it was received) and resolve it; support reads.
 */
import { useState } from 'react';
import { can } from '../../../../shared/admin/permissions';
import { formatUsd } from '../../../../shared/format/money-format';
import { formatLongDate } from '../../../../shared/format/long-date';
import { backupWithholdingReasonLabels, formatRatePercent } from '../../../../shared/tax/backup-withholding';
import {
  type BNoticeResolution,
  type BNoticeView,
  bNoticeKindLabels,
  bNoticeResolutionLabels,
  bNoticeResolutions,
  recordBNoticeRequest,
} from '../../../../shared/tax/backup-withholding-contracts';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, LoadingState } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { useAdminSession } from '../../../lib/admin-session';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { useBackupWithholding, useRecordBNotice, useResolveBNotice } from '../api/investor-account-queries';
import { businessToday } from '../../../lib/business-today';

export function BackupWithholdingPanel({ investorId }: { investorId: string }) {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'investors:manage');
  const query = useBackupWithholding(investorId);
  return (
    <section className="identity-panel" aria-labelledby="withholding-panel-heading">
      <h3 id="withholding-panel-heading" className="detail-heading">
        W-9 and backup withholding
      </h3>
      {query.isPending ? <LoadingState text="Loading withholding..." /> : null}
      {query.isError ? (
        <Alert tone="error">Could not load the withholding status: {query.error.message}</Alert>
      ) : null}
      {query.data ? (
        <>
          <dl className="detail-grid">
            <div>
              <dt>W-9 certification</dt>
              <dd>
                {query.data.status.certification ? (
                  <>
                    <Badge
                      tone={
                        query.data.status.certification.subject_to_backup_withholding ? 'warning' : 'success'
                      }
                    >
                      {query.data.status.certification.subject_to_backup_withholding
                        ? 'Certified, item 2 crossed out'
                        : 'Certified'}
                    </Badge>
                    <span className="muted">
                      {' '}
                      {formatLocalDateTime(query.data.status.certification.certified_at)} · TIN ending{' '}
                      {query.data.status.certification.tin_last_four}
                    </span>
                  </>
                ) : query.data.status.needs_certification ? (
                  <Badge tone="warning">Not certified</Badge>
                ) : (
                  <Badge>No TIN on file</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt>Interest withheld from</dt>
              <dd>
                {query.data.status.is_withheld ? (
                  <>
                    <Badge tone="danger">Yes, {formatRatePercent(query.data.status.rate)}</Badge>
                    <span className="muted">
                      {' '}
                      {query.data.status.reasons
                        .map((reason) => backupWithholdingReasonLabels[reason])
                        .join('; ')}
                    </span>
                  </>
                ) : (
                  <Badge tone="success">No</Badge>
                )}
                {query.data.status.grace_until ? (
                  <span className="muted">
                    {' '}
                    · grace until {formatLongDate(query.data.status.grace_until)}
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Withheld in {query.data.year}</dt>
              <dd>{formatUsd(query.data.withheld_this_year)}</dd>
            </div>
          </dl>
          <NoticeList investorId={investorId} notices={query.data.notices} mayManage={mayManage} />
          {mayManage && !query.data.notices.some((notice) => notice.resolution === null) ? (
            <RecordNoticeForm investorId={investorId} />
          ) : null}
          {!mayManage ? (
            <p className="muted">
              Operations and super admins record and resolve B notices; your role can read them.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function NoticeList({
  investorId,
  notices,
  mayManage,
}: {
  investorId: string;
  notices: BNoticeView[];
  mayManage: boolean;
}) {
  if (notices.length === 0) return <p className="muted">No B notices recorded.</p>;
  return (
    <ul className="b-notice-list" aria-label="B notices">
      {notices.map((notice) => (
        <li key={notice.id} className="b-notice">
          <div>
            <strong>{bNoticeKindLabels[notice.kind]}</strong> received {formatLongDate(notice.received_on)}{' '}
            {notice.resolution ? <Badge tone="success">Resolved</Badge> : <Badge tone="danger">Open</Badge>}
          </div>
          <p className="muted">
            Recorded by {notice.recorded_by} on {formatLocalDateTime(notice.recorded_at)}
            {notice.resolution
              ? `. Resolved by ${notice.resolved_by ?? 'a former admin'} on ${formatLocalDateTime(notice.resolved_at ?? '')}: ${bNoticeResolutionLabels[notice.resolution]}${notice.resolution_note ? ` (“${notice.resolution_note}”)` : ''}.`
              : '. Interest paid out is withheld from while it is open.'}
          </p>
          {mayManage && notice.resolution === null ? (
            <ResolveNoticeForm investorId={investorId} notice={notice} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RecordNoticeForm({ investorId }: { investorId: string }) {
  const [kind, setKind] = useState<'first' | 'second'>('first');
  const [receivedOn, setReceivedOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = useRecordBNotice(investorId);
  return (
    <form
      className="identity-panel-form"
      aria-label="Record a B notice"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = recordBNoticeRequest.safeParse({ kind, received_on: receivedOn });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Check the notice.');
          return;
        }
        setError(null);
        record.mutate(parsed.data, { onSuccess: () => setReceivedOn('') });
      }}
    >
      {record.isError ? <Alert tone="error">{record.error.message}</Alert> : null}
      <div className="b-notice-fields">
        <SelectField
          label="B notice"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'first' | 'second')}
        >
          <option value="first">First B notice</option>
          <option value="second">Second B notice (within three years)</option>
        </SelectField>
        <TextField
          label="Date received"
          type="date"
          value={receivedOn}
          max={businessToday()}
          error={error}
          onChange={(event) => setReceivedOn(event.target.value)}
        />
      </div>
      <div className="identity-panel-actions">
        <Button type="submit" isBusy={record.isPending}>
          Record B notice
        </Button>
      </div>
    </form>
  );
}

function ResolveNoticeForm({ investorId, notice }: { investorId: string; notice: BNoticeView }) {
  const [resolution, setResolution] = useState<BNoticeResolution>(
    notice.kind === 'second' ? 'irs_or_ssa_validation' : 'certified_tin_received',
  );
  const [note, setNote] = useState('');
  const resolve = useResolveBNotice(investorId);
  return (
    <form
      className="identity-panel-form"
      aria-label="Resolve the B notice"
      onSubmit={(event) => {
        event.preventDefault();
        resolve.mutate({ noticeId: notice.id, resolution, note: note.trim() || undefined });
      }}
    >
      {resolve.isError ? <Alert tone="error">{resolve.error.message}</Alert> : null}
      <div className="b-notice-fields">
        <SelectField
          label="Resolution"
          value={resolution}
          onChange={(event) => setResolution(event.target.value as BNoticeResolution)}
        >
          {bNoticeResolutions.map((value) => (
            <option key={value} value={value}>
              {bNoticeResolutionLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Note (optional)"
          maxLength={500}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className="identity-panel-actions">
        <Button type="submit" variant="secondary" isBusy={resolve.isPending}>
          Resolve B notice
        </Button>
      </div>
    </form>
  );
}
