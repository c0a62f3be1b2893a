import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminSessions, adminUsers } from '../../db/schema';

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
