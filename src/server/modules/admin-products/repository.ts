import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { ProductActiveFilter } from '../../../shared/admin/product-contracts';
import type { InvestmentType } from '../../../shared/products/plans';
import type { Executor } from '../../db/client';
import { adminUsers, investmentProductAudit, investmentProducts } from '../../db/schema';

export type ProductRow = typeof investmentProducts.$inferSelect;
/** The columns the product form edits. */
export type ProductColumns = Pick<
  ProductRow,
  | 'displayName'
  | 'investmentType'
  | 'description'
  | 'interestRateAnnual'
  | 'termYears'
  | 'minimumPurchaseAmount'
  | 'availableFrom'
  | 'availableUntil'
>;

export interface ProductFilters {
  type?: InvestmentType;
  active: ProductActiveFilter;
  text?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function filterCondition(filters: ProductFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.type) conditions.push(eq(investmentProducts.investmentType, filters.type));
  if (filters.active !== 'all') conditions.push(eq(investmentProducts.isActive, filters.active === 'active'));
  if (filters.text) {
    const pattern = `%${escapeLike(filters.text)}%`;
    const textMatch = or(
      ilike(investmentProducts.displayName, pattern),
      ilike(investmentProducts.description, pattern),
    );
    if (textMatch) conditions.push(textMatch);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function selectProductPage(
  db: Executor,
  filters: ProductFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number; catalogueSize: number }> {
  const where = filterCondition(filters);
  const rows = await db
    .select()
    .from(investmentProducts)
    .where(where)
    .orderBy(
      asc(investmentProducts.investmentType),
      asc(investmentProducts.termYears),
      asc(investmentProducts.displayName),
      asc(investmentProducts.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [matching] = await db.select({ value: count() }).from(investmentProducts).where(where);
  const [all] = where ? await db.select({ value: count() }).from(investmentProducts) : [matching];
  return { rows, total: matching?.value ?? 0, catalogueSize: all?.value ?? 0 };
}

export async function selectProductForUpdate(db: Executor, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(investmentProducts).where(eq(investmentProducts.id, id)).for('update');
  return row;
}

export async function insertProduct(
  db: Executor,
  values: ProductColumns & { createdAt: Date },
): Promise<ProductRow> {
  const [row] = await db
    .insert(investmentProducts)
    .values({ ...values, isActive: true, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('Product insert returned nothing');
  return row;
}

/**
 * Writes the change and moves the version on: updated_at becomes now, or one millisecond past the
 * previous version when the clock has not moved, so every change yields a new version.
 */
export async function updateProductRow(
  db: Executor,
  id: string,
  values: Partial<ProductColumns> & { isActive?: boolean },
  now: Date,
): Promise<ProductRow> {
  const [row] = await db
    .update(investmentProducts)
    .set({
      ...values,
      updatedAt: sql`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${investmentProducts.updatedAt}) + interval '1 millisecond')`,
    })
    .where(eq(investmentProducts.id, id))
    .returning();
  if (!row) throw new Error('Product update returned nothing');
  return row;
}

export async function insertProductAudit(
  db: Executor,
  entry: {
    productId: string;
    adminUserId: string;
    action: 'created' | 'updated' | 'activated' | 'deactivated';
    oldValues: Record<string, unknown> | null;
    newValues: Record<string, unknown> | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(investmentProductAudit).values(entry);
}

export async function selectProductAuditPage(
  db: Executor,
  productId: string,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({
      id: investmentProductAudit.id,
      action: investmentProductAudit.action,
      oldValues: investmentProductAudit.oldValues,
      newValues: investmentProductAudit.newValues,
      createdAt: investmentProductAudit.createdAt,
      adminId: adminUsers.id,
      adminFirstName: adminUsers.firstName,
      adminLastName: adminUsers.lastName,
      adminEmail: adminUsers.email,
    })
    .from(investmentProductAudit)
    .leftJoin(adminUsers, eq(adminUsers.id, investmentProductAudit.adminUserId))
    .where(eq(investmentProductAudit.productId, productId))
    .orderBy(desc(investmentProductAudit.createdAt), desc(investmentProductAudit.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(investmentProductAudit)
    .where(eq(investmentProductAudit.productId, productId));
  return { rows, total: total?.value ?? 0 };
}

export async function productExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investmentProducts.id })
    .from(investmentProducts)
    .where(eq(investmentProducts.id, id));
  return Boolean(row);
}
