/**
 * The investor portal's routes (spec 2), inside the portal shell. Every page loads on
 * demand, so neither portal code nor TanStack Query reaches the landing chunk. Other
 * portal-shell pages (e.g. /settings) add their <Route> here.
 */
import { lazy } from 'react';
import { Route } from 'react-router';

const PortalLayout = lazy(() =>
  import('./portal-layout').then((module) => ({ default: module.PortalLayout })),
);
const AccountOverviewPage = lazy(() =>
  import('../features/portal/pages/account-overview-page').then((module) => ({
    default: module.AccountOverviewPage,
  })),
);
const BuyInvestmentsRoute = lazy(() =>
  import('./portal-routes').then((module) => ({ default: module.BuyInvestmentsRoute })),
);
const TransactionSummaryPage = lazy(() =>
  import('../features/portal/pages/transaction-summary-page').then((module) => ({
    default: module.TransactionSummaryPage,
  })),
);
const SettingsRoute = lazy(() =>
  import('./settings-route').then((module) => ({ default: module.SettingsRoute })),
);
const LinkBankPage = lazy(() =>
  import('../features/bank-link/pages/link-bank-page').then((module) => ({ default: module.LinkBankPage })),
);
const TransferPage = lazy(() =>
  import('../features/portal/pages/transfer-page').then((module) => ({ default: module.TransferPage })),
);

const NotePage = lazy(() =>
  import('../features/portal/pages/note-page').then((module) => ({ default: module.NotePage })),
);
const DocumentsPage = lazy(() =>
  import('../features/portal/pages/documents-page').then((module) => ({ default: module.DocumentsPage })),
);

export function portalRoutes() {
  return (
    <Route element={<PortalLayout />}>
      <Route path="account-overview" element={<AccountOverviewPage />} />
      <Route path="buy-investments" element={<BuyInvestmentsRoute />} />
      <Route path="transaction-summary" element={<TransactionSummaryPage />} />
      <Route path="transfer" element={<TransferPage />} />
      <Route path="notes/:investmentId" element={<NotePage />} />
      <Route path="documents" element={<DocumentsPage />} />
      <Route path="settings" element={<SettingsRoute />} />
      <Route path="link-bank" element={<LinkBankPage />} />
    </Route>
  );
}
