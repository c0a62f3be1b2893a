/**
 * What a page needs before it can show its content, in one table for both sides (decision
 * 1410): the server writes `<link rel="modulepreload">` for the route's code and
 * `<link rel="preload" as="fetch">` for its first data into the HTML it serves, and the
 * page's hooks fetch these very URLs, so the browser hands them the answers it already has
 * (a preload is reused only for the same URL, method, headers and credentials mode).
 *
 *   const preload = routePreloadsFor('/account-overview', new URLSearchParams());
 *   // { audience: 'investor', chunks: ['portal'], session: '/api/session', data: ['/api/portal/notifications', ...] }
 */
import { type TransactionFilter, transactionFilters } from '../portal/transaction-display';

/** GET endpoints a page reads first; the web app's API modules use these same strings. */
export const pageDataUrls = {
  session: '/api/session',
  adminSession: '/api/admin/session',
  adminDashboard: '/api/admin/dashboard',
  portalOverview: '/api/portal/overview',
  portalBalanceHistory: '/api/portal/balance-history',
  portalNotifications: '/api/portal/notifications',
  products: '/api/products',
  purchaseOptions: '/api/purchases/options',
  transfers: '/api/transfers',
  settings: '/api/settings',
  portalDocuments: '/api/portal/documents',
} as const;

/** Rows in the first page of the transaction list (the server's default limit too). */
export const TRANSACTION_LIST_PAGE_SIZE = 20;

/** A page of the investor's transaction list; the first page has no cursor. */
export function portalTransactionsUrl(filter: TransactionFilter, cursor: string | null): string {
  const query = new URLSearchParams({ filter, limit: String(TRANSACTION_LIST_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `/api/portal/transactions?${query.toString()}`;
}

/** A chunk group of vite.config.ts, or a page module that Rolldown gives a chunk of its own. */
export type PageChunk = 'portal' | 'admin' | `${'app' | 'features'}/${string}.tsx`;

export interface RoutePreload {
  /** Whose session the page needs. */
  audience: 'investor' | 'admin';
  /**
   * The code the route renders: the page's own module (its path under src/web, the key of its
   * chunk in Vite's build manifest) and the chunk groups of vite.config.ts
   * (`codeSplitting.groups`) it needs beyond what that chunk imports: the portal shell is in
   * the `portal` group (decision 1412).
   */
  chunks: readonly PageChunk[];
  /** The session read every visit makes first (preloaded for everyone). */
  session: string;
  /** GET URLs the page fetches at once after the session (preloaded when a session cookie came). */
  data: readonly string[];
}

/**
 * Every portal page renders inside the shell (the `portal` chunk), which reads the session and
 * the bell's notifications; `page` is the module the route table loads with lazy().
 */
function portalPage(page: PageChunk, data: readonly string[] = []): RoutePreload {
  return {
    audience: 'investor',
    chunks: ['portal', page],
    session: pageDataUrls.session,
    data: [pageDataUrls.portalNotifications, ...data],
  };
}

/** The modules src/web/app/portal-route-table.tsx loads with lazy(), one chunk each. */
const pageModules = {
  accountOverview: 'features/portal/pages/account-overview-page.tsx',
  transactionSummary: 'features/portal/pages/transaction-summary-page.tsx',
  buyInvestments: 'app/portal-routes.tsx',
  transfer: 'features/portal/pages/transfer-page.tsx',
  settings: 'app/settings-route.tsx',
  documents: 'features/portal/pages/documents-page.tsx',
  linkBank: 'features/bank-link/pages/link-bank-page.tsx',
  // The wizard is the link-bank page's content; elsewhere it loads when it opens.
  bankLinkWizard: 'features/bank-link/components/bank-link-wizard.tsx',
  adminDashboard: 'features/admin-dashboard/admin-dashboard-page.tsx',
} as const satisfies Record<string, PageChunk>;

/**
 * The page modules whose code the HTML preloads (paths under src/web). vite.config.ts keeps
 * the shared chunks to what these pages need before their content (decision 1975).
 */
export const preloadedPageModules: readonly string[] = Object.values(pageModules);

function transactionSummaryPreload(query: URLSearchParams): RoutePreload {
  // Only the list view's first page is known from the URL; the other view pages by its own state.
  if ((query.get('view') ?? 'list') !== 'list') return portalPage(pageModules.transactionSummary);
  const requested = query.get('filter');
  const filter = transactionFilters.find((value) => value === requested) ?? 'all';
  return portalPage(pageModules.transactionSummary, [portalTransactionsUrl(filter, null)]);
}

const routes: Record<string, (query: URLSearchParams) => RoutePreload> = {
  '/account-overview': () =>
    portalPage(pageModules.accountOverview, [pageDataUrls.portalOverview, pageDataUrls.portalBalanceHistory]),
  '/transaction-summary': transactionSummaryPreload,
  '/buy-investments': () =>
    portalPage(pageModules.buyInvestments, [pageDataUrls.products, pageDataUrls.purchaseOptions]),
  '/transfer': () => portalPage(pageModules.transfer, [pageDataUrls.transfers]),
  '/settings': () => portalPage(pageModules.settings, [pageDataUrls.settings]),
  '/documents': () => portalPage(pageModules.documents, [pageDataUrls.portalDocuments]),
  '/link-bank': () => ({
    ...portalPage(pageModules.linkBank),
    chunks: ['portal', pageModules.linkBank, pageModules.bankLinkWizard],
  }),
  '/admin/dashboard': () => ({
    audience: 'admin',
    chunks: ['admin', pageModules.adminDashboard],
    session: pageDataUrls.adminSession,
    // Its metrics need no CSRF header on this read (decision 1974): no wait for the session.
    data: [pageDataUrls.adminDashboard],
  }),
};

/** What to preload for a page path, or null for pages that need nothing beyond the entry chunk. */
export function routePreloadsFor(pathname: string, query: URLSearchParams): RoutePreload | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes[path]?.(query) ?? null;
}

/**
 * Public GET answers a page reads before its content, the same for every visitor (decision
 * 1973): preloaded by the HTML with or without a session cookie. The landing page's plan rates
 * come from the catalogue; fetched by the HTML they arrive while the entry script is still
 * being parsed and run (on a phone, 0.8 s of CPU after the script arrives) instead of after it.
 */
const publicPageData: Record<string, readonly string[]> = {
  '/': [pageDataUrls.products],
};

/** What a page path reads that anyone may preload (none for most pages). */
export function publicDataPreloadsFor(pathname: string): readonly string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPageData[path] ?? [];
}

/** The public site's code outside the entry (decision 1975): its layout, and the landing page. */
export const publicPageModules = {
  layout: 'app/public-layout.tsx',
  landing: 'features/public-site/pages/landing-page.tsx',
} as const satisfies Record<string, PageChunk>;

/**
 * The pages drawn outside the public site's layout: the portal, the back office, onboarding (its
 * own layout) and the bank-link pop-up pages, exactly as src/web/app/router.tsx defines them
 * (router.test.tsx checks that the two agree on every route and on unknown paths). Every other
 * path is a public page, an auth page or an unknown path, which shows the landing page inside the
 * public layout, under /admin/ too (decision 1861).
 */
const pagesOutsidePublicLayout = [
  'account-overview',
  'buy-investments',
  'transaction-summary',
  'transfer',
  'documents',
  'notes/[^/]+',
  'settings',
  'link-bank',
  'get-started',
  'empty-state',
  'sandbox/bank-link',
  'bank-link/return',
  'admin',
  'admin/(login|invitation|dashboard|products|offerings|payments|notifications|jobs|audit|admins|approvals|tax|early-redemptions|liquidity|print-queue|security)',
];
const outsidePublicLayout = new RegExp(`^/(${pagesOutsidePublicLayout.join('|')})$`);

/**
 * The public site's code a path needs before its first render, as keys of publicPageModules:
 * the layout for every page inside it, the landing page's own code for `/`. The server
 * preloads their chunks; the web app loads them before rendering, so the page never shows a
 * spinner for its layout. `/settings/confirm-email` is the one settings path in the public layout.
 */
export function publicPageCodeFor(pathname: string): readonly (keyof typeof publicPageModules)[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return ['layout', 'landing'];
  if (path === '/settings/confirm-email' || !outsidePublicLayout.test(path)) return ['layout'];
  return [];
}
