import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminRecoveryCodes, adminSessions, adminSignInChallenges, adminUsers } from '../../db/schema';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function selectAdminByEmail(db: Executor, email: string): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(sql`lower(${adminUsers.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function insertAdminUser(
  db: Executor,
  values: { email: string; passwordHash: string; firstName: string; lastName: string; role: string },
): Promise<AdminUserRow> {
  const [row] = await db.insert(adminUsers).values(values).returning();
  if (!row) throw new Error('Admin user insert returned nothing');
  return row;
}

export async function insertAdminSession(
  db: Executor,
  values: {
    adminUserId: string;
    tokenHash: string;
    csrfTokenHash: string;
    createdAt: Date;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(adminSessions).values({ ...values, lastSeenAt: values.createdAt });
}

export async function recordAdminLogin(db: Executor, adminUserId: string, at: Date): Promise<void> {
  await db.update(adminUsers).set({ lastLoginAt: at }).where(eq(adminUsers.id, adminUserId));
}

export interface AdminSessionWithUser {
  sessionId: string;
  csrfTokenHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
  adminUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isActive: boolean;
}

/** A live (not revoked) session and its admin; expiry is judged by the caller against the app clock. */
export async function selectAdminSession(
  db: Executor,
  tokenHash: string,
): Promise<AdminSessionWithUser | undefined> {
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      csrfTokenHash: adminSessions.csrfTokenHash,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      adminUserId: adminUsers.id,
      email: adminUsers.email,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
      role: adminUsers.role,
      isActive: adminUsers.isActive,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
  return row;
}

export async function touchAdminSession(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: at }).where(eq(adminSessions.id, sessionId));
}

export async function revokeAdminSession(db: Executor, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
}

export async function selectAdminById(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  return row;
}

export type SignInChallengeRow = typeof adminSignInChallenges.$inferSelect;

export async function insertSignInChallenge(
  db: Executor,
  values: {
    adminUserId: string;
    tokenHash: string;
    kind: 'verify' | 'enrol';
    createdAt: Date;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(adminSignInChallenges).values(values);
}

/** A challenge not yet used, locked for the rest of the transaction. Expiry is judged by the caller. */
export async function selectOpenChallengeForUpdate(
  db: Executor,
  tokenHash: string,
): Promise<SignInChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(adminSignInChallenges)
    .where(and(eq(adminSignInChallenges.tokenHash, tokenHash), isNull(adminSignInChallenges.usedAt)))
    .for('update');
  return row;
}

export async function countChallengeFailure(
  db: Executor,
  id: string,
  endIt: boolean,
  at: Date,
): Promise<void> {
  await db
    .update(adminSignInChallenges)
    .set({
      failedAttempts: sql`${adminSignInChallenges.failedAttempts} + 1`,
      ...(endIt ? { usedAt: at } : {}),
    })
    .where(eq(adminSignInChallenges.id, id));
}

export async function markChallengeUsed(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(adminSignInChallenges).set({ usedAt: at }).where(eq(adminSignInChallenges.id, id));
}

export async function saveTotpStep(db: Executor, adminUserId: string, step: number): Promise<void> {
  await db.update(adminUsers).set({ totpLastStep: step }).where(eq(adminUsers.id, adminUserId));
}

/** Turns TOTP on with a new secret and replaces the recovery codes, in the caller's transaction. */
export async function enableTotp(
  db: Executor,
  adminUserId: string,
  values: { sealedSecret: string; step: number; recoveryCodeHashes: string[]; at: Date },
): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      totpSecret: values.sealedSecret,
      totpEnabledAt: values.at,
      totpLastStep: values.step,
      updatedAt: values.at,
    })
    .where(eq(adminUsers.id, adminUserId));
  await replaceRecoveryCodes(db, adminUserId, values.recoveryCodeHashes, values.at);
}

/** Drops every recovery code of an admin (used or not) and stores these hashes instead. */
export async function replaceRecoveryCodes(
  db: Executor,
  adminUserId: string,
  codeHashes: string[],
  at: Date,
): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, adminUserId));
  if (codeHashes.length === 0) return;
  await db
    .insert(adminRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ adminUserId, codeHash, createdAt: at })));
}

/** Turns TOTP off: the secret, its last step and every recovery code go. */
export async function disableTotp(db: Executor, adminUserId: string, at: Date): Promise<void> {
  await db
    .update(adminUsers)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: at })
    .where(eq(adminUsers.id, adminUserId));
  await replaceRecoveryCodes(db, adminUserId, [], at);
}

/** Locks the admin row for the rest of the transaction. */
export async function selectAdminByIdForUpdate(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, id)).for('update');
  return row;
}

/** Marks an unused recovery code of this admin used; false when there is none with that hash. */
export async function spendRecoveryCode(
  db: Executor,
  adminUserId: string,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(adminRecoveryCodes.adminUserId, adminUserId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, adminUserId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminUserId, adminUserId), isNull(adminRecoveryCodes.usedAt)));
  return Number(row?.value ?? 0);
}

/** Ends every live session of an admin (deactivation, role change). */
export async function revokeAllAdminSessions(db: Executor, adminUserId: string, at: Date): Promise<number> {
  const revoked = await db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(and(eq(adminSessions.adminUserId, adminUserId), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  return revoked.length;
}

/** Ends every live session of an admin but the one named (sign out of other devices). */
export async function revokeOtherAdminSessions(
  db: Executor,
  adminUserId: string,
  keepSessionId: string,
  at: Date,
): Promise<number> {
  const revoked = await db
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(adminSessions.adminUserId, adminUserId),
        isNull(adminSessions.revokedAt),
        ne(adminSessions.id, keepSessionId),
      ),
    )
    .returning({ id: adminSessions.id });
  return revoked.length;
}
