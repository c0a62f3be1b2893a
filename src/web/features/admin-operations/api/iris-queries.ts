import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TOKEN_HEADER } from '../../../../shared/admin/auth-messages';
import type {
  IrisAcknowledgementRequest,
  IrisFilingRequest,
  IrisOverviewResponse,
  IrisTransmissionResponse,
} from '../../../../shared/admin/iris-contracts';
import { adminRequest } from '../../../lib/admin-api';
import { adminToken } from '../../../lib/admin-session';

export function useIrisOverview(year: number, page: number) {
  return useQuery({
    queryKey: ['admin', 'tax-year', 'iris', year, page],
    queryFn: ({ signal }) =>
      adminRequest<IrisOverviewResponse>(`/api/admin/tax-runs/iris?year=${year}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useIrisTransmission(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'tax-year', 'iris-transmission', id],
    queryFn: ({ signal }) =>
      adminRequest<IrisTransmissionResponse>(`/api/admin/tax-runs/iris/transmissions/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useBuildIrisFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IrisFilingRequest) =>
      adminRequest<{ batch_id: string; file_count: number; record_count: number }>(
        '/api/admin/tax-runs/iris/filings',
        {
          method: 'POST',
          body,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-year'] }),
  });
}

export function useRecordIrisAcknowledgement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IrisAcknowledgementRequest) =>
      adminRequest<IrisTransmissionResponse>(`/api/admin/tax-runs/iris/transmissions/${id}/acknowledgement`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tax-year'] }),
  });
}

export interface DownloadRefusal {
  message: string;
  /** The IRS schema's errors, when IRIS_SCHEMA_DIR refused the file. */
  schemaErrors: string[];
}

/** Fetches an IRIS file (admin calls need the CSRF header) and hands it to the browser. */
export async function downloadIrisFile(id: string, fileName: string): Promise<DownloadRefusal | null> {
  const response = await fetch(`/api/admin/tax-runs/iris/transmissions/${id}/file`, {
    credentials: 'same-origin',
    headers: { [ADMIN_TOKEN_HEADER]: adminToken() ?? '' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { message?: string; schema_errors?: string[] };
    } | null;
    return {
      message: body?.error?.message ?? 'The file could not be downloaded. Try again.',
      schemaErrors: body?.error?.schema_errors ?? [],
    };
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
