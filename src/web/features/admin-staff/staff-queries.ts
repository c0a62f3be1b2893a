import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationRequest,
  StaffInvitation,
  StaffListResponse,
  StaffMember,
} from '../../../shared/admin/staff-contracts';
import type { AdminRole } from '../../../shared/admin/permissions';
import { adminRequest } from '../../lib/admin-api';

export function useStaffList() {
  return useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => adminRequest<StaffListResponse>('/api/admin/staff', { signal }),
  });
}

function useStaffMutation<Variables, Answer>(run: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useInviteStaff() {
  return useStaffMutation((input: InvitationRequest) =>
    adminRequest<{ invitation: StaffInvitation }>('/api/admin/staff/invitations', {
      method: 'POST',
      body: input,
    }),
  );
}

export function useRevokeInvitation() {
  return useStaffMutation((id: string) =>
    adminRequest<null>(`/api/admin/staff/invitations/${id}`, { method: 'DELETE' }),
  );
}

export function useChangeRole() {
  return useStaffMutation((variables: { id: string; role: AdminRole }) =>
    adminRequest<{ staff_member: StaffMember }>(`/api/admin/staff/${variables.id}/role`, {
      method: 'PUT',
      body: { role: variables.role },
    }),
  );
}

export function useSetActive() {
  return useStaffMutation((variables: { id: string; isActive: boolean }) =>
    adminRequest<{ staff_member: StaffMember }>(`/api/admin/staff/${variables.id}/active`, {
      method: 'PUT',
      body: { is_active: variables.isActive },
    }),
  );
}
