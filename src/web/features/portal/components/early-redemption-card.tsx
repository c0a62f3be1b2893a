/**
 * The note page's early redemption card (issue 27 section 3): whether the note can be redeemed
 * early, the button that opens the request, and the note's requests with their state, the
 * reason of a decline, and cancelling one not yet approved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { LazyModal } from '../../../components/ui/modal';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import {
  type EarlyRedemptionRow,
  earlyRedemptionStatusLabels,
} from '../../../../shared/redemptions/early-redemption-contracts';
import { preloadableLazy, preloadOnIntent } from '../../../lib/preloadable-lazy';
import { cancelEarlyRedemption, earlyRedemptionKey, fetchNoteRedemption } from '../api/portal-api';

const EarlyRedemptionModal = preloadableLazy(() =>
  import('./early-redemption-modal').then((module) => module.EarlyRedemptionModal),
);

function statusTone(row: EarlyRedemptionRow): 'success' | 'warning' | 'danger' | 'neutral' {
  if (row.status === 'paid' || row.status === 'approved') return 'success';
  if (row.status === 'declined' || row.status === 'failed') return 'danger';
  if (row.status === 'cancelled') return 'neutral';
  return 'warning';
}

function RequestRow({ row, investmentId }: { row: EarlyRedemptionRow; investmentId: string }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelEarlyRedemption(row.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earlyRedemptionKey(investmentId) }),
  });
  return (
    <li className="redemption-request" data-testid="redemption-request">
      <div className="redemption-request-head">
        <strong>{row.kind === 'whole' ? 'Whole note' : `Part: ${formatUsd(row.principal_amount)}`}</strong>{' '}
        <Badge tone={statusTone(row)}>{earlyRedemptionStatusLabels[row.status]}</Badge>
      </div>
      <p className="muted">
        Asked on {formatLongDate(row.requested_at.slice(0, 10))}
        {row.status === 'approved' && row.payment_date
          ? `; to be paid on ${formatLongDate(row.payment_date)}`
          : ''}
        {row.status === 'paid' && row.amount_paid && row.penalty && row.redemption_date
          ? `; paid ${formatUsd(row.amount_paid)} on ${formatLongDate(row.redemption_date)} after a penalty of ${formatUsd(row.penalty)}`
          : ''}
      </p>
      {row.status === 'declined' && row.decline_reason ? (
        <p className="redemption-reason">Reason: {row.decline_reason}</p>
      ) : null}
      {row.status === 'failed' && row.failure_reason ? (
        <p className="redemption-reason">{row.failure_reason}</p>
      ) : null}
      {row.is_cancellable ? (
        <Button variant="secondary" size="sm" onClick={() => cancel.mutate()} isBusy={cancel.isPending}>
          Cancel request
        </Button>
      ) : null}
      {cancel.isError ? <Alert tone="error">{cancel.error.message}</Alert> : null}
    </li>
  );
}

/**
 * On an active note, always; on a matured or closed one, only to show its requests (a note
 * redeemed whole is closed, and its page keeps the record of what was paid).
 */
export function EarlyRedemptionCard({
  investmentId,
  isHighYield,
  isActive,
}: {
  investmentId: string;
  isHighYield: boolean;
  isActive: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const query = useQuery({
    queryKey: earlyRedemptionKey(investmentId),
    queryFn: () => fetchNoteRedemption(investmentId),
  });
  if (!isActive && (query.isPending || query.isError || query.data.requests.length === 0)) return null;
  return (
    <section className="card" aria-labelledby="redemption-heading">
      <h2 id="redemption-heading" className="card-title">
        Early redemption
      </h2>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message={query.error.message} />
      ) : (
        <>
          {query.data.paused_message ? <Alert tone="warning">{query.data.paused_message}</Alert> : null}
          {query.data.is_eligible ? (
            <>
              <p className="muted">
                Need your money before {isHighYield ? 'maturity' : 'the lock-up ends'}? You can ask to redeem
                this note, whole or in part. The penalty is {query.data.penalty_days} days’ interest on the
                amount redeemed; you see every figure before you send the request.
              </p>
              <div className="row instruction-actions">
                <Button
                  variant="secondary"
                  onClick={() => setOpen(true)}
                  {...preloadOnIntent(EarlyRedemptionModal)}
                >
                  ASK TO REDEEM EARLY
                </Button>
              </div>
            </>
          ) : query.data.unavailable_reason && !query.data.paused_message ? (
            <p className="muted">{query.data.unavailable_reason}</p>
          ) : null}
          {query.data.requests.length > 0 ? (
            <ul className="redemption-requests">
              {query.data.requests.map((row) => (
                <RequestRow key={row.id} row={row} investmentId={investmentId} />
              ))}
            </ul>
          ) : null}
          {isOpen ? (
            <LazyModal title="Redeem early" onClose={() => setOpen(false)}>
              <EarlyRedemptionModal
                investmentId={investmentId}
                isHighYield={isHighYield}
                panel={query.data}
                onClose={() => setOpen(false)}
              />
            </LazyModal>
          ) : null}
        </>
      )}
    </section>
  );
}
