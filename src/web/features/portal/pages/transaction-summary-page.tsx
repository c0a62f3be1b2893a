/** /transaction-summary (spec 2): List or By Investment, and EXPORT of the current view as CSV. */
import '../portal.css';
import { useSearchParams } from 'react-router';
import { DownloadIcon } from '../../../components/ui/icons';
import {
  type InvestmentFilter,
  investmentFilters,
  type TransactionFilter,
  transactionFilters,
} from '../../../../shared/portal/transaction-display';
import { exportUrl } from '../api/portal-api';
import { ByInvestmentView } from '../components/by-investment-view';
import { TransactionListView } from '../components/transaction-list-view';
import { usePageTitle } from '../hooks/use-page-title';

type View = 'list' | 'investments';

function oneOf<Value extends string>(values: readonly Value[], value: string | null, fallback: Value): Value {
  return values.includes(value as Value) ? (value as Value) : fallback;
}

export function TransactionSummaryPage() {
  usePageTitle('Transaction summary');
  const [params, setParams] = useSearchParams();
  const view = oneOf<View>(['list', 'investments'], params.get('view'), 'list');
  const filter = oneOf<TransactionFilter>(transactionFilters, params.get('filter'), 'all');
  const type = oneOf<InvestmentFilter>(investmentFilters, params.get('type'), 'all');
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="portal-page">
      <header className="page-head page-head-row">
        <div>
          <p className="eyebrow">Transaction summary</p>
          <h1>Your transactions</h1>
        </div>
        <div className="row">
          <fieldset className="segmented">
            <legend className="visually-hidden">View</legend>
            {(
              [
                ['list', 'List'],
                ['investments', 'By Investment'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={view === value ? 'segment is-selected' : 'segment'}>
                <input
                  type="radio"
                  name="view"
                  value={value}
                  checked={view === value}
                  onChange={() => setParam('view', value)}
                  className="visually-hidden"
                />
                {label}
              </label>
            ))}
          </fieldset>
          <a
            className="btn btn-secondary btn-sm"
            href={exportUrl(view === 'list' ? { kind: 'list', filter } : { kind: 'investments', type })}
            download
          >
            <DownloadIcon size={16} />
            EXPORT
          </a>
        </div>
      </header>
      {view === 'list' ? (
        <TransactionListView filter={filter} onFilterChange={(value) => setParam('filter', value)} />
      ) : (
        <ByInvestmentView type={type} onTypeChange={(value) => setParam('type', value)} />
      )}
    </div>
  );
}
