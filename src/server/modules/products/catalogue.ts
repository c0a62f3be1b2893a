import type { Product } from '../../../shared/products/contracts';
import type { AppContext } from '../../context';
import { toProduct } from './product-mapper';
import { selectBuyableProducts } from './repository';

const CACHE_MILLISECONDS = 5_000;

/**
 * The public catalogue with a short-lived cache. Admin changes call invalidate();
 * other instances see a change within CACHE_MILLISECONDS.
 */
export function createProductCatalogue(context: Pick<AppContext, 'db' | 'clock'>) {
  let cached: { at: number; day: string; products: Product[] } | null = null;
  const load = async () => {
    const now = context.clock.now().getTime();
    const day = context.clock.today();
    if (cached && cached.day === day && now - cached.at < CACHE_MILLISECONDS) return cached;
    const products = (await selectBuyableProducts(context.db, day)).map(toProduct);
    cached = { at: now, day, products };
    return cached;
  };
  return {
    async listBuyable(): Promise<Product[]> {
      return (await load()).products;
    },
    invalidate(): void {
      cached = null;
    },
  };
}

export type ProductCatalogue = ReturnType<typeof createProductCatalogue>;
