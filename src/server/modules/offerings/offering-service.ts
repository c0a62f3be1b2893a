/** /admin/offerings (issue 26 section 1): offerings, their circulars and their capacity. */
import { createHash } from 'node:crypto';
import { AppError } from '../../../shared/errors/app-error';
import { centsToMoney, parseMoneyToCents, toMoneyString } from '../../../shared/money/decimal-string';
import {
  type AdminOffering,
  type AdminOfferingListResponse,
  CIRCULAR_MAX_BYTES,
  type CircularVersion,
  type OfferingDetailResponse,
  type OfferingValues,
  offeringMessagesAdmin,
} from '../../../shared/offerings/offering-contracts';
import { remainingCents, windowStart } from '../../../shared/offerings/offering-rules';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from '../admin-auth/admin-guard';
import {
  type CircularRow,
  countProductsByOffering,
  currentCircular,
  findOffering,
  insertCircular,
  insertOffering,
  listCirculars,
  listOfferingProducts,
  listOfferingRows,
  listProductsOutside,
  moveProductsToOffering,
  type OfferingRow,
  type OfferingWrite,
  readCircularContent,
  salesByDay,
  soldInOffering,
  updateOffering,
} from './repository';

const CAPACITY_DAYS = 30;

function circularView(row: CircularRow): CircularVersion {
  return {
    id: row.id,
    version: row.version,
    file_name: row.file_name,
    byte_size: row.byte_size,
    sha256: row.sha256,
    uploaded_at: row.uploaded_at,
    uploaded_by_email: row.uploaded_by_email,
  };
}

async function offeringView(
  context: AppContext,
  db: Executor,
  row: OfferingRow,
  productCount: number,
): Promise<AdminOffering> {
  const today = context.clock.today();
  const sold = toMoneyString(await soldInOffering(db, row.id, windowStart(today), today));
  const soldCents = parseMoneyToCents(sold) ?? 0n;
  const capCents =
    row.maximum_per_12_months === null ? null : (parseMoneyToCents(row.maximum_per_12_months) ?? 0n);
  const usedPercent = capCents === null || capCents === 0n ? null : Number((soldCents * 100n) / capCents);
  const circular = await currentCircular(db, row.id);
  return {
    id: row.id,
    name: row.name,
    exemption: row.exemption,
    qualification_date: row.qualification_date,
    maximum_per_12_months:
      row.maximum_per_12_months === null ? null : toMoneyString(row.maximum_per_12_months),
    status: row.status,
    requires_accreditation_evidence: row.requires_accreditation_evidence,
    is_default: row.is_default,
    updated_at: row.updated_at,
    sold_12_months: sold,
    left_12_months: capCents === null ? null : centsToMoney(remainingCents(capCents, soldCents)),
    used_percent: usedPercent,
    is_near_cap: usedPercent !== null && usedPercent >= context.config.OFFERING_CAP_ALERT_PERCENT,
    product_count: productCount,
    current_circular: circular ? circularView(circular) : null,
  };
}

export async function listOfferings(context: AppContext): Promise<AdminOfferingListResponse> {
  const counts = await countProductsByOffering(context.db);
  const rows = await listOfferingRows(context.db);
  const offerings: AdminOffering[] = [];
  for (const row of rows)
    offerings.push(await offeringView(context, context.db, row, counts.get(row.id) ?? 0));
  return { offerings, alert_percent: context.config.OFFERING_CAP_ALERT_PERCENT };
}

async function requireOffering(db: Executor, id: string, lock = false): Promise<OfferingRow> {
  const row = await findOffering(db, id, lock);
  if (!row) throw new AppError('not_found', { message: offeringMessagesAdmin.notFound });
  return row;
}

export async function getOfferingDetail(context: AppContext, id: string): Promise<OfferingDetailResponse> {
  const row = await requireOffering(context.db, id);
  const products = await listOfferingProducts(context.db, id);
  const capCents =
    row.maximum_per_12_months === null ? null : (parseMoneyToCents(row.maximum_per_12_months) ?? 0n);
  const days = await salesByDay(context.db, id, context.clock.today(), CAPACITY_DAYS);
  return {
    offering: await offeringView(context, context.db, row, products.length),
    circulars: (await listCirculars(context.db, id)).map(circularView),
    products,
    other_products: await listProductsOutside(context.db, id),
    capacity_by_day: days.map((day) => ({
      day: day.day,
      sold: toMoneyString(day.sold),
      sold_12_months: toMoneyString(day.sold_12_months),
      left:
        capCents === null
          ? null
          : centsToMoney(
              remainingCents(capCents, parseMoneyToCents(toMoneyString(day.sold_12_months)) ?? 0n),
            ),
    })),
  };
}

function writeOf(values: OfferingValues): OfferingWrite {
  return {
    name: values.name,
    exemption: values.exemption,
    qualificationDate: values.qualification_date,
    maximum:
      values.maximum_per_12_months === null
        ? null
        : toMoneyString(values.maximum_per_12_months.replace(/[$,\s]/g, '')),
    status: values.status,
    requiresEvidence: values.requires_accreditation_evidence,
  };
}

function audited(row: OfferingRow | OfferingWrite): Record<string, unknown> {
  return 'exemption' in row && 'requiresEvidence' in row
    ? {
        name: row.name,
        exemption: row.exemption,
        qualification_date: row.qualificationDate,
        maximum_per_12_months: row.maximum,
        status: row.status,
        requires_accreditation_evidence: row.requiresEvidence,
      }
    : {
        name: row.name,
        exemption: row.exemption,
        qualification_date: row.qualification_date,
        maximum_per_12_months:
          row.maximum_per_12_months === null ? null : toMoneyString(row.maximum_per_12_months),
        status: row.status,
        requires_accreditation_evidence: row.requires_accreditation_evidence,
      };
}

export async function createOffering(
  context: AppContext,
  admin: AdminPrincipal,
  values: OfferingValues,
): Promise<AdminOffering> {
  const now = context.clock.now();
  const write = writeOf(values);
  const id = await context.db.transaction(async (tx) => {
    const created = await insertOffering(tx, write, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'offering.create',
      target: { type: 'offering', id: created },
      after: audited(write),
      at: now,
    });
    return created;
  });
  return offeringView(context, context.db, await requireOffering(context.db, id), 0);
}

export async function editOffering(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  input: { values: OfferingValues; updatedAt: string },
): Promise<AdminOffering> {
  const now = context.clock.now();
  const write = writeOf(input.values);
  await context.db.transaction(async (tx) => {
    const before = await requireOffering(tx, id, true);
    if (before.updated_at !== input.updatedAt) {
      throw new AppError('stale', { message: offeringMessagesAdmin.stale });
    }
    await updateOffering(tx, id, write, now);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'offering.update',
      target: { type: 'offering', id },
      before: audited(before),
      after: audited(write),
      at: now,
    });
  });
  const counts = await countProductsByOffering(context.db);
  return offeringView(context, context.db, await requireOffering(context.db, id), counts.get(id) ?? 0);
}

export async function assignProducts(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  productIds: string[],
): Promise<OfferingDetailResponse> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await requireOffering(tx, id, true);
    const moved = await moveProductsToOffering(tx, id, productIds);
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'offering.assign_products',
      target: { type: 'offering', id },
      after: { product_ids: productIds, moved },
      at: now,
    });
  });
  return getOfferingDetail(context, id);
}

export async function uploadCircular(
  context: AppContext,
  admin: AdminPrincipal,
  id: string,
  input: { fileName: string; content: Buffer },
): Promise<OfferingDetailResponse> {
  if (input.content.length > CIRCULAR_MAX_BYTES) {
    throw new AppError('payload_too_large', { message: offeringMessagesAdmin.tooLarge });
  }
  if (input.content.length < 5 || input.content.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError('validation_failed', { message: offeringMessagesAdmin.notPdf });
  }
  const now = context.clock.now();
  const sha256 = createHash('sha256').update(input.content).digest('hex');
  await context.db.transaction(async (tx) => {
    await requireOffering(tx, id);
    const version = await insertCircular(tx, {
      offeringId: id,
      fileName: input.fileName,
      content: input.content,
      sha256,
      adminId: admin.adminUserId,
      now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(admin),
      action: 'offering.circular_upload',
      target: { type: 'offering', id },
      after: { version, file_name: input.fileName, byte_size: input.content.length, sha256 },
      at: now,
    });
  });
  return getOfferingDetail(context, id);
}

export async function circularFile(
  db: Executor,
  offeringId: string,
  version: number,
): Promise<{ file_name: string; content: Buffer }> {
  const file = await readCircularContent(db, offeringId, version);
  if (!file) throw new AppError('not_found', { message: 'Offering circular not found.' });
  return file;
}
