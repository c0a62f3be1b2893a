import { type FormEvent, useState } from 'react';
import type { AdminSearchResponse } from '../../../../shared/admin/dashboard-contracts';
import { classifySearchQuery, dashboardMessages } from '../../../../shared/admin/dashboard-rules';
import { humanizeCode, investorDisplayName } from '../../../../shared/admin/display';
import { formatUsd } from '../../../../shared/format/money-format';
import { investmentTypeLabel } from '../../../../shared/products/plans';
import { Button } from '../../../components/ui/button';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback';
import { formatCalendarDate, formatLocalDateTime } from '../../../lib/format-date-time';
import { useAdminSearch } from '../api/admin-dashboard-queries';
import { TransactionTable } from './transaction-table';

function statusTone(status: string) {
  if (status === 'active') return 'success';
  if (status === 'suspended' || status === 'closed' || status === 'cancelled') return 'danger';
  if (status === 'pending') return 'warning';
  return 'neutral';
}

/** Search by UUID, name, e-mail or phone (PRODUCT.md 26); selecting a record opens its investor. */
export function SearchPanel({ onSelectInvestor }: { onSelectInvestor(investorId: string): void }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const search = useAdminSearch(submitted);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (classifySearchQuery(text).kind === 'too_short') {
      setHint(dashboardMessages.searchTooShort);
      return;
    }
    setHint(null);
    setSubmitted(text.trim());
  };

  return (
    <section className="admin-panel search-panel" aria-labelledby="admin-search-title">
      <div className="search-panel-body">
        <h2 id="admin-search-title" className="search-title">
          Find a record
        </h2>
        <form className="search-form" onSubmit={onSubmit}>
          <label htmlFor="admin-search" className="visually-hidden">
            Search by id, name, email or phone
          </label>
          <input
            id="admin-search"
            className="input"
            type="search"
            placeholder="Search by id, name, email or phone"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" isBusy={search.isFetching}>
            Search
          </Button>
        </form>
        {hint ? <p className="field-hint search-hint">{hint}</p> : null}
      </div>
      {submitted !== null && search.isError ? (
        <div className="search-results">
          <Alert tone="error">{search.error.message}</Alert>
        </div>
      ) : null}
      {submitted !== null && search.data ? (
        <SearchResults results={search.data} onSelectInvestor={onSelectInvestor} />
      ) : null}
    </section>
  );
}

function SearchResults({
  results,
  onSelectInvestor,
}: {
  results: AdminSearchResponse;
  onSelectInvestor(id: string): void;
}) {
  const total = results.investors.length + results.investments.length + results.transactions.length;
  if (total === 0) {
    return (
      <div className="search-results">
        <EmptyState title={dashboardMessages.noResults} />
      </div>
    );
  }
  return (
    <div className="search-results">
      {results.investors.length > 0 ? (
        <div className="search-group">
          <h3>Investors</h3>
          <ul className="result-list">
            {results.investors.map((investor) => (
              <li key={investor.id}>
                <button type="button" className="result-row" onClick={() => onSelectInvestor(investor.id)}>
                  <span className="result-main">
                    <span className="result-title">{investorDisplayName(investor)}</span>
                    <span className="result-meta">
                      {investor.email}
                      {investor.phone ? ` · ${investor.phone}` : ''}
                    </span>
                  </span>
                  <span className="result-side">
                    <Badge tone={statusTone(investor.status)}>{humanizeCode(investor.status)}</Badge>
                    <span className="result-meta">Joined {formatLocalDateTime(investor.created_at)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {results.investments.length > 0 ? (
        <div className="search-group">
          <h3>Investments</h3>
          <ul className="result-list">
            {results.investments.map((investment) => (
              <li key={investment.id}>
                <button
                  type="button"
                  className="result-row"
                  onClick={() => onSelectInvestor(investment.investor.id)}
                >
                  <span className="result-main">
                    <span className="result-title">
                      {investmentTypeLabel(investment.investment_type)} note ·{' '}
                      {formatUsd(investment.principal_amount)}
                    </span>
                    <span className="result-meta">
                      {investorDisplayName(investment.investor)} · started{' '}
                      {formatCalendarDate(investment.start_date)} · accrued{' '}
                      {formatUsd(investment.interest_accrued)}
                    </span>
                  </span>
                  <span className="result-side">
                    <Badge tone={statusTone(investment.status)}>{humanizeCode(investment.status)}</Badge>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {results.transactions.length > 0 ? (
        <div className="search-group">
          <h3>Transactions</h3>
          <TransactionTable
            transactions={results.transactions}
            onSelectInvestor={onSelectInvestor}
            caption="Transactions found"
          />
        </div>
      ) : null}
    </div>
  );
}
