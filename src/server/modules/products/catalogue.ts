import type { IsoDate } from '../../../shared/dates/calendar-date';
import { type Product, productListResponse } from '../../../shared/products/contracts';
import type { AppContext } from '../../context';
import { toProduct } from './product-mapper';
import { selectBuyableProducts } from './repository';

const CACHE_MILLISECONDS = 5_000;

/** The buyable products of a business day, and the answer of GET /api/products already serialised. */
export interface CataloguePage {
  products: Product[];
  /** `{"products": [...]}` checked against the response contract once, when loaded. */
  json: string;
}

export type LoadBuyableProducts = (day: IsoDate) => Promise<Product[]>;

/**
 * The public catalogue with a short-lived cache (decision 1401). Admin changes call
 * invalidate(): this instance answers from the database from then on, even when a read that
 * started before the change finishes after it. Other instances see a change within
 * CACHE_MILLISECONDS, the max-age GET /api/products advertises anyway. Concurrent misses
 * share one query.
 */
export function createProductCatalogue(
  context: Pick<AppContext, 'db' | 'clock'>,
  loadBuyable: LoadBuyableProducts = async (day) =>
    (await selectBuyableProducts(context.db, day)).map(toProduct),
) {
  let cached: { at: number; day: IsoDate; page: CataloguePage } | null = null;
  let loading: { day: IsoDate; generation: number; page: Promise<CataloguePage> } | null = null;
  /** Moves on every invalidate(): a load begun under an older generation is never cached. */
  let generation = 0;

  const loadPage = async (day: IsoDate): Promise<CataloguePage> => {
    const products = await loadBuyable(day);
    return { products, json: JSON.stringify(productListResponse.encode({ products })) };
  };

  const current = (): Promise<CataloguePage> | CataloguePage => {
    const now = context.clock.now().getTime();
    const day = context.clock.today();
    if (cached && cached.day === day && now - cached.at < CACHE_MILLISECONDS) return cached.page;
    if (loading && loading.day === day && loading.generation === generation) return loading.page;
    const started = { day, generation, page: loadPage(day) };
    loading = started;
    started.page.then(
      (page) => {
        if (loading === started) loading = null;
        if (started.generation === generation) cached = { at: now, day, page };
      },
      () => {
        if (loading === started) loading = null;
      },
    );
    return started.page;
  };

  return {
    async listBuyable(): Promise<Product[]> {
      return (await current()).products;
    },
    /** What GET /api/products sends: the same products, serialised once per load. */
    async page(): Promise<CataloguePage> {
      return current();
    },
    invalidate(): void {
      generation += 1;
      cached = null;
      loading = null;
    },
  };
}

export type ProductCatalogue = ReturnType<typeof createProductCatalogue>;
