import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EnrolmentStart,
  RecoveryCodes,
  TwoFactorStatus,
} from '../../../shared/admin/two-factor-contracts';
import { adminRequest } from '../../lib/admin-api';

const statusKey = ['admin', 'account', 'security'] as const;

export function useSecurityStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => adminRequest<TwoFactorStatus>('/api/admin/account/security', { signal }),
  });
}

function useSecurityMutation<Variables, Answer>(run: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useStartEnrolment() {
  return useMutation({
    mutationFn: () =>
      adminRequest<EnrolmentStart>('/api/admin/account/two-factor/enrolment', { method: 'POST', body: {} }),
  });
}

export function useConfirmEnrolment() {
  return useSecurityMutation((input: { enrolment: string; code: string }) =>
    adminRequest<RecoveryCodes>('/api/admin/account/two-factor/enrolment/confirm', {
      method: 'POST',
      body: input,
    }),
  );
}

export function useDisableTwoFactor() {
  return useSecurityMutation((code: string) =>
    adminRequest<null>('/api/admin/account/two-factor/disable', { method: 'POST', body: { code } }),
  );
}

export function useRegenerateRecoveryCodes() {
  return useSecurityMutation((code: string) =>
    adminRequest<RecoveryCodes>('/api/admin/account/two-factor/recovery-codes', {
      method: 'POST',
      body: { code },
    }),
  );
}

export function useSignOutOtherSessions() {
  return useSecurityMutation(() =>
    adminRequest<{ sessions_ended: number }>('/api/admin/account/sessions/revoke-others', {
      method: 'POST',
      body: {},
    }),
  );
}
