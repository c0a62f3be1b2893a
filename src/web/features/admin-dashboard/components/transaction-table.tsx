import type { AdminTransaction } from '../../../../shared/admin/dashboard-contracts';
import { adminTransactionLabel, investorDisplayName } from '../../../../shared/admin/display';
import { formatUsd } from '../../../../shared/format/money-format';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { formatLocalDateTime } from '../../../lib/format-date-time';

export interface TransactionTableProps {
  transactions: AdminTransaction[];
  showInvestor?: boolean;
  onSelectInvestor?(investorId: string): void;
  caption: string;
}

export function TransactionTable({
  transactions,
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
    { key: 'type', label: 'Type', cell: (transaction) => adminTransactionLabel(transaction) },
    {
      key: 'amount',
      label: 'Amount',
      isNumeric: true,
      // Cents on every transaction row (the spec's whole dollars are for the cards and product lists).
      cell: (transaction) => formatUsd(transaction.amount),
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
