import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFacets,
  type AuditFilters,
  type AuditListResponse,
  auditCsvColumns,
  describeChanges,
} from '../../../shared/admin/audit-contracts';
import type { AppContext } from '../../context';
import { neutraliseFormula } from '../portal/transaction-export';
import { type AuditRow, selectAuditBatch, selectAuditFacets, selectAuditPage } from './repository';

const EXPORT_BATCH = 1_000;

function asFields(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function toEntry(row: AuditRow): AuditEntry {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ') || null;
  return {
    id: String(row.id),
    occurred_at: row.occurredAt.toISOString(),
    actor: row.actorAdminId || row.actorEmail ? { id: row.actorAdminId, email: row.actorEmail, name } : null,
    ip_address: row.ipAddress,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: asFields(row.before),
    after: asFields(row.after),
  };
}

export async function listAuditEntries(
  context: AppContext,
  filters: AuditFilters,
  page: number,
): Promise<AuditListResponse> {
  const { rows, total } = await selectAuditPage(context.db, filters, context.config.BUSINESS_TZ, {
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  });
  return { entries: rows.map(toEntry), total, page, page_size: AUDIT_PAGE_SIZE };
}

export async function auditFacets(context: AppContext): Promise<AuditFacets> {
  const facets = await selectAuditFacets(context.db);
  return {
    actors: facets.actors.map((actor) => ({
      id: actor.id,
      email: actor.email,
      name: `${actor.firstName} ${actor.lastName}`.trim(),
    })),
    actions: facets.actions,
    target_types: facets.targetTypes,
  };
}

function csvRecord(entry: AuditEntry): string[] {
  return [
    entry.occurred_at,
    neutraliseFormula(entry.actor?.email ?? ''),
    entry.ip_address ?? '',
    entry.action,
    entry.target_type,
    neutraliseFormula(entry.target_id ?? ''),
    neutraliseFormula(describeChanges(entry.before)),
    neutraliseFormula(describeChanges(entry.after)),
  ];
}

/** The filtered log as CSV, newest first, streamed in keyset batches (at most AUDIT_EXPORT_LIMIT rows). */
export function exportAuditCsv(context: AppContext, filters: AuditFilters): Readable {
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([[...auditCsvColumns]]);
    let after: { occurredAt: Date; id: number } | null = null;
    let written = 0;
    while (written < AUDIT_EXPORT_LIMIT) {
      const rows = await selectAuditBatch(
        context.db,
        filters,
        context.config.BUSINESS_TZ,
        after,
        Math.min(EXPORT_BATCH, AUDIT_EXPORT_LIMIT - written),
      );
      if (rows.length === 0) return;
      yield stringify(rows.map((row) => csvRecord(toEntry(row))));
      written += rows.length;
      const last = rows[rows.length - 1]!;
      after = { occurredAt: last.occurredAt, id: last.id };
    }
  }
  return Readable.from(chunks());
}
