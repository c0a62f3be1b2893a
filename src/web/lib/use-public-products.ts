import { useEffect, useState } from 'react';
import { type CatalogueFigures, catalogueFigures } from '../../shared/products/catalogue-figures';
import type { Product, ProductListResponse } from '../../shared/products/contracts';
import { apiRequest } from './api-client';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; products: Product[] };

/** The buyable catalogue for the public pages (public pages and /get-started; plain fetch: TanStack Query stays out of the landing chunk). */
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

/** The catalogue's headline figures once loaded; null while loading, on failure or when nothing is on offer. */
export function figuresOf(state: ProductsState): CatalogueFigures | null {
  return state.status === 'ready' ? catalogueFigures(state.products) : null;
}
