import { useEffect, useState } from 'react';
import type { Product, ProductListResponse } from '../../../../shared/products/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; products: Product[] };

/** The buyable catalogue for the public pages (plain fetch: TanStack Query stays out of the landing chunk). */
export function usePublicProducts(): ProductsState {
  const [state, setState] = useState<ProductsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<ProductListResponse>('/api/products', { signal: controller.signal })
      .then((response) => setState({ status: 'ready', products: response.products }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'Failed to load plans',
        });
      });
    return () => controller.abort();
  }, []);
  return state;
}
