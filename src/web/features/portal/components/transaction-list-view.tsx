/** List view (spec 2): tabs All, Interest, Withdrawals; server-paged rows; a detail panel for the selected row. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, LoadingState } from '../../../components/ui/feedback';
import { Tabs } from '../../../components/ui/tabs';
import { formatUpperLongDate } from '../../../../shared/format/date-format';
import { transactionTypeLabel } from '../../../../shared/ledger/ledger-model';
import type { TransactionRow } from '../../../../shared/portal/transaction-contracts';
import type { TransactionFilter } from '../../../../shared/portal/transaction-display';
import { fetchTransactions, portalKeys } from '../api/portal-api';
import { signedUsd, TransactionDetail } from './transaction-detail';

const tabs = [
  { value: 'all', label: 'All' },
  { value: 'interest', label: 'Interest' },
  { value: 'withdrawals', label: 'Withdrawals' },
] as const;

export function TransactionListView({
  filter,
  onFilterChange,
}: {
  filter: TransactionFilter;
  onFilterChange(filter: TransactionFilter): void;
}) {
  const [selected, setSelected] = useState<TransactionRow | null>(null);
  const query = useInfiniteQuery({
    queryKey: portalKeys.transactions(filter),
    queryFn: ({ pageParam }) => fetchTransactions(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <div>
      <Tabs
        label="Transaction types"
        items={tabs}
        value={filter}
        onChange={(value) => {
          setSelected(null);
          onFilterChange(value);
        }}
      />
      <div className="transactions-layout">
        <div className="card transactions-card">
          {query.isPending ? <LoadingState /> : null}
          {query.isError ? <p className="text-danger">{query.error.message}</p> : null}
          {query.isSuccess && rows.length === 0 ? <EmptyState title="No transactions found" /> : null}
          {rows.length > 0 ? (
            <ul className="transaction-rows">
              {rows.map((row) => (
                <li key={row.id}>
                  <button
                    type="button"
                    className="transaction-row"
                    aria-pressed={selected?.id === row.id}
                    onClick={() => setSelected(row)}
                  >
                    <span className="transaction-date">{formatUpperLongDate(row.transaction_date)}</span>
                    <span className="transaction-type">{transactionTypeLabel(row.transaction_type)}</span>
                    <span
                      className={
                        row.signed_amount.startsWith('-') ? 'transaction-amount is-out' : 'transaction-amount'
                      }
                    >
                      {signedUsd(row)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {query.isFetchNextPageError ? <p className="text-danger">{query.error?.message}</p> : null}
          {query.hasNextPage ? (
            <div className="load-more">
              <Button
                variant="secondary"
                size="sm"
                isBusy={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </div>
        <TransactionDetail transaction={selected} />
      </div>
    </div>
  );
}
