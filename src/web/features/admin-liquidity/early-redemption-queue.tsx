/**
 * The early redemption queue (issue 27 section 3): requests first come first served with the
 * figures as of their payment date, approve (two different admins above the threshold) or
 * decline with a reason the investor sees, and the platform-wide pause of new requests. Kept
 * as two components with no page chrome, so /admin/liquidity can hold them as a tab.
 */
import { type FormEvent, useState } from 'react';
import { investorDisplayName } from '../../../shared/admin/display';
import { can } from '../../../shared/admin/permissions';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import { investmentTypeLabel, ratePercent } from '../../../shared/products/plans';
import {
  type AdminRedemptionRow,
  declineRedemptionRequest,
  earlyRedemptionStatusLabels,
} from '../../../shared/redemptions/early-redemption-contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { TextAreaField } from '../../components/ui/field';
import { ReasonForm } from '../../components/ui/reason-form';
import { Tabs } from '../../components/ui/tabs';
import { useAdminSession } from '../../lib/admin-session';
import { formatLocalDateTime } from '../../lib/format-date-time';
import {
  type RedemptionTab,
  useDecideRedemption,
  useEarlyRedemptions,
  useSetRedemptionGate,
} from './api/redemption-queries';

const tabs: { value: RedemptionTab; label: string }[] = [
  { value: 'open', label: 'Queue' },
  { value: 'paid', label: 'Paid' },
  { value: 'declined', label: 'Declined' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'failed', label: 'Not paid' },
];

function figuresOf(row: AdminRedemptionRow): string {
  if (row.status === 'paid' && row.amount_paid && row.penalty)
    return `${formatUsd(row.amount_paid)} paid, ${formatUsd(row.penalty)} penalty`;
  if (!row.quote) return '';
  return `${formatUsd(row.quote.amount_paid)} to pay, ${formatUsd(row.quote.penalty)} penalty`;
}

function stateOf(row: AdminRedemptionRow): string {
  if (row.status === 'approved' && row.payment_date) return `Paid on ${formatLongDate(row.payment_date)}`;
  if (row.status === 'declined') return `Declined: ${row.decline_reason ?? ''}`;
  if (row.status === 'failed') return row.failure_reason ?? '';
  if (row.status === 'first_approval') return `Approved once by ${row.first_approved_by?.name ?? ''}`;
  return earlyRedemptionStatusLabels[row.status];
}

export function EarlyRedemptionQueue() {
  const { admin } = useAdminSession();
  const mayDecide = can(admin?.role, 'redemptions:manage');
  const [status, setStatus] = useState<RedemptionTab>('open');
  const [page, setPage] = useState(1);
  const list = useEarlyRedemptions(status, page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <section className="admin-panel" aria-label="Early redemption requests">
      <div className="redemption-tabs">
        <Tabs
          label="Requests by status"
          items={tabs}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      {list.data ? (
        <p className="muted redemption-threshold">
          Above {formatUsd(list.data.four_eyes_threshold)} redeemed, two different admins approve.
        </p>
      ) : null}
      {list.isPending ? <LoadingState /> : null}
      {list.isError ? <ErrorState message={list.error.message} /> : null}
      {list.data && list.data.redemptions.length === 0 ? (
        <EmptyState title={status === 'open' ? 'No requests wait' : 'None yet'}>
          Investors ask from a note’s page; requests appear here in the order they arrive.
        </EmptyState>
      ) : null}
      {list.data && list.data.redemptions.length > 0 ? (
        <DataTable
          caption="Early redemption requests"
          rows={list.data.redemptions}
          rowKey={(row) => row.id}
          isBusy={list.isFetching}
          columns={[
            ...(status === 'open'
              ? [
                  {
                    key: 'position',
                    label: '#',
                    isNumeric: true,
                    cell: (row: AdminRedemptionRow) =>
                      row.queue_position === null ? '' : String(row.queue_position),
                  },
                ]
              : []),
            {
              key: 'investor',
              label: 'Investor',
              isTitle: true,
              cell: (row) => (
                <span>
                  {investorDisplayName(row.investor)}
                  <span className="muted redemption-sub">{row.investor.email}</span>
                </span>
              ),
            },
            {
              key: 'note',
              label: 'Note',
              cell: (row) => (
                <span>
                  {investmentTypeLabel(row.investment_type)} · {ratePercent(row.interest_rate_annual)}%
                  <span className="muted redemption-sub">
                    {row.investment_type === 'high_yield' ? 'Matures' : 'Lock-up ends'}{' '}
                    {formatLongDate(row.maturity_date)}
                  </span>
                </span>
              ),
            },
            {
              key: 'asked',
              label: 'Asked',
              cell: (row) => (
                <span>
                  {row.kind === 'whole' ? 'Whole' : 'Part'} · {formatUsd(row.principal_amount)}
                  <span className="muted redemption-sub">{formatLocalDateTime(row.requested_at)}</span>
                </span>
              ),
            },
            { key: 'figures', label: 'Figures', cell: (row) => figuresOf(row) },
            {
              key: 'state',
              label: 'State',
              cell: (row) => (
                <span>
                  {row.needs_two_approvals &&
                  (row.status === 'requested' || row.status === 'first_approval') ? (
                    <Badge tone="accent">Two approvals</Badge>
                  ) : null}{' '}
                  {stateOf(row)}
                </span>
              ),
            },
            ...(status === 'open'
              ? [
                  {
                    key: 'decide',
                    label: 'Decision',
                    cell: (row: AdminRedemptionRow) =>
                      row.status === 'approved' ? (
                        <span className="muted">Paid by the Early redemptions job</span>
                      ) : !mayDecide ? (
                        <span className="muted">Operations or super admin decides</span>
                      ) : row.first_approved_by?.id === admin?.id ? (
                        <span className="muted">You approved it: another admin approves</span>
                      ) : (
                        <DecideRedemption row={row} />
                      ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {list.data && list.data.total > list.data.page_size ? (
        <div className="admin-pagination">
          <span>
            {list.data.total} requests · page {list.data.page} of {pages}
          </span>
          <div className="row">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function DecideRedemption({ row }: { row: AdminRedemptionRow }) {
  const decide = useDecideRedemption();
  const [isDeclining, setDeclining] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const who = investorDisplayName(row.investor);
  const decline = (event: FormEvent) => {
    event.preventDefault();
    const parsed = declineRedemptionRequest.safeParse({ reason });
    if (!parsed.success) {
      setError('Give a reason of 3 to 500 characters: the investor reads it.');
      return;
    }
    setError(null);
    decide.mutate({ id: row.id, verb: 'decline', reason: parsed.data.reason });
  };
  const isSecond = row.status === 'first_approval';
  const isFirstOfTwo = row.needs_two_approvals && !isSecond;
  return (
    <div className="decide-redemption">
      {decide.isError && !isConfirming ? <Alert tone="error">{decide.error.message}</Alert> : null}
      {isDeclining ? (
        <ReasonForm
          label="Reason the investor sees"
          submitLabel="Decline"
          value={reason}
          onChange={setReason}
          error={error}
          isBusy={decide.isPending}
          onSubmit={decline}
          onBack={() => setDeclining(false)}
        />
      ) : (
        <div className="row redemption-buttons">
          <Button
            size="sm"
            onClick={() => {
              decide.reset();
              setConfirming(true);
            }}
            aria-label={`Approve the early redemption of ${who}`}
          >
            {isSecond ? 'Second approval' : 'Approve'}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDeclining(true)}>
            Decline…
          </Button>
        </div>
      )}
      {isConfirming ? (
        <ConfirmDialog
          title={isFirstOfTwo ? 'Give the first approval?' : 'Approve this early redemption?'}
          confirmLabel={isFirstOfTwo ? 'Give first approval' : 'Approve'}
          isBusy={decide.isPending}
          failure={decide.isError ? decide.error.message : null}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            decide.mutate({ id: row.id, verb: 'approve' }, { onSuccess: () => setConfirming(false) })
          }
        >
          <p>
            {who} asked to redeem{' '}
            {row.kind === 'whole' ? 'the whole note' : `${formatUsd(row.principal_amount)}`} (
            {investmentTypeLabel(row.investment_type)}, {ratePercent(row.interest_rate_annual)}%).
            {row.quote
              ? ` Paid on the next business day: about ${formatUsd(row.quote.amount_paid)}, after a penalty of ${formatUsd(row.quote.penalty)}.`
              : ''}
          </p>
          <p className="field-hint">
            {isFirstOfTwo
              ? 'It is above the threshold: a different admin must approve it too before it is paid.'
              : 'The Early redemptions job pays it on its payment date; the investor can no longer cancel it.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

export function RedemptionGatePanel() {
  const { admin } = useAdminSession();
  const mayManage = can(admin?.role, 'redemptions:manage');
  const list = useEarlyRedemptions('open', 1);
  const setGate = useSetRedemptionGate();
  const [message, setMessage] = useState<string | null>(null);
  const gate = list.data?.gate;
  if (!gate) return null;
  const text = message ?? gate.message;
  return (
    <section className="admin-panel redemption-gate" aria-labelledby="redemption-gate-heading">
      <h2 id="redemption-gate-heading" className="redemption-gate-title">
        New requests{' '}
        <Badge tone={gate.paused ? 'warning' : 'success'}>{gate.paused ? 'Paused' : 'Open'}</Badge>
      </h2>
      {gate.paused ? (
        <p>
          Investors see: “{gate.message || 'Early redemption requests are paused.'}” Requests already made
          stay in the queue.
        </p>
      ) : (
        <p className="muted">Investors can ask to redeem a note early from its page.</p>
      )}
      {mayManage ? (
        <form
          className="redemption-gate-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setGate.mutate(
              { paused: !gate.paused, message: gate.paused ? '' : text.trim() },
              { onSuccess: () => setMessage(null) },
            );
          }}
        >
          {gate.paused ? null : (
            <TextAreaField
              label="Message investors see while paused"
              value={text}
              maxLength={500}
              rows={2}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
          <div className="row">
            <Button
              type="submit"
              size="sm"
              variant={gate.paused ? 'primary' : 'danger'}
              isBusy={setGate.isPending}
            >
              {gate.paused ? 'Resume new requests' : 'Pause new requests'}
            </Button>
          </div>
          {setGate.isError ? <Alert tone="error">{setGate.error.message}</Alert> : null}
        </form>
      ) : null}
    </section>
  );
}
