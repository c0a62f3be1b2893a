/** The detail panel of the List view: every field spec 2 lists for the selected entry. */
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { transactionLabel } from '../../../../shared/ledger/transaction-labels';
import type { TransactionRow } from '../../../../shared/portal/transaction-contracts';
import {
  amountSign,
  balanceChangeText,
  noteLabel,
  shortId,
} from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';
import { Modal } from '../../../components/ui/modal';
import { formatLocalLongDate, formatLocalTime } from '../../../lib/format-date-time';
import { centsToMoney, parseMoneyToCents } from '../../../../shared/money/decimal-string';

function subtractMoney(left: string, right: string): string {
  return centsToMoney((parseMoneyToCents(left) ?? 0n) - (parseMoneyToCents(right) ?? 0n));
}

export function signedUsd(
  row: Pick<TransactionRow, 'signed_amount' | 'amount' | 'transaction_type'>,
): string {
  return `${row.signed_amount.startsWith('-') ? '-' : '+'}${formatUsd(row.amount)}`;
}

/** Interest with backup withholding: what the IRS got and what reached the bank (decision 1911). */
function withholdingRows(transaction: TransactionRow): [string, string][] {
  if (transaction.backup_withheld === '0.00') return [];
  return [
    ['Backup withholding', `-${formatUsd(transaction.backup_withheld)} (sent to the IRS)`],
    ['Paid to your bank', formatUsd(subtractMoney(transaction.amount, transaction.backup_withheld))],
  ];
}

function detailRows(transaction: TransactionRow): [string, string][] {
  return [
    ['Date', formatLongDate(transaction.transaction_date)],
    ['Type', transactionLabel(transaction)],
    ['Amount', signedUsd(transaction)],
    ...withholdingRows(transaction),
    ['Balance change', balanceChangeText(transaction.balance_change, formatUsd)],
    ['Note', noteLabel(transaction)],
    [
      'Investment',
      `${investmentTypeLabel(transaction.investment_type)} · ${formatUsd(transaction.principal_amount)} at ${ratePercent(transaction.interest_rate_annual)}%`,
    ],
    ['Notes', transaction.notes ?? '—'],
    ['Transaction ID', shortId(transaction.id)],
    ['Investment ID', shortId(transaction.investment_id)],
    ['Recorded on', formatLocalLongDate(transaction.created_at)],
    ['Time', formatLocalTime(transaction.created_at)],
  ];
}

function DetailBody({ transaction }: { transaction: TransactionRow }) {
  return (
    <>
      <p
        className={
          amountSign(transaction.transaction_type, transaction.signed_amount) === '-'
            ? 'detail-amount is-out'
            : 'detail-amount'
        }
      >
        {signedUsd(transaction)}
      </p>
      <dl className="review-list">
        {detailRows(transaction).map(([label, value]) => (
          <div key={label} className="review-row">
            <dt>{label}</dt>
            <dd className={label.endsWith('ID') ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** Beside the list on a wide screen: the selected entry, or a hint to select one. */
export function TransactionDetail({ transaction }: { transaction: TransactionRow | null }) {
  if (!transaction) {
    return (
      <aside className="card transaction-detail" aria-label="Transaction details">
        <p className="muted">Select a transaction to see its details.</p>
      </aside>
    );
  }
  return (
    <aside className="card transaction-detail" aria-label="Transaction details" aria-live="polite">
      <p className="stat-label">{transactionLabel(transaction)}</p>
      <DetailBody transaction={transaction} />
    </aside>
  );
}

/** On a narrower screen the selected entry opens as a dialog, in view wherever the row was. */
export function TransactionDetailDialog({
  transaction,
  onClose,
}: {
  transaction: TransactionRow;
  onClose(): void;
}) {
  return (
    <Modal title={transactionLabel(transaction)} onClose={onClose}>
      <DetailBody transaction={transaction} />
    </Modal>
  );
}
