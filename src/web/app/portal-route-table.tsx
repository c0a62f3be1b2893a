/**
 * The investor portal's routes (spec 2), inside the portal shell. Every page loads on
 * demand, so neither portal code nor TanStack Query reaches the landing chunk. Other
 * portal-shell pages (e.g. /settings) add their <Route> here.
 */
import { Route } from 'react-router';
import { LazyDiscoverMore } from '../features/portal/components/lazy-discover-more';
import { LazySettingsMoreCards } from '../features/settings/components/lazy-settings-more-cards';
import { type PreloadableComponent, preloadableLazy } from '../lib/preloadable-lazy';

const PortalLayout = preloadableLazy(() => import('./portal-layout').then((module) => module.PortalLayout));
const AccountOverviewPage = preloadableLazy(() =>
  import('../features/portal/pages/account-overview-page').then((module) => module.AccountOverviewPage),
);
const BuyInvestmentsRoute = preloadableLazy(() =>
  import('./portal-routes').then((module) => module.BuyInvestmentsRoute),
);
const TransactionSummaryPage = preloadableLazy(() =>
  import('../features/portal/pages/transaction-summary-page').then((module) => module.TransactionSummaryPage),
);
const SettingsRoute = preloadableLazy(() =>
  import('./settings-route').then((module) => module.SettingsRoute),
);
const LinkBankPage = preloadableLazy(() =>
  import('../features/bank-link/pages/link-bank-page').then((module) => module.LinkBankPage),
);
const TransferPage = preloadableLazy(() =>
  import('../features/portal/pages/transfer-page').then((module) => module.TransferPage),
);

const NotePage = preloadableLazy(() =>
  import('../features/portal/pages/note-page').then((module) => module.NotePage),
);
const DocumentsPage = preloadableLazy(() =>
  import('../features/portal/pages/documents-page').then((module) => module.DocumentsPage),
);

/** The code of each portal page (the shell's and the page's), loaded before the first render. */
const portalPageCode: Record<string, readonly PreloadableComponent<object>[]> = {
  '/account-overview': [PortalLayout, AccountOverviewPage],
  '/buy-investments': [PortalLayout, BuyInvestmentsRoute],
  '/transaction-summary': [PortalLayout, TransactionSummaryPage],
  '/transfer': [PortalLayout, TransferPage],
  '/documents': [PortalLayout, DocumentsPage],
  '/settings': [PortalLayout, SettingsRoute],
  '/link-bank': [PortalLayout, LinkBankPage],
};

/**
 * Code a page shows below its first screen (decision 1975): its HTML does not preload it (on a
 * phone's link it would share the bandwidth with the code the content needs); it starts loading
 * once the entry has run, with the page's code, and the page renders without waiting for it.
 */
const portalPageLaterCode: Record<string, readonly { preload(): Promise<void> }[]> = {
  '/account-overview': [LazyDiscoverMore],
  '/settings': [LazySettingsMoreCards],
};

/**
 * Loads a portal page's code (already preloaded by the HTML, decision 1412) and then its session
 * and first data (decision 1974), so the first render is the page with its content; null for
 * other paths. The data gets FIRST_DATA_WAIT_MS after the code: a slow answer is not waited for
 * longer (the page renders and shows its own loading state, as before).
 */
export function preloadPortalPage(pathname: string, search: string): Promise<unknown> | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const components = portalPageCode[path];
  if (!components) return null;
  // Code below a page's first screen: started now, not waited for (a failure shows in the page).
  for (const later of portalPageLaterCode[path] ?? []) later.preload().catch(() => undefined);
  return Promise.all([import('./portal-layout'), ...components.map((component) => component.preload())]).then(
    ([layout]) => withinFirstDataWait(layout.loadFirstData(path, search)),
  );
}

/** How long a page's first render waits for its data once its code has run. */
export const FIRST_DATA_WAIT_MS = 1000;

export function withinFirstDataWait(data: Promise<unknown>): Promise<unknown> {
  return Promise.race([
    data.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
}

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
