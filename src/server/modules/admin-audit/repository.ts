import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditFilters } from '../../../shared/admin/audit-contracts';
import type { Executor } from '../../db/client';
import { adminAuditLog, adminUsers } from '../../db/schema';

export interface AuditRow {
  id: number;
  occurredAt: Date;
  actorAdminId: string | null;
  actorEmail: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  ipAddress: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
}

/** The filters as SQL; the date range is whole business-time days, both ends included. */
function conditions(filters: AuditFilters, timeZone: string): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.actor) parts.push(eq(adminAuditLog.actorAdminId, filters.actor));
  if (filters.action) parts.push(eq(adminAuditLog.action, filters.action));
  if (filters.target_type) parts.push(eq(adminAuditLog.targetType, filters.target_type));
  if (filters.target_id) parts.push(eq(adminAuditLog.targetId, filters.target_id));
  if (filters.from) {
    parts.push(
      sql`${adminAuditLog.occurredAt} >= (${filters.from}::date::timestamp at time zone ${timeZone})`,
    );
  }
  if (filters.to) {
    parts.push(
      sql`${adminAuditLog.occurredAt} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  id: adminAuditLog.id,
  occurredAt: adminAuditLog.occurredAt,
  actorAdminId: adminAuditLog.actorAdminId,
  actorEmail: adminAuditLog.actorEmail,
  actorFirstName: adminUsers.firstName,
  actorLastName: adminUsers.lastName,
  ipAddress: adminAuditLog.ipAddress,
  action: adminAuditLog.action,
  targetType: adminAuditLog.targetType,
  targetId: adminAuditLog.targetId,
  before: adminAuditLog.before,
  after: adminAuditLog.after,
};

export async function selectAuditPage(
  db: Executor,
  filters: AuditFilters,
  timeZone: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = conditions(filters, timeZone);
  const rows = await db
    .select(columns)
    .from(adminAuditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, adminAuditLog.actorAdminId))
    .where(where)
    .orderBy(desc(adminAuditLog.occurredAt), desc(adminAuditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(adminAuditLog).where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The export's rows, newest first, in keyset batches after `(before occurred_at, id)`. */
export async function selectAuditBatch(
  db: Executor,
  filters: AuditFilters,
  timeZone: string,
  after: { occurredAt: Date; id: number } | null,
  limit: number,
): Promise<AuditRow[]> {
  const where = conditions(filters, timeZone);
  const keyset = after
    ? sql`(${adminAuditLog.occurredAt}, ${adminAuditLog.id}) < (${after.occurredAt.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  return db
    .select(columns)
    .from(adminAuditLog)
    .leftJoin(adminUsers, eq(adminUsers.id, adminAuditLog.actorAdminId))
    .where(and(where, keyset))
    .orderBy(desc(adminAuditLog.occurredAt), desc(adminAuditLog.id))
    .limit(limit);
}

export async function selectAuditFacets(db: Executor): Promise<{
  actors: { id: string; email: string; firstName: string; lastName: string }[];
  actions: string[];
  targetTypes: string[];
}> {
  const actors = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
    })
    .from(adminUsers)
    .orderBy(adminUsers.lastName, adminUsers.firstName);
  const actions = await db
    .selectDistinct({ action: adminAuditLog.action })
    .from(adminAuditLog)
    .orderBy(adminAuditLog.action);
  const targetTypes = await db
    .selectDistinct({ targetType: adminAuditLog.targetType })
    .from(adminAuditLog)
    .orderBy(adminAuditLog.targetType);
  return {
    actors,
    actions: actions.map((row) => row.action),
    targetTypes: targetTypes.map((row) => row.targetType),
  };
}
