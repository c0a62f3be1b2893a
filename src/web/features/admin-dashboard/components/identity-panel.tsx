/**
 * The investor's identity verification and watchlist (OFAC) screening on the investor detail
 * (decision 1520). A hit pauses purchases; operations and super_admin clear it with a reason.
 */
import { useState } from 'react';
import type { AdminIdentity } from '../../../../shared/admin/dashboard-contracts';
import { humanizeCode } from '../../../../shared/admin/display';
import { can } from '../../../../shared/admin/permissions';
import { watchlistClearanceRequest } from '../../../../shared/banking/watchlist';
import { watchlistLabels } from '../../../../shared/banking/watchlist-status';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, type BadgeTone } from '../../../components/ui/feedback';
import { TextAreaField } from '../../../components/ui/field';
import { useAdminSession } from '../../../lib/admin-session';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { useClearWatchlistHit } from '../api/admin-dashboard-queries';

const identityLabels: Record<AdminIdentity['status'], { label: string; tone: BadgeTone }> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  approved: { label: 'Verified', tone: 'success' },
  review: { label: 'Pending', tone: 'warning' },
  rejected: { label: 'Failed', tone: 'danger' },
};

const watchlistTones: Record<AdminIdentity['watchlist'], BadgeTone> = {
  not_screened: 'neutral',
  clear: 'success',
  hit: 'danger',
  cleared: 'accent',
};

export function IdentityPanel({ investorId, identity }: { investorId: string; identity: AdminIdentity }) {
  const { admin } = useAdminSession();
  const mayClear = can(admin?.role, 'identity:clear-watchlist');
  const status = identityLabels[identity.status];
  return (
    <section className="identity-panel" aria-labelledby="identity-panel-heading">
      <h3 id="identity-panel-heading" className="detail-heading">
        Identity and screening
      </h3>
      <dl className="detail-grid">
        <div>
          <dt>Identity</dt>
          <dd>
            <Badge tone={status.tone}>{status.label}</Badge>
            {identity.provider ? <span className="muted"> via {humanizeCode(identity.provider)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>{identity.checked_at ? formatLocalDateTime(identity.checked_at) : '—'}</dd>
        </div>
        <div>
          <dt>Watchlist (OFAC)</dt>
          <dd>
            <Badge tone={watchlistTones[identity.watchlist]}>{watchlistLabels[identity.watchlist]}</Badge>
          </dd>
        </div>
        {identity.failure_reason ? (
          <div>
            <dt>Failed step</dt>
            <dd>{humanizeCode(identity.failure_reason)}</dd>
          </div>
        ) : null}
        {identity.watchlist_reference ? (
          <div>
            <dt>Screening id</dt>
            <dd className="mono detail-id">{identity.watchlist_reference}</dd>
          </div>
        ) : null}
      </dl>
      {identity.watchlist === 'cleared' ? (
        <p className="muted identity-panel-cleared">
          Cleared by {identity.watchlist_cleared_by ?? 'a former admin'}
          {identity.watchlist_cleared_at ? ` on ${formatLocalDateTime(identity.watchlist_cleared_at)}` : ''}:{' '}
          “{identity.watchlist_clear_reason}”
        </p>
      ) : null}
      {identity.watchlist === 'hit' ? (
        mayClear ? (
          <ClearHitForm investorId={investorId} />
        ) : (
          <Alert tone="warning">
            Purchases are paused until operations review this possible match. Your role can read it only.
          </Alert>
        )
      ) : null}
    </section>
  );
}

function ClearHitForm({ investorId }: { investorId: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const clear = useClearWatchlistHit(investorId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = watchlistClearanceRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason.');
      return;
    }
    setError(null);
    clear.mutate(parsed.data.reason);
  };
  return (
    <form className="identity-panel-form" onSubmit={submit} noValidate>
      <Alert tone="warning" title="Possible watchlist match.">
        Purchases are paused. Compare the screening in the provider’s dashboard; clear it only when it is not
        this investor.
      </Alert>
      {clear.isError ? <Alert tone="error">{clear.error.message}</Alert> : null}
      <TextAreaField
        label="Reason for clearing"
        hint="Kept with the screening: what you compared and why it is not a match."
        rows={3}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="identity-panel-actions">
        <Button type="submit" isBusy={clear.isPending}>
          Clear hit and resume purchases
        </Button>
      </div>
    </form>
  );
}
