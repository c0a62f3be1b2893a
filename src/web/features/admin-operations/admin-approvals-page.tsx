/**
 * /admin/approvals (issue 16 item 4): four-eyes adjustments waiting for a second admin, and the
 * decided ones. Approve writes the ledger entry; reject needs a reason. Your own proposals show
 * who must approve them instead of the buttons (the server refuses them either way).
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  type Adjustment,
  type AdjustmentStatus,
  adjustmentMessages,
  reasonSchema,
} from '../../../shared/admin/back-office-contracts';
import { investorDisplayName } from '../../../shared/admin/display';
import { can } from '../../../shared/admin/permissions';
import { formatUsd } from '../../../shared/format/money-format';
import { investmentTypeLabel } from '../../../shared/products/plans';
import { addMoney } from '../../../shared/money/decimal-string';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataTable } from '../../components/ui/data-table';
import { Alert, Badge, EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { ReasonForm } from '../../components/ui/reason-form';
import { Tabs } from '../../components/ui/tabs';
import { useAdminSession } from '../../lib/admin-session';
import { formatLocalDateTime } from '../../lib/format-date-time';
import { useAdjustments, useDecideAdjustment } from './api/operations-queries';
import './admin-operations.css';

const tabs: { value: AdjustmentStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'applied', label: 'Applied' },
  { value: 'rejected', label: 'Rejected' },
];

export function AdminApprovalsPage() {
  const { admin } = useAdminSession();
  const mayDecide = can(admin?.role, 'adjustments:approve');
  const [status, setStatus] = useState<AdjustmentStatus>('pending');
  const [page, setPage] = useState(1);
  const list = useAdjustments(status, page);
  useEffect(() => {
    document.title = 'Approvals · Admin';
  }, []);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <div className="admin-operations">
      <div className="admin-page-header">
        <div>
          <h1>Approvals</h1>
          <p>
            Manual ledger adjustments: one admin proposes, a different operations or super admin approves.
          </p>
        </div>
      </div>
      <section className="admin-panel">
        <div className="operations-tabs">
          <Tabs
            label="Adjustments by status"
            items={tabs}
            value={status}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
        {list.isPending ? <LoadingState /> : null}
        {list.isError ? <ErrorState message={list.error.message} /> : null}
        {list.data && list.data.adjustments.length === 0 ? (
          <EmptyState title={status === 'pending' ? 'Nothing waits for approval' : 'None yet'}>
            Adjustments are proposed from an investor's detail on the dashboard.
          </EmptyState>
        ) : null}
        {list.data && list.data.adjustments.length > 0 ? (
          <DataTable
            caption="Adjustments"
            rows={list.data.adjustments}
            rowKey={(row) => row.id}
            isBusy={list.isFetching}
            columns={[
              {
                key: 'investor',
                label: 'Investor',
                isTitle: true,
                cell: (row) => (
                  <span>
                    {investorDisplayName(row.investor)}
                    <span className="muted operations-sub">{row.investor.email}</span>
                  </span>
                ),
              },
              {
                key: 'note',
                label: 'Note',
                cell: (row) =>
                  `${investmentTypeLabel(row.investment_type)} · now ${formatUsd(row.note_value)}`,
              },
              {
                key: 'change',
                label: 'Change',
                isNumeric: true,
                cell: (row) => (
                  <Badge tone={row.direction === 'credit' ? 'success' : 'warning'}>
                    {row.direction === 'credit' ? '+' : '−'}
                    {formatUsd(row.amount)}
                  </Badge>
                ),
              },
              { key: 'reason', label: 'Reason', cell: (row) => row.reason },
              {
                key: 'proposed',
                label: 'Proposed',
                cell: (row) => `${row.proposed_by.name}, ${formatLocalDateTime(row.proposed_at)}`,
              },
              status === 'pending'
                ? {
                    key: 'decide',
                    label: 'Decision',
                    cell: (row: Adjustment) =>
                      !mayDecide ? (
                        <span className="muted">Operations or super admin decides</span>
                      ) : row.proposed_by.id === admin?.id ? (
                        <span className="muted">Your proposal: another admin approves</span>
                      ) : (
                        <DecideAdjustment adjustment={row} />
                      ),
                  }
                : {
                    key: 'decided',
                    label: 'Decided',
                    cell: (row: Adjustment) =>
                      `${row.decided_by?.name ?? ''}, ${row.decided_at ? formatLocalDateTime(row.decided_at) : ''}${
                        row.decision_reason ? ` (${row.decision_reason})` : ''
                      }`,
                  },
            ]}
          />
        ) : null}
        {list.data && list.data.total > 0 ? (
          <div className="admin-pagination">
            <span>
              {list.data.total} {list.data.total === 1 ? 'adjustment' : 'adjustments'} · page {list.data.page}{' '}
              of {pages}
            </span>
            <div className="row">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** What approving writes, in figures: the entry and the note's value before and after it. */
function approvalEffect(adjustment: Adjustment): string {
  const signed = adjustment.direction === 'credit' ? adjustment.amount : `-${adjustment.amount}`;
  const after = addMoney(adjustment.note_value, signed);
  return `Writes a ${adjustment.direction} of ${formatUsd(adjustment.amount)} to ${investorDisplayName(
    adjustment.investor,
  )}’s ${investmentTypeLabel(adjustment.investment_type)} note: its value goes from ${formatUsd(
    adjustment.note_value,
  )} to ${formatUsd(after)}.`;
}

function DecideAdjustment({ adjustment }: { adjustment: Adjustment }) {
  const decide = useDecideAdjustment();
  const [isRejecting, setRejecting] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? adjustmentMessages.notPending);
      return;
    }
    setError(null);
    decide.mutate({ id: adjustment.id, verb: 'reject', reason: parsed.data });
  };
  return (
    <div className="decide-adjustment">
      {decide.isError ? <Alert tone="error">{decide.error.message}</Alert> : null}
      {isRejecting ? (
        <ReasonForm
          label="Reason to reject"
          submitLabel="Reject"
          value={reason}
          onChange={setReason}
          error={error}
          isBusy={decide.isPending}
          onSubmit={reject}
          onBack={() => setRejecting(false)}
        />
      ) : (
        <div className="row decide-buttons">
          <Button
            size="sm"
            isBusy={decide.isPending}
            onClick={() => {
              decide.reset();
              setConfirming(true);
            }}
            aria-label={`Approve ${adjustment.direction} of ${formatUsd(adjustment.amount)} for ${investorDisplayName(adjustment.investor)}`}
          >
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        </div>
      )}
      {isConfirming ? (
        <ConfirmDialog
          title={`Approve this ${adjustment.direction}?`}
          confirmLabel="Approve"
          tone={adjustment.direction === 'debit' ? 'danger' : 'primary'}
          isBusy={decide.isPending}
          failure={decide.isError ? decide.error.message : null}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            decide.mutate({ id: adjustment.id, verb: 'approve' }, { onSuccess: () => setConfirming(false) })
          }
        >
          <p>{approvalEffect(adjustment)}</p>
          <p className="field-hint">
            The entry is final: a mistake is then corrected by another adjustment. Reason given: “
            {adjustment.reason}”.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
