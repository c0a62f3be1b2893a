/** The calls of /admin/offerings and of an investor's profile panel. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOffering,
  AdminOfferingListResponse,
  OfferingDetailResponse,
  OfferingInput,
} from '../../../../shared/offerings/offering-contracts';
import { adminRequest } from '../../../lib/admin-api';

const keys = {
  all: ['admin', 'offerings'] as const,
  detail: (id: string) => ['admin', 'offerings', id] as const,
};

export function useOfferings() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => adminRequest<AdminOfferingListResponse>('/api/admin/offerings', { signal }),
  });
}

export function useOfferingDetail(id: string | null) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => adminRequest<OfferingDetailResponse>(`/api/admin/offerings/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveOffering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; offering: OfferingInput; updatedAt: string | null }) =>
      input.id
        ? adminRequest<{ offering: AdminOffering }>(`/api/admin/offerings/${input.id}`, {
            method: 'PUT',
            body: { offering: input.offering, updated_at: input.updatedAt },
          })
        : adminRequest<{ offering: AdminOffering }>('/api/admin/offerings', {
            method: 'POST',
            body: input.offering,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useUploadCircular(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      adminRequest<OfferingDetailResponse>(
        `/api/admin/offerings/${id}/circulars?file_name=${encodeURIComponent(file.name)}`,
        { method: 'POST', file },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMoveProducts(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[]) =>
      adminRequest<OfferingDetailResponse>(`/api/admin/offerings/${id}/products`, {
        method: 'PUT',
        body: { product_ids: productIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
