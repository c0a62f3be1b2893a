import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFacets, AuditListResponse } from '../../../../shared/admin/audit-contracts';
import { adminRequest } from '../../../lib/admin-api';

export interface AuditFilterValues {
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilterValues = {
  actor: '',
  action: '',
  target_type: '',
  target_id: '',
  from: '',
  to: '',
};

export function auditSearchParams(filters: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim()) params.set(key, value.trim());
  }
  return params;
}

export function useAuditList(filters: AuditFilterValues, page: number) {
  const params = auditSearchParams(filters);
  params.set('page', String(page));
  return useQuery({
    queryKey: ['admin', 'audit', params.toString()],
    queryFn: ({ signal }) => adminRequest<AuditListResponse>(`/api/admin/audit?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  return useQuery({
    queryKey: ['admin', 'audit-facets'],
    queryFn: ({ signal }) => adminRequest<AuditFacets>('/api/admin/audit/facets', { signal }),
  });
}

/** The filtered log as a CSV file: fetched with the CSRF header, then saved through a blob link. */
export async function downloadAuditCsv(filters: AuditFilterValues): Promise<void> {
  const text = await adminRequest<string>(`/api/admin/audit/export.csv?${auditSearchParams(filters)}`, {
    headers: { accept: 'text/csv' },
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
