import type { AdminTransaction } from '../../../../shared/admin/dashboard-contracts';
import { investorDisplayName } from '../../../../shared/admin/display';
import { formatUsd, formatUsdWhole } from '../../../../shared/format/money-format';
import { transactionTypeLabel } from '../../../../shared/ledger/ledger-model';
import { formatLocalDateTime } from '../../../lib/format-date-time';

export interface TransactionTableProps {
  transactions: AdminTransaction[];
  /** Dashboard lists round to whole dollars; search results and investor detail show cents. */
  amounts: 'whole' | 'cents';
  showInvestor?: boolean;
  onSelectInvestor?(investorId: string): void;
  caption: string;
}

export function TransactionTable({
  transactions,
  amounts,
  showInvestor = true,
  onSelectInvestor,
  caption,
}: TransactionTableProps) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {showInvestor ? <th scope="col">Investor</th> : null}
            <th scope="col">Type</th>
            <th scope="col" className="numeric">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction) => (
            <tr key={transaction.id}>
              <td className="nowrap" data-label="Date">
                {formatLocalDateTime(transaction.created_at)}
              </td>
              {showInvestor ? (
                <td data-label="Investor">
                  {onSelectInvestor ? (
                    <button
                      type="button"
                      className="admin-link-button"
                      onClick={() => onSelectInvestor(transaction.investor.id)}
                    >
                      {investorDisplayName(transaction.investor)}
                    </button>
                  ) : (
                    investorDisplayName(transaction.investor)
                  )}
                </td>
              ) : null}
              <td data-label="Type">{transactionTypeLabel(transaction.transaction_type)}</td>
              <td className="numeric" data-label="Amount">
                {amounts === 'whole' ? formatUsdWhole(transaction.amount) : formatUsd(transaction.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
