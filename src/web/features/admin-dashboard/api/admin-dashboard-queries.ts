import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminDashboardResponse,
  AdminInvestorDetailResponse,
  AdminSearchResponse,
} from '../../../../shared/admin/dashboard-contracts';
import { pageDataUrls } from '../../../../shared/pages/route-preloads';
import { adminPreloadedRead, adminRequest } from '../../../lib/admin-api';

const dashboardQuery = {
  queryKey: ['admin', 'dashboard'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminPreloadedRead<AdminDashboardResponse>(pageDataUrls.adminDashboard, { signal }),
};

export function useDashboard() {
  return useQuery({ ...dashboardQuery, refetchInterval: 60_000 });
}

/** The dashboard's figures in the cache before its first render (decision 1974). */
export function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(dashboardQuery);
}

export function useAdminSearch(query: string | null) {
  return useQuery({
    queryKey: ['admin', 'search', query],
    queryFn: ({ signal }) =>
      adminRequest<AdminSearchResponse>(`/api/admin/search?q=${encodeURIComponent(query ?? '')}`, { signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useInvestorDetail(investorId: string) {
  return useQuery({
    queryKey: ['admin', 'investor', investorId],
    queryFn: ({ signal }) =>
      adminRequest<AdminInvestorDetailResponse>(`/api/admin/investors/${investorId}`, { signal }),
  });
}

/** Clears the investor's watchlist hit (operations and super_admin; the server checks the role). */
export function useClearWatchlistHit(investorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      adminRequest<{ cleared: number }>(`/api/admin/investors/${investorId}/watchlist-clearance`, {
        method: 'POST',
        body: { reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'investor', investorId] }),
  });
}
