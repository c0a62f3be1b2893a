/** An investor's profile, limit figures, refusals, four-eyes changes and evidence (issue 26). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvestorProfileResponse,
  InvestorProfileInput,
} from '../../../../shared/offerings/investor-profile-contracts';
import { adminRequest } from '../../../lib/admin-api';

const profileKey = (investorId: string) => ['admin', 'investor-profile', investorId] as const;

export function useInvestorProfile(investorId: string) {
  return useQuery({
    queryKey: profileKey(investorId),
    queryFn: ({ signal }) =>
      adminRequest<AdminInvestorProfileResponse>(`/api/admin/investors/${investorId}/investor-profile`, {
        signal,
      }),
  });
}

export function useProfileActions(investorId: string) {
  const queryClient = useQueryClient();
  const settle = (answer: AdminInvestorProfileResponse) =>
    queryClient.setQueryData(profileKey(investorId), answer);
  const base = `/api/admin/investors/${investorId}`;
  return {
    propose: useMutation({
      mutationFn: (input: { profile: InvestorProfileInput; reason: string }) =>
        adminRequest<AdminInvestorProfileResponse>(`${base}/investor-profile/overrides`, {
          method: 'POST',
          body: input,
        }),
      onSuccess: settle,
    }),
    decide: useMutation({
      mutationFn: (input: { overrideId: string; decision: 'approve' | 'reject' }) =>
        adminRequest<AdminInvestorProfileResponse>(
          `${base}/investor-profile/overrides/${input.overrideId}/${input.decision}`,
          { method: 'POST' },
        ),
      onSuccess: settle,
    }),
    review: useMutation({
      mutationFn: (input: { evidenceId: string; status: 'approved' | 'rejected' }) =>
        adminRequest<AdminInvestorProfileResponse>(`${base}/evidence/${input.evidenceId}/review`, {
          method: 'POST',
          body: { status: input.status },
        }),
      onSuccess: settle,
    }),
  };
}
