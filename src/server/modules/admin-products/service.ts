import {
  ADMIN_PAGE_SIZE,
  type AdminProduct,
  type AdminProductListResponse,
  type ProductAuditResponse,
  type ProductToggleRequest,
  type ProductValues,
  productAuditEntrySchema,
  productMessages,
} from '../../../shared/admin/product-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { toMoneyString } from '../../../shared/money/decimal-string';
import { type InvestmentType, percentToRateFraction } from '../../../shared/products/plans';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AppContext } from '../../context';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import type { ProductCatalogue } from '../products/catalogue';
import { trimRate } from '../products/product-mapper';
import {
  insertProduct,
  insertProductAudit,
  type ProductColumns,
  type ProductFilters,
  type ProductRow,
  productExists,
  selectProductAuditPage,
  selectProductForUpdate,
  selectProductPage,
  updateProductRow,
} from './repository';

export function toAdminProduct(row: ProductRow): AdminProduct {
  return {
    id: row.id,
    display_name: row.displayName,
    investment_type: row.investmentType as InvestmentType,
    description: row.description,
    interest_rate_annual: trimRate(row.interestRateAnnual),
    term_years: row.termYears,
    minimum_purchase_amount: toMoneyString(row.minimumPurchaseAmount),
    available_from: row.availableFrom,
    available_until: row.availableUntil,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audited fields of a product, as the audit log shows them (wire names, stored rate fraction). */
function auditedValues(row: ProductRow): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, ...values } = toAdminProduct(row);
  return values;
}

function toColumns(values: ProductValues): ProductColumns {
  return {
    displayName: values.display_name,
    investmentType: values.investment_type,
    description: values.description,
    interestRateAnnual: percentToRateFraction(values.interest_rate_percent),
    termYears: values.term_years,
    minimumPurchaseAmount: toMoneyString(values.minimum_purchase_amount.replace(/[$,\s]/g, '')),
    availableFrom: values.available_from,
    availableUntil: values.available_until,
  };
}

const productNotFound = () => new AppError('not_found', { message: 'Product not found' });
const staleVersion = () => new AppError('stale', { message: productMessages.stale });

function isSameVersion(row: ProductRow, version: string): boolean {
  return row.updatedAt.getTime() === new Date(version).getTime();
}

export async function listProducts(
  context: AppContext,
  query: { page: number } & ProductFilters,
): Promise<AdminProductListResponse> {
  const { rows, total, catalogueSize } = await selectProductPage(
    context.db,
    { type: query.type, active: query.active, text: query.text || undefined },
    { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE },
  );
  return {
    products: rows.map(toAdminProduct),
    total,
    page: query.page,
    page_size: ADMIN_PAGE_SIZE,
    catalogue_size: catalogueSize,
  };
}

export async function createProduct(
  context: AppContext,
  catalogue: ProductCatalogue,
  admin: AdminPrincipal,
  values: ProductValues,
): Promise<AdminProduct> {
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const created = await insertProduct(tx, { ...toColumns(values), createdAt: now });
    await insertProductAudit(tx, {
      productId: created.id,
      adminUserId: admin.adminUserId,
      action: 'created',
      oldValues: null,
      newValues: auditedValues(created),
      createdAt: created.updatedAt,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'product.create',
      target: { type: 'product', id: created.id },
      after: auditedValues(created),
      at: now,
    });
    return created;
  });
  catalogue.invalidate();
  return toAdminProduct(row);
}

/** Saves the edit form; refused as stale when the product changed since `version`. Only changed fields are audited. */
export async function updateProduct(
  context: AppContext,
  catalogue: ProductCatalogue,
  admin: AdminPrincipal,
  id: string,
  values: ProductValues,
  version: string,
): Promise<AdminProduct> {
  const row = await context.db.transaction(async (tx) => {
    const current = await selectProductForUpdate(tx, id);
    if (!current) throw productNotFound();
    if (!isSameVersion(current, version)) throw staleVersion();
    const before = auditedValues(current);
    const after = auditedValues({ ...current, ...toColumns(values) });
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    if (changed.length === 0) return current;
    const updated = await updateProductRow(tx, id, toColumns(values), context.clock.now());
    await insertProductAudit(tx, {
      productId: id,
      adminUserId: admin.adminUserId,
      action: 'updated',
      oldValues: Object.fromEntries(changed.map((key) => [key, before[key]])),
      newValues: Object.fromEntries(changed.map((key) => [key, after[key]])),
      createdAt: updated.updatedAt,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'product.update',
      target: { type: 'product', id },
      before,
      after,
      at: updated.updatedAt,
    });
    return updated;
  });
  catalogue.invalidate();
  return toAdminProduct(row);
}

/** The confirmed active/inactive toggle (the admin-products PUT). */
export async function setProductActive(
  context: AppContext,
  catalogue: ProductCatalogue,
  admin: AdminPrincipal,
  request: ProductToggleRequest,
): Promise<AdminProduct> {
  const row = await context.db.transaction(async (tx) => {
    const current = await selectProductForUpdate(tx, request.id);
    if (!current) throw productNotFound();
    if (!isSameVersion(current, request.updated_at)) throw staleVersion();
    if (current.isActive === request.is_active) return current;
    const updated = await updateProductRow(
      tx,
      request.id,
      { isActive: request.is_active },
      context.clock.now(),
    );
    await insertProductAudit(tx, {
      productId: request.id,
      adminUserId: admin.adminUserId,
      action: request.is_active ? 'activated' : 'deactivated',
      oldValues: { is_active: current.isActive },
      newValues: { is_active: updated.isActive },
      createdAt: updated.updatedAt,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: request.is_active ? 'product.activate' : 'product.deactivate',
      target: { type: 'product', id: request.id },
      before: { is_active: current.isActive },
      after: { is_active: updated.isActive },
      at: updated.updatedAt,
    });
    return updated;
  });
  catalogue.invalidate();
  return toAdminProduct(row);
}

export async function listProductAudit(
  context: AppContext,
  productId: string,
  page: number,
): Promise<ProductAuditResponse> {
  if (!(await productExists(context.db, productId))) throw productNotFound();
  const { rows, total } = await selectProductAuditPage(context.db, productId, {
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  });
  return {
    entries: rows.map((row) =>
      productAuditEntrySchema.parse({
        id: row.id,
        action: row.action,
        admin: row.adminId
          ? {
              id: row.adminId,
              first_name: row.adminFirstName,
              last_name: row.adminLastName,
              email: row.adminEmail,
            }
          : null,
        old_values: row.oldValues,
        new_values: row.newValues,
        created_at: row.createdAt.toISOString(),
      }),
    ),
    total,
    page,
    page_size: ADMIN_PAGE_SIZE,
  };
}
