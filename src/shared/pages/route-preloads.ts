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

export interface RoutePreload {
  /** Whose session the page needs. */
  audience: 'investor' | 'admin';
  /** Names of the chunk groups of vite.config.ts (`codeSplitting.groups`) the route renders. */
  chunks: readonly ('portal' | 'admin')[];
  /** The session read every visit makes first (preloaded for everyone). */
  session: string;
  /** GET URLs the page fetches at once after the session (preloaded when a session cookie came). */
  data: readonly string[];
}

/** Every portal page renders inside the shell, which reads the session and the bell's notifications. */
function portalPage(data: readonly string[] = []): RoutePreload {
  return {
    audience: 'investor',
    chunks: ['portal'],
    session: pageDataUrls.session,
    data: [pageDataUrls.portalNotifications, ...data],
  };
}

function transactionSummaryPreload(query: URLSearchParams): RoutePreload {
  // Only the list view's first page is known from the URL; the other view pages by its own state.
  if ((query.get('view') ?? 'list') !== 'list') return portalPage();
  const requested = query.get('filter');
  const filter = transactionFilters.find((value) => value === requested) ?? 'all';
  return portalPage([portalTransactionsUrl(filter, null)]);
}

const routes: Record<string, (query: URLSearchParams) => RoutePreload> = {
  '/account-overview': () => portalPage([pageDataUrls.portalOverview, pageDataUrls.portalBalanceHistory]),
  '/transaction-summary': transactionSummaryPreload,
  '/buy-investments': () => portalPage([pageDataUrls.products, pageDataUrls.purchaseOptions]),
  '/transfer': () => portalPage([pageDataUrls.transfers]),
  '/settings': () => portalPage([pageDataUrls.settings]),
  '/documents': () => portalPage([pageDataUrls.portalDocuments]),
  '/link-bank': () => portalPage(),
  '/admin/dashboard': () => ({
    audience: 'admin',
    chunks: ['admin'],
    session: pageDataUrls.adminSession,
    // The dashboard's own data needs the CSRF header the session answer carries: not preloadable.
    data: [],
  }),
};

/** What to preload for a page path, or null for pages that need nothing beyond the entry chunk. */
export function routePreloadsFor(pathname: string, query: URLSearchParams): RoutePreload | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes[path]?.(query) ?? null;
}
