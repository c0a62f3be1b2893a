import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRedemptionListQuery,
  AdminRedemptionListResponse,
  RedemptionGate,
} from '../../../../shared/redemptions/early-redemption-contracts';
import { adminRequest } from '../../../lib/admin-api';

export type RedemptionTab = AdminRedemptionListQuery['status'];

export function useEarlyRedemptions(status: RedemptionTab, page: number) {
  return useQuery({
    queryKey: ['admin', 'early-redemptions', status, page],
    queryFn: ({ signal }) =>
      adminRequest<AdminRedemptionListResponse>(
        `/api/admin/early-redemptions?status=${status}&page=${page}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDecideRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb, reason }: { id: string; verb: 'approve' | 'decline'; reason?: string }) =>
      adminRequest<unknown>(`/api/admin/early-redemptions/${id}/${verb}`, {
        method: 'POST',
        ...(reason === undefined ? {} : { body: { reason } }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'early-redemptions'] }),
  });
}

export function useSetRedemptionGate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gate: RedemptionGate) =>
      adminRequest<RedemptionGate>('/api/admin/early-redemptions/gate', { method: 'PUT', body: gate }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'early-redemptions'] }),
  });
}
