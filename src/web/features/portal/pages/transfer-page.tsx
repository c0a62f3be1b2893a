/** /transfer (PRODUCT.md 19): available to withdraw, TRANSFER TO BANK, CONVERT TO HIGH-YIELD and the history. */
import '../portal.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../../components/ui/data-table';
import { Button } from '../../../components/ui/button';
import { Badge, type BadgeTone, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { formatLocalDateTime } from '../../../lib/format-date-time';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import type { WithdrawalRow } from '../../../../shared/transfers/transfer-contracts';
import { cancelWithdrawal, fetchTransfers, portalKeys } from '../api/portal-api';
import { LazyModal } from '../../../components/ui/modal';
import { preloadableLazy, preloadOnIntent } from '../../../lib/preloadable-lazy';
import { usePageTitle } from '../hooks/use-page-title';

// The dialogs load when they open (decision 1412), started on hover or focus of their button.
const TransferToBankModal = preloadableLazy(() =>
  import('../components/transfer-to-bank-modal').then((module) => module.TransferToBankModal),
);
const ConvertModal = preloadableLazy(() =>
  import('../components/convert-modal').then((module) => module.ConvertModal),
);

const statusTones: Record<WithdrawalRow['status'], BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};
const statusLabels: Record<WithdrawalRow['status'], string> = {
  pending: 'Pending',
  paid: 'Complete',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

function paymentText(row: WithdrawalRow): string {
  if (row.status === 'paid' && row.paid_at) return `Paid ${formatLocalDateTime(row.paid_at)}`;
  if (row.status === 'pending') return `To be paid ${formatLongDate(row.scheduled_for)}`;
  if (row.status === 'cancelled' && row.cancelled_at)
    return `Cancelled ${formatLocalDateTime(row.cancelled_at)}`;
  return row.failure_reason ?? '';
}

function TransferHistory({ withdrawals }: { withdrawals: WithdrawalRow[] }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.transfers }),
  });
  if (withdrawals.length === 0)
    return <EmptyState title="No transfers yet">Transfers you request appear here.</EmptyState>;
  return (
    <>
      {cancel.isError ? <p className="text-danger">{cancel.error.message}</p> : null}
      <DataTable
        caption="Transfer history"
        className="transfer-table"
        rows={withdrawals}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'amount',
            label: 'Amount',
            isNumeric: true,
            isTitle: true,
            cell: (row) => formatUsd(row.amount),
          },
          {
            key: 'status',
            label: 'Status',
            cell: (row) => <Badge tone={statusTones[row.status]}>{statusLabels[row.status]}</Badge>,
          },
          { key: 'date', label: 'Date', cell: (row) => formatLocalDateTime(row.requested_at) },
          { key: 'payment', label: 'Payment', className: 'muted', cell: (row) => paymentText(row) },
          {
            key: 'actions',
            label: 'Actions',
            isLabelHidden: true,
            className: 'transfer-actions',
            cell: (row) =>
              row.is_cancellable ? (
                <Button
                  variant="ghost"
                  size="sm"
                  isBusy={cancel.isPending && cancel.variables === row.id}
                  onClick={() => cancel.mutate(row.id)}
                >
                  Cancel
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}

export function TransferPage() {
  usePageTitle('Transfer');
  const transfers = useQuery({ queryKey: portalKeys.transfers, queryFn: fetchTransfers });
  const [dialog, setDialog] = useState<'transfer' | 'convert' | null>(null);

  if (transfers.isPending) return <LoadingState />;
  if (transfers.isError) return <ErrorState message={transfers.error.message} />;
  const summary = transfers.data;
  const hasFunds = summary.available_to_withdraw !== '0.00';

  return (
    <div className="portal-page">
      <header className="page-head">
        <p className="eyebrow">Transfer</p>
        <h1>Move your money</h1>
      </header>
      <section className="card transfer-card" aria-labelledby="available-heading">
        <h2 id="available-heading" className="stat-label">
          Available to withdraw
        </h2>
        <p className="balance-value">{formatUsd(summary.available_to_withdraw)}</p>
        <dl className="available-breakdown">
          <div>
            <dt>Standard notes past lock-up</dt>
            <dd>{formatUsd(summary.standard_available)}</dd>
          </div>
          <div>
            <dt>Matured High-Yield notes</dt>
            <dd>{formatUsd(summary.matured_high_yield)}</dd>
          </div>
          <div>
            <dt>Transfers not yet paid</dt>
            <dd>
              {summary.pending_withdrawals === '0.00' ? '' : '-'}
              {formatUsd(summary.pending_withdrawals)}
            </dd>
          </div>
        </dl>
        <div className="row transfer-actions">
          <Button
            onClick={() => setDialog('transfer')}
            {...preloadOnIntent(TransferToBankModal)}
            disabled={!hasFunds}
          >
            TRANSFER TO BANK
          </Button>
          <Button
            variant="secondary"
            onClick={() => setDialog('convert')}
            {...preloadOnIntent(ConvertModal)}
            disabled={!hasFunds}
          >
            CONVERT TO HIGH-YIELD
          </Button>
        </div>
        {hasFunds ? null : (
          <p className="transfer-note">
            Funds become available when a Standard note’s 12-month lock-up ends or a High-Yield note matures.
          </p>
        )}
        <p className="transfer-note">
          Transfers are paid at the end of the current quarter: funds will not appear in your bank account
          until {formatLongDate(summary.next_payment_date)}.
        </p>
      </section>
      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading" className="card-title">
          Transfer history
        </h2>
        <TransferHistory withdrawals={summary.withdrawals} />
      </section>
      {dialog === 'transfer' ? (
        <LazyModal title="Transfer to bank" onClose={() => setDialog(null)}>
          <TransferToBankModal summary={summary} onClose={() => setDialog(null)} />
        </LazyModal>
      ) : null}
      {dialog === 'convert' ? (
        <LazyModal title="Convert to High-Yield" onClose={() => setDialog(null)}>
          <ConvertModal summary={summary} onClose={() => setDialog(null)} />
        </LazyModal>
      ) : null}
    </div>
  );
}
