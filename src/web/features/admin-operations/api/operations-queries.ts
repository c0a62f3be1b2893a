import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdjustmentListResponse,
  AdjustmentStatus,
  TaxYearOverviewResponse,
} from '../../../../shared/admin/back-office-contracts';
import { ADMIN_TOKEN_HEADER } from '../../../../shared/admin/auth-messages';
import type { Form945Response } from '../../../../shared/tax/backup-withholding-contracts';
import { adminRequest } from '../../../lib/admin-api';
import { adminToken } from '../../../lib/admin-session';

export function useAdjustments(status: AdjustmentStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'adjustments', status, page],
    queryFn: ({ signal }) =>
      adminRequest<AdjustmentListResponse>(`/api/admin/adjustments?status=${status}&page=${page}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verb, reason }: { id: string; verb: 'approve' | 'reject'; reason?: string }) =>
      adminRequest<unknown>(`/api/admin/adjustments/${id}/${verb}`, {
        method: 'POST',
        ...(reason === undefined ? {} : { body: { reason } }),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useTaxYear(year: number | null, formsPage = 1) {
  const query = new URLSearchParams({ page: String(formsPage) });
  if (year !== null) query.set('year', String(year));
  return useQuery({
    queryKey: ['admin', 'tax-year', year, formsPage],
    queryFn: ({ signal }) =>
      adminRequest<TaxYearOverviewResponse>(`/api/admin/tax-runs?${query}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRunTaxYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxYear: number) =>
      adminRequest<unknown>('/api/admin/tax-runs', { method: 'POST', body: { tax_year: taxYear } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-year'] }),
  });
}

/**
 * Downloads the IRS file: admin calls need the CSRF header, which a plain link cannot send, so
 * the file is fetched and handed to the browser as a download. Answers the server's refusal, if any.
 */
export async function downloadFireFile(url: string, fileName: string): Promise<string | null> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { [ADMIN_TOKEN_HEADER]: adminToken() ?? '' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    return body?.error?.message ?? 'The file could not be downloaded. Try again.';
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
  return null;
}

/** A year's backup withholding for Form 945 (decision 1913). */
export function useForm945(year: number) {
  return useQuery({
    queryKey: ['admin', 'form-945', year],
    queryFn: ({ signal }) =>
      adminRequest<Form945Response>(`/api/admin/tax/backup-withholding?year=${year}`, { signal }),
  });
}
