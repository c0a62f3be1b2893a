import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProduct,
  AdminProductListResponse,
  ProductActiveFilter,
  ProductAuditResponse,
  ProductInput,
  ProductToggleRequest,
} from '../../../../shared/admin/product-contracts';
import type { InvestmentType } from '../../../../shared/products/plans';
import { adminRequest } from '../../../lib/admin-api';

export interface ProductListFilters {
  page: number;
  type: InvestmentType | '';
  active: ProductActiveFilter;
  text: string;
}

export function useProductList(filters: ProductListFilters) {
  const params = new URLSearchParams({ page: String(filters.page), active: filters.active });
  if (filters.type) params.set('type', filters.type);
  if (filters.text.trim()) params.set('q', filters.text.trim());
  return useQuery({
    queryKey: ['admin', 'products', params.toString()],
    queryFn: ({ signal }) =>
      adminRequest<AdminProductListResponse>(`/functions/v1/admin-products?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProductAudit(productId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'product-audit', productId, page],
    queryFn: ({ signal }) =>
      adminRequest<ProductAuditResponse>(`/api/admin/products/${productId}/audit?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useProductMutation<Variables>(run: (variables: Variables) => Promise<{ product: AdminProduct }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useSaveProduct() {
  return useProductMutation(
    (variables: { id: string | null; input: ProductInput; version: string | null }) =>
      variables.id && variables.version
        ? adminRequest<{ product: AdminProduct }>(`/api/admin/products/${variables.id}`, {
            method: 'PUT',
            body: { product: variables.input, updated_at: variables.version },
          })
        : adminRequest<{ product: AdminProduct }>('/api/admin/products', {
            method: 'POST',
            body: variables.input,
          }),
  );
}

export function useToggleProduct() {
  return useProductMutation((request: ProductToggleRequest) =>
    adminRequest<{ product: AdminProduct }>('/functions/v1/admin-products', { method: 'PUT', body: request }),
  );
}
