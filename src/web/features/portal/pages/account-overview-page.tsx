/** /account-overview (spec 2, PRODUCT.md 12, 20, 21): greeting, balance and its history, investments, discover more. */
import '../portal.css';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { Alert, EmptyState, ErrorState, LoadingState } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { formatUsd } from '../../../../shared/format/money-format';
import { type PurchaseHold, purchaseHoldMessages } from '../../../../shared/portal/purchase-hold';
import { fetchBalanceHistory, fetchOverview, portalKeys } from '../api/portal-api';
import { BalanceChart } from '../components/balance-chart';
import { DiscoverMorePlaceholder, LazyDiscoverMore } from '../components/lazy-discover-more';
import { InvestmentsPanel } from '../components/investments-panel';
import { usePageTitle } from '../hooks/use-page-title';

const NO_INVESTOR_MESSAGE = 'No investor profiles found. Please create an investor record first.';

function BalanceHistory() {
  const history = useQuery({ queryKey: portalKeys.balanceHistory, queryFn: fetchBalanceHistory });
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <p className="text-danger">{history.error.message}</p>;
  if (history.data.points.length === 0) {
    return (
      <p className="muted chart-empty">Your balance history will appear here after your first investment.</p>
    );
  }
  return <BalanceChart points={history.data.points} />;
}

/** The one reason purchases are not possible now, and the next step (issue 24 item 15). */
function PurchaseHoldBanner({ hold }: { hold: PurchaseHold }) {
  const message = purchaseHoldMessages[hold];
  return (
    <div className="purchase-hold" data-testid="purchase-hold">
      <Alert tone="warning" title={message.title}>
        {message.body}
        {message.action ? (
          <>
            {' '}
            <Link to={message.action.to} className="purchase-hold-action">
              {message.action.label}
            </Link>
          </>
        ) : null}
      </Alert>
    </div>
  );
}

export function AccountOverviewPage() {
  usePageTitle('Account overview');
  const overview = useQuery({ queryKey: portalKeys.overview, queryFn: fetchOverview });
  const isReturningVisitor = Boolean(useSession().investor?.is_returning_visitor);

  if (overview.isPending) return <LoadingState />;
  if (overview.isError) {
    const error = overview.error;
    if (error instanceof ApiError && error.code === 'not_found') {
      return <EmptyState title={NO_INVESTOR_MESSAGE} />;
    }
    return <ErrorState title="Error" message={error.message || 'Failed to load account data'} />;
  }
  const data = overview.data;
  return (
    <div className="portal-page">
      <header className="page-head">
        <p className="eyebrow">Account overview</p>
        <h1>
          {isReturningVisitor ? 'Welcome back' : 'Welcome'}
          {/* An unknown name (a failed identity check keeps none) gets a plain greeting, not "Investor". */}
          {data.first_name?.trim() ? `, ${data.first_name.trim()}` : ''}
        </h1>
      </header>
      {data.purchase_hold ? <PurchaseHoldBanner hold={data.purchase_hold} /> : null}
      {data.owed_to_you !== '0.00' ? (
        <Alert tone="warning" title={`${formatUsd(data.owed_to_you)} is owed to you.`}>
          Your bank returned a payment we sent you. The money is still yours: update your bank account in{' '}
          <Link to="/settings">Settings</Link> and we send it again.
        </Alert>
      ) : null}
      <section className="card balance-card" aria-labelledby="balance-heading">
        <div className="balance-head">
          <div>
            <h2 id="balance-heading" className="stat-label">
              Account balance
            </h2>
            <p className="balance-value">{formatUsd(data.balance.total_balance)}</p>
          </div>
          {data.balance.accruing_interest !== '0.00' ? (
            <p className="balance-accruing">
              <span className="muted">Accruing, not yet posted</span>
              <strong>{formatUsd(data.balance.accruing_interest)}</strong>
            </p>
          ) : null}
        </div>
        <BalanceHistory />
      </section>
      <div className="overview-grid">
        <InvestmentsPanel overview={data} />
        <Suspense fallback={<DiscoverMorePlaceholder />}>
          <LazyDiscoverMore referral={data.referral} />
        </Suspense>
      </div>
    </div>
  );
}
