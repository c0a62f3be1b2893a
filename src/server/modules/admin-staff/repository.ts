import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminInvitations, adminUsers } from '../../db/schema';

export type AdminInvitationRow = typeof adminInvitations.$inferSelect;
export type StaffRow = typeof adminUsers.$inferSelect;

export async function selectStaff(db: Executor): Promise<StaffRow[]> {
  return db
    .select()
    .from(adminUsers)
    .orderBy(desc(adminUsers.isActive), asc(adminUsers.lastName), asc(adminUsers.firstName));
}

export async function selectOpenInvitations(db: Executor, now: Date): Promise<AdminInvitationRow[]> {
  return db
    .select()
    .from(adminInvitations)
    .where(
      and(
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(adminInvitations.createdAt));
}

export async function selectStaffForUpdate(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
  return row;
}

/** Active super admins other than `exceptId`, locked so two demotions cannot both pass the last-one check. */
export async function countOtherActiveSuperAdmins(db: Executor, exceptId: string): Promise<number> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.role, 'super_admin'),
        eq(adminUsers.isActive, true),
        sql`${adminUsers.id} <> ${exceptId}`,
      ),
    )
    .for('update');
  return rows.length;
}

export async function updateStaff(
  db: Executor,
  id: string,
  values: Partial<Pick<StaffRow, 'role' | 'isActive' | 'deactivatedAt'>>,
  at: Date,
): Promise<StaffRow> {
  const [row] = await db
    .update(adminUsers)
    .set({ ...values, updatedAt: at })
    .where(eq(adminUsers.id, id))
    .returning();
  if (!row) throw new Error('Staff update returned nothing');
  return row;
}

export async function insertInvitation(
  db: Executor,
  values: Omit<typeof adminInvitations.$inferInsert, 'id'>,
): Promise<AdminInvitationRow> {
  const [row] = await db.insert(adminInvitations).values(values).returning();
  if (!row) throw new Error('Invitation insert returned nothing');
  return row;
}

/** Ends open invitations whose link expired, so the e-mail may be invited again. */
export async function revokeExpiredInvitations(db: Executor, email: string, now: Date): Promise<void> {
  await db
    .update(adminInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        sql`lower(${adminInvitations.email}) = ${email.toLowerCase()}`,
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
        sql`${adminInvitations.expiresAt} <= ${now.toISOString()}`,
      ),
    );
}

export async function revokeInvitation(
  db: Executor,
  id: string,
  now: Date,
): Promise<AdminInvitationRow | undefined> {
  const [row] = await db
    .update(adminInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminInvitations.id, id),
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
      ),
    )
    .returning();
  return row;
}

/** An open, unexpired invitation by its token hash (locked when accepting). */
export async function selectUsableInvitation(
  db: Executor,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<AdminInvitationRow | undefined> {
  const query = db
    .select()
    .from(adminInvitations)
    .where(
      and(
        eq(adminInvitations.tokenHash, tokenHash),
        isNull(adminInvitations.acceptedAt),
        isNull(adminInvitations.revokedAt),
        gt(adminInvitations.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markInvitationAccepted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(adminInvitations).set({ acceptedAt: now }).where(eq(adminInvitations.id, id));
}
