/** The back office's paper-mail and tax-calendar calls (decisions 1923-1924). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkBatchMailedRequest,
  PaperBatchView,
  PaperPurpose,
  PaperQueueResponse,
  TaxCalendarResponse,
} from '../../../../shared/consents/consent-contracts';
import { adminRequest } from '../../../lib/admin-api';
import { downloadFireFile } from '../api/operations-queries';

export function usePaperQueue(purpose: PaperPurpose, year: number | null) {
  return useQuery({
    queryKey: ['admin', 'paper-mail', purpose, year],
    queryFn: ({ signal }) =>
      adminRequest<PaperQueueResponse>(
        `/api/admin/paper-mail?purpose=${purpose}${year === null ? '' : `&year=${year}`}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTaxCalendar(year: number) {
  return useQuery({
    queryKey: ['admin', 'tax-calendar', year],
    queryFn: ({ signal }) =>
      adminRequest<TaxCalendarResponse>(`/api/admin/tax-calendar?year=${year}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePaperBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { purpose: PaperPurpose; taxYear: number | null }) =>
      adminRequest<{ batch: PaperBatchView }>('/api/admin/paper-mail/batches', {
        method: 'POST',
        body: { purpose: input.purpose, ...(input.taxYear === null ? {} : { tax_year: input.taxYear }) },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useMarkBatchMailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: MarkBatchMailedRequest }) =>
      adminRequest<{ batch: PaperBatchView }>(`/api/admin/paper-mail/batches/${input.id}/mailed`, {
        method: 'POST',
        body: input.body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The batch PDF through the admin token header (a plain link would not carry it). */
export function downloadBatchPdf(batch: PaperBatchView): Promise<string | null> {
  const label = batch.tax_year ? `${batch.tax_year}-tax-forms` : 'records';
  return downloadFireFile(
    `/api/admin/paper-mail/batches/${batch.id}/pdf`,
    `paper-batch-${label}-${batch.created_at.slice(0, 10)}-${batch.id.slice(0, 8)}.pdf`,
  );
}
