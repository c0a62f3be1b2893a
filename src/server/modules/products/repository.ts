import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import type { Executor } from '../../db/client';
import { investmentProducts } from '../../db/schema';

export type ProductRow = typeof investmentProducts.$inferSelect;

/** Buyable products (PRODUCT.md 16): active and inside their availability window. */
export async function selectBuyableProducts(db: Executor, today: IsoDate): Promise<ProductRow[]> {
  return db
    .select()
    .from(investmentProducts)
    .where(
      and(
        eq(investmentProducts.isActive, true),
        or(isNull(investmentProducts.availableFrom), lte(investmentProducts.availableFrom, today)),
        or(isNull(investmentProducts.availableUntil), gte(investmentProducts.availableUntil, today)),
      ),
    )
    .orderBy(
      asc(investmentProducts.investmentType),
      asc(investmentProducts.termYears),
      asc(investmentProducts.id),
    );
}
