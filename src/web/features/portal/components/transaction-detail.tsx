/** The detail panel of the List view: every field spec 2 lists for the selected entry. */
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { transactionTypeLabel } from '../../../../shared/ledger/ledger-model';
import type { TransactionRow } from '../../../../shared/portal/transaction-contracts';
import { amountSign, shortId } from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';

const localDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const localTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

export function signedUsd(
  row: Pick<TransactionRow, 'signed_amount' | 'amount' | 'transaction_type'>,
): string {
  return `${row.signed_amount.startsWith('-') ? '-' : '+'}${formatUsd(row.amount)}`;
}

export function TransactionDetail({ transaction }: { transaction: TransactionRow | null }) {
  if (!transaction) {
    return (
      <aside className="card transaction-detail" aria-label="Transaction details">
        <p className="muted">Select a transaction to see its details.</p>
      </aside>
    );
  }
  const recorded = new Date(transaction.created_at);
  const rows: [string, string][] = [
    ['Date', formatLongDate(transaction.transaction_date)],
    ['Type', transactionTypeLabel(transaction.transaction_type)],
    ['Amount', signedUsd(transaction)],
    [
      'Investment',
      `${investmentTypeLabel(transaction.investment_type)} · ${formatUsd(transaction.principal_amount)} at ${ratePercent(transaction.interest_rate_annual)}%`,
    ],
    ['Notes', transaction.notes ?? '—'],
    ['Transaction ID', shortId(transaction.id)],
    ['Investment ID', shortId(transaction.investment_id)],
    ['Recorded on', localDate.format(recorded)],
    ['Time', localTime.format(recorded)],
  ];
  return (
    <aside className="card transaction-detail" aria-label="Transaction details" aria-live="polite">
      <p className="stat-label">{transactionTypeLabel(transaction.transaction_type)}</p>
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
        {rows.map(([label, value]) => (
          <div key={label} className="review-row">
            <dt>{label}</dt>
            <dd className={label.endsWith('ID') ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
