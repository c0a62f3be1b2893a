import type { AdminTransaction } from '../../../../shared/admin/dashboard-contracts';
import { investorDisplayName } from '../../../../shared/admin/display';
import { formatUsd, formatUsdWhole } from '../../../../shared/format/money-format';
import { transactionLabel } from '../../../../shared/ledger/transaction-labels';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
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
  const columns: DataTableColumn<AdminTransaction>[] = [
    {
      key: 'date',
      label: 'Date',
      className: 'nowrap',
      cell: (transaction) => formatLocalDateTime(transaction.created_at),
    },
    ...(showInvestor
      ? [
          {
            key: 'investor',
            label: 'Investor',
            cell: (transaction: AdminTransaction) =>
              onSelectInvestor ? (
                <button
                  type="button"
                  className="admin-link-button"
                  onClick={() => onSelectInvestor(transaction.investor.id)}
                >
                  {investorDisplayName(transaction.investor)}
                </button>
              ) : (
                investorDisplayName(transaction.investor)
              ),
          },
        ]
      : []),
    { key: 'type', label: 'Type', cell: (transaction) => transactionLabel(transaction) },
    {
      key: 'amount',
      label: 'Amount',
      isNumeric: true,
      cell: (transaction) =>
        amounts === 'whole' ? formatUsdWhole(transaction.amount) : formatUsd(transaction.amount),
    },
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={transactions}
      rowKey={(transaction) => transaction.id}
    />
  );
}
