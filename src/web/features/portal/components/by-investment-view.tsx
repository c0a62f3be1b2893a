/**
 * By Investment view (spec 2): type filter, page size 10/20/50, investments paged by the
 * server, each expandable to its entries with 'Load More (n remaining)'.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, LoadingState } from '../../../components/ui/feedback';
import { ChevronIcon } from '../../../components/ui/icons';
import { formatUpperLongDate } from '../../../../shared/format/date-format';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { transactionLabel } from '../../../../shared/ledger/transaction-labels';
import { DataTable } from '../../../components/ui/data-table';
import type { InvestmentRow } from '../../../../shared/portal/transaction-contracts';
import {
  balanceChangeText,
  type InvestmentFilter,
  type PageSize,
  pageSizes,
} from '../../../../shared/portal/transaction-display';
import { investmentTypeLabel, ratePercent } from '../../../../shared/products/plans';
import { fetchInvestments, fetchInvestmentTransactions, portalKeys } from '../api/portal-api';
import { signedUsd } from './transaction-detail';

function InvestmentTransactions({ investment, pageSize }: { investment: InvestmentRow; pageSize: PageSize }) {
  const query = useInfiniteQuery({
    queryKey: portalKeys.investmentTransactions(investment.id, pageSize),
    queryFn: ({ pageParam }) => fetchInvestmentTransactions(investment.id, pageSize, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  const remaining = Math.max(0, investment.transaction_count - rows.length);
  const loadMoreError = query.isFetchNextPageError ? query.error.message : null;
  if (query.isPending) return <p className="muted investment-entries-state">Loading...</p>;
  if (query.isError) return <p className="text-danger investment-entries-state">{query.error.message}</p>;
  if (rows.length === 0) return <p className="muted investment-entries-state">No transactions</p>;
  return (
    <div className="investment-entries">
      <DataTable
        caption="Entries of this investment"
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          { key: 'date', label: 'Date', cell: (row) => formatUpperLongDate(row.transaction_date) },
          { key: 'type', label: 'Type', cell: (row) => transactionLabel(row) },
          {
            key: 'amount',
            label: 'Amount',
            isNumeric: true,
            className: (row) => (row.signed_amount.startsWith('-') ? 'is-out' : undefined),
            cell: (row) => signedUsd(row),
          },
          {
            key: 'balance',
            label: 'Balance change',
            isNumeric: true,
            cell: (row) => balanceChangeText(row.balance_change, formatUsd),
          },
        ]}
      />
      {loadMoreError ? <p className="text-danger">{loadMoreError}</p> : null}
      {query.hasNextPage && remaining > 0 ? (
        <div className="load-more">
          <Button
            variant="secondary"
            size="sm"
            isBusy={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            Load More ({remaining} remaining)
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function InvestmentItem({ investment, pageSize }: { investment: InvestmentRow; pageSize: PageSize }) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="investment-item">
      <button
        type="button"
        className="investment-summary"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <span className="investment-type">{investmentTypeLabel(investment.investment_type)}</span>
        <span className="investment-principal">
          {formatUsd(investment.principal_amount)} at {ratePercent(investment.interest_rate_annual)}%
        </span>
        <span className="investment-start muted">Started {formatLongDate(investment.start_date)}</span>
        <span className="investment-count muted">
          {investment.transaction_count} {investment.transaction_count === 1 ? 'transaction' : 'transactions'}
        </span>
        <ChevronIcon size={18} direction={isOpen ? 'up' : 'down'} />
      </button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen ? (
          <>
            <Link to={`/notes/${investment.id}`} className="investment-details-link">
              Note details, maturity and the math of every interest posting
            </Link>
            <InvestmentTransactions investment={investment} pageSize={pageSize} />
          </>
        ) : null}
      </div>
    </li>
  );
}

export function ByInvestmentView({
  type,
  onTypeChange,
}: {
  type: InvestmentFilter;
  onTypeChange(type: InvestmentFilter): void;
}) {
  const [pageSize, setPageSize] = useState<PageSize>(pageSizes[0]);
  /** The cursors of the pages before the current one, to go back. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = useQuery({
    queryKey: portalKeys.investments(type, pageSize, cursor),
    queryFn: () => fetchInvestments(type, pageSize, cursor),
  });
  const pageIndex = cursors.length - 1;
  const firstShown = pageIndex * pageSize + 1;

  return (
    <div>
      <div className="filters">
        <label className="filter">
          <span className="field-label">Type</span>
          <select
            className="select"
            value={type}
            onChange={(event) => {
              setCursors([null]);
              onTypeChange(event.target.value as InvestmentFilter);
            }}
          >
            <option value="all">All Types</option>
            <option value="standard">Standard</option>
            <option value="high_yield">High Yield</option>
          </select>
        </label>
        <label className="filter">
          <span className="field-label">Per page</span>
          <select
            className="select"
            value={pageSize}
            onChange={(event) => {
              setCursors([null]);
              setPageSize(Number(event.target.value) as PageSize);
            }}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="card transactions-card">
        {query.isPending ? <LoadingState /> : null}
        {query.isError ? <p className="text-danger">{query.error.message}</p> : null}
        {query.data && query.data.investments.length === 0 ? (
          <EmptyState title="No investments found" />
        ) : null}
        {query.data && query.data.investments.length > 0 ? (
          <>
            <ul className="investment-list">
              {query.data.investments.map((investment) => (
                <InvestmentItem key={investment.id} investment={investment} pageSize={pageSize} />
              ))}
            </ul>
            <div className="pager">
              <span className="muted">
                Showing {firstShown}–{firstShown + query.data.investments.length - 1} of {query.data.total}
              </span>
              <div className="row">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pageIndex === 0}
                  onClick={() => setCursors((stack) => stack.slice(0, -1))}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!query.data.next_cursor}
                  onClick={() => {
                    const next = query.data?.next_cursor;
                    if (next) setCursors((stack) => [...stack, next]);
                  }}
                >
                  Next
                </Button>
              </div>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
