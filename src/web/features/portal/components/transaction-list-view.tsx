/**
 * List view (spec 2): tabs All, Interest, Withdrawals; server-paged rows; the selected row's
 * detail beside the list on a wide screen, in a dialog on a narrower one (so it opens in view).
 * Each row names its note and its balance change; the All tab says how the list adds up to the balance.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, LoadingState } from '../../../components/ui/feedback';
import { Tabs } from '../../../components/ui/tabs';
import { formatUpperLongDate } from '../../../../shared/format/date-format';
import { balanceExplanation, transactionLabel } from '../../../../shared/ledger/transaction-labels';
import type { TransactionRow } from '../../../../shared/portal/transaction-contracts';
import {
  balanceChangeText,
  noteLabel,
  type TransactionFilter,
} from '../../../../shared/portal/transaction-display';
import { formatUsd } from '../../../../shared/format/money-format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { fetchTransactions, portalKeys } from '../api/portal-api';
import { signedUsd, TransactionDetail, TransactionDetailDialog } from './transaction-detail';

/** Below this width the detail panel would sit under the list, out of view: it opens as a dialog. */
const NARROW_LAYOUT_QUERY = '(max-width: 1024px)';

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
  const isNarrow = useMediaQuery(NARROW_LAYOUT_QUERY);
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
      {filter === 'all' ? <p className="muted balance-explanation">{balanceExplanation}</p> : null}
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
                    <span className="transaction-type">
                      {transactionLabel(row)}
                      <span className="transaction-note">{noteLabel(row)}</span>
                    </span>
                    <span className="transaction-figures">
                      <span
                        className={
                          row.signed_amount.startsWith('-')
                            ? 'transaction-amount is-out'
                            : 'transaction-amount'
                        }
                      >
                        {signedUsd(row)}
                      </span>
                      <span className="transaction-balance-change">
                        Balance change: {balanceChangeText(row.balance_change, formatUsd)}
                      </span>
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
        {isNarrow ? null : <TransactionDetail transaction={selected} />}
      </div>
      {isNarrow && selected ? (
        <TransactionDetailDialog transaction={selected} onClose={() => setSelected(null)} />
      ) : null}
    </div>
  );
}
