import type { Executor } from '../../db/client';
import { adminAuditLog } from '../../db/schema';

/** Who did it: a signed-in admin (id and e-mail at the time), or, for a failed sign-in, the e-mail typed. */
export interface AuditActor {
  adminUserId: string | null;
  email: string | null;
}

export interface AuditTarget {
  /** What kind of thing changed: `product`, `job`, `template`, `campaign`, `investor`, `admin_user`... */
  type: string;
  id: string | null;
}

/** A field's value as the audit log keeps it: JSON, with dates as ISO strings. */
type AuditRecord = Record<string, unknown>;

export interface AdminAuditEntry {
  actor: AuditActor;
  ip: string | null;
  /** `<area>.<verb>`, lower case with underscores: `product.update`, `admin.sign_in_failed`. */
  action: string;
  target: AuditTarget;
  /** The target's fields before the change (null when it is created or for an event). */
  before?: AuditRecord | null;
  /** The target's fields after the change (null when it is removed). */
  after?: AuditRecord | null;
  /** When it happened; defaults to the database's transaction time. Pass the app clock's now. */
  at?: Date;
}

const redacted = '[redacted]';
/** Fields whose values never enter the log: only the fact that they changed. */
const secretFieldPattern = /password|secret|token|hash|recovery|ssn|account_number|accountnumber/i;

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object' && 'toFixed' in value && 'isZero' in value) {
    return String(value);
  }
  return value;
}

function sameValue(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * The fields that differ between before and after, with secret fields redacted. When both sides
 * are present only changed fields are kept; a creation keeps every field of `after`, a removal
 * every field of `before`.
 */
export function changedFields(
  before: AuditRecord | null | undefined,
  after: AuditRecord | null | undefined,
): { before: AuditRecord | null; after: AuditRecord | null } {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const keptBefore: AuditRecord = {};
  const keptAfter: AuditRecord = {};
  for (const key of keys) {
    const oldValue = normalise(before?.[key]);
    const newValue = normalise(after?.[key]);
    if (before && after && sameValue(oldValue, newValue)) continue;
    const isSecret = secretFieldPattern.test(key);
    if (before) keptBefore[key] = isSecret && oldValue !== null ? redacted : oldValue;
    if (after) keptAfter[key] = isSecret && newValue !== null ? redacted : newValue;
  }
  return { before: before ? keptBefore : null, after: after ? keptAfter : null };
}

/**
 * Appends one entry to the admin audit log. Call it with the transaction that makes the change,
 * so the entry exists exactly when the change does (a rolled-back change leaves no entry).
 */
export async function recordAdminAudit(tx: Executor, entry: AdminAuditEntry): Promise<void> {
  const { before, after } = changedFields(entry.before, entry.after);
  await tx.insert(adminAuditLog).values({
    actorAdminId: entry.actor.adminUserId,
    actorEmail: entry.actor.email?.trim().toLowerCase().slice(0, 254) ?? null,
    ipAddress: entry.ip?.slice(0, 64) ?? null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id?.slice(0, 200) ?? null,
    before,
    after,
    ...(entry.at ? { occurredAt: entry.at } : {}),
  });
}

/**
 * The actor and network address of a signed-in admin's request, ready to spread into an entry:
 * `recordAdminAudit(tx, { ...auditBy(admin), action, target, before, after })`.
 */
export function auditBy(principal: { adminUserId: string; email: string; ipAddress: string | null }): {
  actor: AuditActor;
  ip: string | null;
} {
  return { actor: { adminUserId: principal.adminUserId, email: principal.email }, ip: principal.ipAddress };
}
