import { lazy, Suspense, useEffect, useState } from 'react';
import { dashboardMessages } from '../../../shared/admin/dashboard-rules';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/feedback';
import { Modal } from '../../components/ui/modal';
import { useDashboard } from './api/admin-dashboard-queries';

export { prefetchDashboard } from './api/admin-dashboard-queries';
import { MetricCards } from './components/metric-cards';
import { SearchPanel } from './components/search-panel';
import { TransactionTable } from './components/transaction-table';
import './admin-dashboard.css';

// The investor's detail (its forms check reasons and adjustments with zod) loads when an
// investor is opened, not with the dashboard (decision 1411).
const InvestorDetailModal = lazy(() =>
  import('./components/investor-detail-modal').then((module) => ({ default: module.InvestorDetailModal })),
);

/** /admin/dashboard: search, the four cards and the recent transactions (admin spec 2). */
export function AdminDashboardPage() {
  const dashboard = useDashboard();
  const [selectedInvestorId, setSelectedInvestorId] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Dashboard · Admin';
  }, []);

  return (
    <div className="admin-dashboard">
      <div className="admin-page-header">
        <div>
          <h1>Dashboard</h1>
          <p>Platform figures, recent activity and investor search.</p>
        </div>
      </div>
      <SearchPanel onSelectInvestor={setSelectedInvestorId} />
      {dashboard.isError ? (
        <div className="admin-panel">
          <ErrorState title="Could not load the dashboard" message={dashboard.error.message} />
        </div>
      ) : (
        <>
          <MetricCards summary={dashboard.data?.summary} />
          <section className="admin-panel" aria-labelledby="recent-transactions-title">
            <div className="admin-panel-header">
              <h2 id="recent-transactions-title">Recent transactions</h2>
            </div>
            {dashboard.isPending ? <LoadingState /> : null}
            {dashboard.data && dashboard.data.recent_transactions.length === 0 ? (
              <EmptyState title={dashboardMessages.noRecentTransactions} />
            ) : null}
            {dashboard.data && dashboard.data.recent_transactions.length > 0 ? (
              <TransactionTable
                transactions={dashboard.data.recent_transactions}
                onSelectInvestor={setSelectedInvestorId}
                caption="Recent transactions"
              />
            ) : null}
          </section>
        </>
      )}
      {selectedInvestorId ? (
        <Suspense
          fallback={
            <Modal title="Investor" onClose={() => setSelectedInvestorId(null)} wide>
              <LoadingState />
            </Modal>
          }
        >
          <InvestorDetailModal investorId={selectedInvestorId} onClose={() => setSelectedInvestorId(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
