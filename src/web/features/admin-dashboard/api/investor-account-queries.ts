import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvestorAccountResponse,
  LifecycleResultResponse,
  ProposeAdjustmentRequest,
} from '../../../../shared/admin/back-office-contracts';
import { adminRequest } from '../../../lib/admin-api';

export type LifecycleAction = 'suspend' | 'reinstate' | 'close' | 'revoke-sessions';

export function useInvestorAccount(investorId: string) {
  return useQuery({
    queryKey: ['admin', 'investor-account', investorId],
    queryFn: ({ signal }) =>
      adminRequest<AdminInvestorAccountResponse>(`/api/admin/investors/${investorId}/account`, { signal }),
  });
}

function useRefreshInvestor(investorId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'investor-account', investorId] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'investor', investorId] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'adjustments'] }),
    ]);
}

export function useLifecycleAction(investorId: string) {
  const refresh = useRefreshInvestor(investorId);
  return useMutation({
    mutationFn: ({ action, reason }: { action: LifecycleAction; reason: string }) =>
      adminRequest<LifecycleResultResponse>(`/api/admin/investors/${investorId}/${action}`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: refresh,
  });
}

export function useCancelWithdrawal(investorId: string) {
  const refresh = useRefreshInvestor(investorId);
  return useMutation({
    mutationFn: ({ withdrawalId, reason }: { withdrawalId: string; reason: string }) =>
      adminRequest<{ cancelled: true }>(`/api/admin/withdrawals/${withdrawalId}/cancel`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: refresh,
  });
}

export function useProposeAdjustment(investorId: string) {
  const refresh = useRefreshInvestor(investorId);
  return useMutation({
    mutationFn: (input: ProposeAdjustmentRequest) =>
      adminRequest<unknown>('/api/admin/adjustments', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}
