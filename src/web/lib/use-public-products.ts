import { useEffect, useState } from 'react';
import { type CatalogueFigures, catalogueFigures } from '../../shared/products/catalogue-figures';
import type { Product, ProductListResponse } from '../../shared/products/contracts';
import { pageDataUrls } from '../../shared/pages/route-preloads';
import { apiRequest } from './api-client';

export type ProductsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; products: Product[] };

/** The catalogue read before the first render (decision 1974), for the first page that shows it. */
let primed: Product[] | null = null;

/**
 * Reads the catalogue before the landing page's first render (decision 1974): the URL its HTML
 * preloaded, so the answer is usually there already and the page renders once with its plan
 * rates instead of rendering, then asking, then rendering again. A failure is left to the page.
 */
export function primePublicProducts(): Promise<void> {
  return apiRequest<ProductListResponse>(pageDataUrls.products).then(
    (response) => {
      primed = response.products;
    },
    () => undefined,
  );
}

/** The buyable catalogue for the public pages (public pages and /get-started; plain fetch: TanStack Query stays out of the landing chunk). */
export function usePublicProducts(): ProductsState {
  const [state, setState] = useState<ProductsState>(() =>
    primed ? { status: 'ready', products: primed } : { status: 'loading' },
  );
  useEffect(() => {
    // The first page after the prime uses its answer; later pages ask again (a fresh catalogue).
    if (primed) {
      primed = null;
      return;
    }
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
