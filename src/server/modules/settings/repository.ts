/** The SQL of /settings: the investor's profile, contact details and notification preferences. */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { investors, notificationPreferences, oneTimeTokens, users } from '../../db/schema';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;

export interface InvestorAccountRow {
  investor: typeof investors.$inferSelect;
  user: typeof users.$inferSelect;
}

export async function findInvestorAccount(
  db: Executor,
  investorId: string,
): Promise<InvestorAccountRow | undefined> {
  const [row] = await db
    .select({ investor: investors, user: users })
    .from(investors)
    .innerJoin(users, eq(users.id, investors.userId))
    .where(eq(investors.id, investorId));
  return row;
}

export async function findPreferences(db: Executor, investorId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.investorId, investorId));
  return row;
}

export async function lockPreferences(db: Executor, investorId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.investorId, investorId))
    .for('update');
  return row;
}

export async function savePreferences(
  db: Executor,
  values: Omit<typeof notificationPreferences.$inferInsert, 'updatedAt'> & { updatedAt: Date },
): Promise<PreferencesRow> {
  const { investorId: _investorId, ...changes } = values;
  const [row] = await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({ target: notificationPreferences.investorId, set: changes })
    .returning();
  return row!;
}

export async function updateInvestorName(
  db: Executor,
  investorId: string,
  name: { firstName: string; lastName: string },
  now: Date,
): Promise<void> {
  await db
    .update(investors)
    .set({ firstName: name.firstName, lastName: name.lastName, updatedAt: now })
    .where(eq(investors.id, investorId));
}

// ---------------------------------------------------------------- e-mail change

export async function isEmailUsedByAnotherUser(
  db: Executor,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** The address of the newest live e-mail change link of this user, if any. */
export async function findPendingEmailChange(
  db: Executor,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'email_change'),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Only the newest change link counts: older ones are spent when a new one is sent. */
export async function spendEmailChangeTokens(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'email_change'),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

export async function changeEmail(db: Executor, userId: string, email: string, now: Date): Promise<void> {
  await db.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  await db.update(investors).set({ email, updatedAt: now }).where(eq(investors.userId, userId));
}

// ---------------------------------------------------------------- phone change

/**
 * The new number is the verified one. Marketing texts stop: the TCPA consent was given for
 * the old number, so it must be given again for the new one.
 */
export async function changePhone(
  db: Executor,
  input: { userId: string; investorId: string; phoneE164: string; now: Date },
): Promise<void> {
  const { userId, investorId, phoneE164, now } = input;
  await db.update(users).set({ phoneE164, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  await db.update(investors).set({ phone: phoneE164, updatedAt: now }).where(eq(investors.id, investorId));
  await db
    .update(notificationPreferences)
    .set({ marketingSms: false, marketingSmsConsentAt: null, updatedAt: now })
    .where(
      and(eq(notificationPreferences.investorId, investorId), eq(notificationPreferences.marketingSms, true)),
    );
}
