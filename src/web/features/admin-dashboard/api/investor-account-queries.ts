import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvestorAccountResponse,
  LifecycleResultResponse,
  ProposeAdjustmentRequest,
} from '../../../../shared/admin/back-office-contracts';
import type {
  AdminBackupWithholdingResponse,
  RecordBNoticeRequest,
  ResolveBNoticeRequest,
} from '../../../../shared/tax/backup-withholding-contracts';
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

const backupWithholdingKey = (investorId: string) => ['admin', 'backup-withholding', investorId];

/** The investor's W-9 certification, B notices and this year's withholding (decision 1913). */
export function useBackupWithholding(investorId: string) {
  return useQuery({
    queryKey: backupWithholdingKey(investorId),
    queryFn: ({ signal }) =>
      adminRequest<AdminBackupWithholdingResponse>(`/api/admin/investors/${investorId}/backup-withholding`, {
        signal,
      }),
  });
}

export function useRecordBNotice(investorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordBNoticeRequest) =>
      adminRequest<AdminBackupWithholdingResponse>(`/api/admin/investors/${investorId}/b-notices`, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => queryClient.setQueryData(backupWithholdingKey(investorId), answer),
  });
}

export function useResolveBNotice(investorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noticeId, ...body }: ResolveBNoticeRequest & { noticeId: string }) =>
      adminRequest<AdminBackupWithholdingResponse>(
        `/api/admin/investors/${investorId}/b-notices/${noticeId}/resolve`,
        { method: 'POST', body },
      ),
    onSuccess: (answer) => queryClient.setQueryData(backupWithholdingKey(investorId), answer),
  });
}
