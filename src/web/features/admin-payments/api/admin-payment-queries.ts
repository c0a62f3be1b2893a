import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOKEN_HEADER } from '../../../../shared/admin/auth-messages';
import type {
  AdminOwedCreditsResponse,
  AdminPaymentsFilters,
  AdminPaymentsResponse,
  ResendOwedCreditResponse,
} from '../../../../shared/admin/payment-contracts';
import { adminRequest } from '../../../lib/admin-api';
import { adminToken, restoreAdminSession } from '../../../lib/admin-session';

/** The filters as a query string; empty ones are left out. */
export function paymentsSearch(filters: AdminPaymentsFilters, page?: number): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q) params.set('q', filters.q);
  if (page) params.set('page', String(page));
  return params.toString();
}

export function usePayments(filters: AdminPaymentsFilters, page: number, isEnabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'payments', filters, page],
    queryFn: ({ signal }) =>
      adminRequest<AdminPaymentsResponse>(`/api/admin/payments?${paymentsSearch(filters, page)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useOwedCredits() {
  return useQuery({
    queryKey: ['admin', 'payments', 'owed-credits'],
    queryFn: ({ signal }) =>
      adminRequest<AdminOwedCreditsResponse>('/api/admin/payments/owed-credits', { signal }),
  });
}

export function useResendOwedCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amountOwedId: string) =>
      adminRequest<ResendOwedCreditResponse>(`/api/admin/payments/owed-credits/${amountOwedId}/resend`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] }),
  });
}

/**
 * Downloads the filtered CSV. Admin calls need the x-admin-token header, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadPaymentsCsv(filters: AdminPaymentsFilters): Promise<void> {
  if (!adminToken()) await restoreAdminSession();
  const token = adminToken();
  const response = await fetch(`/api/admin/payments/export.csv?${paymentsSearch(filters)}`, {
    credentials: 'same-origin',
    headers: token ? { [ADMIN_TOKEN_HEADER]: token } : {},
  });
  if (!response.ok) throw new Error('The export failed. Please try again.');
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'payments.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
