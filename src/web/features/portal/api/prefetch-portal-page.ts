/**
 * Warm navigation (issue 14 goal 2): when the pointer or focus reaches a portal nav link, the
 * next page's first data is fetched into the query cache, so the click shows content at once.
 * The queries are the pages' own (same keys, same fetchers); fresh data is not fetched again.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  fetchBalanceHistory,
  fetchDocuments,
  fetchNotifications,
  fetchOverview,
  fetchProducts,
  fetchPurchaseOptions,
  fetchTransactions,
  fetchTransfers,
  portalKeys,
} from './portal-api';

const prefetches: Record<string, (queryClient: QueryClient) => Promise<unknown>[]> = {
  '/account-overview': (queryClient) => [
    queryClient.prefetchQuery({ queryKey: portalKeys.overview, queryFn: fetchOverview }),
    queryClient.prefetchQuery({ queryKey: portalKeys.balanceHistory, queryFn: fetchBalanceHistory }),
  ],
  '/transaction-summary': (queryClient) => [
    queryClient.prefetchInfiniteQuery({
      queryKey: portalKeys.transactions('all'),
      queryFn: ({ pageParam }) => fetchTransactions('all', pageParam),
      initialPageParam: null as string | null,
    }),
  ],
  '/buy-investments': (queryClient) => [
    queryClient.prefetchQuery({ queryKey: portalKeys.products, queryFn: fetchProducts }),
    queryClient.prefetchQuery({ queryKey: portalKeys.purchaseOptions, queryFn: fetchPurchaseOptions }),
  ],
  '/transfer': (queryClient) => [
    queryClient.prefetchQuery({ queryKey: portalKeys.transfers, queryFn: fetchTransfers }),
  ],
  '/documents': (queryClient) => [
    queryClient.prefetchQuery({ queryKey: portalKeys.documents, queryFn: fetchDocuments }),
  ],
};

/** Starts fetching what the portal page at `path` shows first; a failure is left to the page to show. */
export function prefetchPortalPage(queryClient: QueryClient, path: string): void {
  void Promise.allSettled(prefetches[path]?.(queryClient) ?? []);
}

/**
 * What every portal page shows first (the bell's notifications) and what the page at `path`
 * (null: none) shows first, in the query cache; settles when all have answered or failed
 * (decision 1974).
 */
export function prefetchFirstData(queryClient: QueryClient, path: string | null): Promise<unknown> {
  return Promise.allSettled([
    queryClient.prefetchQuery({ queryKey: portalKeys.notifications, queryFn: fetchNotifications }),
    ...((path && prefetches[path]?.(queryClient)) || []),
  ]);
}
