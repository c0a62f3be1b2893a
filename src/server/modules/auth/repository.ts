/** The SQL of investor sign-in: users, sessions, one-time tokens, SMS codes and the investor record. */
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  bankAccounts,
  investorOnboarding,
  investors,
  notificationPreferences,
  oneTimeTokens,
  referrals,
  sessions,
  smsCodes,
  taxRecords,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type InvestorRow = typeof investors.$inferSelect;
export type OnboardingRow = typeof investorOnboarding.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
export type SessionKind = 'full' | 'second_factor';
export type OneTimeTokenPurpose = 'magic_link' | 'password_reset' | 'email_change';
export type SmsCodePurpose = 'verify_phone' | 'sign_in' | 'second_factor' | 'step_up' | 'change_phone';

// ---------------------------------------------------------------- users

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The user whose verified phone this is (phones are verified by one account at a time). */
export async function findUserByVerifiedPhone(db: Executor, phoneE164: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneE164, phoneE164), sql`${users.phoneVerifiedAt} is not null`))
    .orderBy(desc(users.phoneVerifiedAt))
    .limit(1);
  return row;
}

export async function isPhoneVerifiedByAnotherUser(
  db: Executor,
  phoneE164: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.phoneE164, phoneE164), sql`${users.phoneVerifiedAt} is not null`, ne(users.id, userId)),
    )
    .limit(1);
  return Boolean(row);
}

/** Creates the user on first verification, or marks an existing one's e-mail verified. */
export async function upsertVerifiedUser(db: Executor, email: string, now: Date): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.emailVerifiedAt) return existing;
    const [updated] = await db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }
  const [created] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  // A concurrent confirmation created it first: read the winner.
  return created ?? (await findUserByEmail(db, email))!;
}

export async function setUserPhoneVerified(
  db: Executor,
  userId: string,
  phoneE164: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ phoneE164, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

export async function setUserPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordSetAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------- investors

export async function findInvestorByUserId(db: Executor, userId: string): Promise<InvestorRow | undefined> {
  const [row] = await db.select().from(investors).where(eq(investors.userId, userId));
  return row;
}

export async function findInvestorByReferralCode(
  db: Executor,
  code: string,
): Promise<InvestorRow | undefined> {
  const [row] = await db
    .select()
    .from(investors)
    .where(sql`upper(${investors.referralCode}) = ${code.toUpperCase()}`);
  return row;
}

export async function isReferralCodeTaken(db: Executor, code: string): Promise<boolean> {
  return Boolean(await findInvestorByReferralCode(db, code));
}

export async function insertInvestorWithDefaults(
  db: Executor,
  input: { userId: string; email: string; referralCode: string; now: Date },
): Promise<{ investor: InvestorRow; isNew: boolean }> {
  const [investor] = await db
    .insert(investors)
    .values({
      userId: input.userId,
      email: input.email,
      status: 'pending',
      referralCode: input.referralCode,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: investors.userId })
    .returning();
  // Two links confirmed at the same moment: the first one created the investor.
  if (!investor) return { investor: (await findInvestorByUserId(db, input.userId))!, isNew: false };
  await db.insert(investorOnboarding).values({
    investorId: investor.id,
    emailVerified: true,
    lastStepCompleted: 'email',
    lastActivityAt: input.now,
  });
  await db.insert(notificationPreferences).values({ investorId: investor.id, updatedAt: input.now });
  return { investor, isNew: true };
}

export async function insertReferral(
  db: Executor,
  input: { referrerInvestorId: string; referredInvestorId: string; code: string; now: Date },
): Promise<void> {
  await db
    .insert(referrals)
    .values({
      referrerInvestorId: input.referrerInvestorId,
      referredInvestorId: input.referredInvestorId,
      code: input.code,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

export async function findOnboarding(db: Executor, investorId: string): Promise<OnboardingRow | undefined> {
  const [row] = await db
    .select()
    .from(investorOnboarding)
    .where(eq(investorOnboarding.investorId, investorId));
  return row;
}

export async function markOnboardingEmailVerified(
  db: Executor,
  investorId: string,
  now: Date,
): Promise<void> {
  await db
    .update(investorOnboarding)
    .set({ emailVerified: true, lastActivityAt: now })
    .where(eq(investorOnboarding.investorId, investorId));
}

export async function markPhoneStepDone(
  db: Executor,
  investorId: string,
  phoneE164: string,
  now: Date,
): Promise<void> {
  await db.update(investors).set({ phone: phoneE164, updatedAt: now }).where(eq(investors.id, investorId));
  await db
    .update(investorOnboarding)
    .set({
      phoneVerified: true,
      lastActivityAt: now,
      lastStepCompleted: sql`case when ${investorOnboarding.lastStepCompleted} = 'password' then 'password' else 'phone' end`,
    })
    .where(eq(investorOnboarding.investorId, investorId));
}

/** The password step: the investor becomes active (PRODUCT.md 4). */
export async function markPasswordStepDone(db: Executor, investorId: string, now: Date): Promise<void> {
  await db
    .update(investors)
    .set({ status: 'active', updatedAt: now })
    .where(and(eq(investors.id, investorId), eq(investors.status, 'pending')));
  await db
    .update(investorOnboarding)
    .set({ passwordVerified: true, lastStepCompleted: 'password', lastActivityAt: now })
    .where(eq(investorOnboarding.investorId, investorId));
}

export async function hasVerifiedBankAccount(db: Executor, investorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.investorId, investorId),
        eq(bankAccounts.verificationStatus, 'verified'),
        isNull(bankAccounts.deletedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The identity check (KYC) approved the investor's tax record (PRODUCT.md 22). */
export async function hasApprovedIdentity(db: Executor, investorId: string): Promise<boolean> {
  const [row] = await db
    .select({ investorId: taxRecords.investorId })
    .from(taxRecords)
    .where(and(eq(taxRecords.investorId, investorId), eq(taxRecords.kycStatus, 'approved')))
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------- sessions

/** Counts a sign-in: a full session was started for the user. */
export async function countSignIn(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ signInCount: sql`${users.signInCount} + 1` })
    .where(eq(users.id, userId));
}

export async function insertSession(
  db: Executor,
  input: {
    userId: string;
    tokenHash: string;
    kind: SessionKind;
    now: Date;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: input.tokenHash,
      kind: input.kind,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: input.expiresAt,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    })
    .returning();
  return row!;
}

export interface SessionWithOwner {
  session: SessionRow;
  user: UserRow;
  investor: InvestorRow | null;
}

function prepareSessionRead(db: Database) {
  return db
    .select({ session: sessions, user: users, investor: investors })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(investors, eq(investors.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .prepare('find_live_session_by_token_hash');
}

const sessionReads = new WeakMap<Database, ReturnType<typeof prepareSessionRead>>();

/**
 * The session with its user and investor. Every signed-in request starts here, so the query is
 * built once per database and sent as a named prepared statement (decision 1415): PostgreSQL
 * parses it once per connection and the query builder does not run per request.
 */
export async function findLiveSessionByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SessionWithOwner | undefined> {
  let read = sessionReads.get(db);
  if (!read) {
    read = prepareSessionRead(db);
    sessionReads.set(db, read);
  }
  const [row] = await read.execute({ tokenHash });
  return row;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user except, optionally, the one in use. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

export async function markSessionSteppedUp(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ steppedUpAt: now, lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

// ---------------------------------------------------------------- one-time tokens (magic links)

export async function insertOneTimeToken(
  db: Executor,
  input: {
    userId: string | null;
    email: string;
    purpose: OneTimeTokenPurpose;
    tokenHash: string;
    redirectTo: string | null;
    referralCode: string | null;
    browserBindingHash?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    tokenHash: input.tokenHash,
    redirectTo: input.redirectTo,
    referralCode: input.referralCode,
    browserBindingHash: input.browserBindingHash ?? null,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

export async function findOneTimeToken(
  db: Executor,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Uses a token once: a conditional update, so two simultaneous confirmations of the same
 * link cannot both succeed.
 */
export async function consumeOneTimeToken(db: Executor, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- SMS codes

export async function insertSmsCode(
  db: Executor,
  input: {
    userId: string | null;
    phoneE164: string;
    purpose: SmsCodePurpose;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(smsCodes).values({
    userId: input.userId,
    phoneE164: input.phoneE164,
    purpose: input.purpose,
    codeHash: input.codeHash,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

/** The newest code for this number, purpose and (when given) user. */
export async function findLatestSmsCode(
  db: Executor,
  input: { phoneE164: string; purpose: SmsCodePurpose; userId: string | null },
): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phoneE164, input.phoneE164),
        eq(smsCodes.purpose, input.purpose),
        input.userId ? eq(smsCodes.userId, input.userId) : undefined,
      ),
    )
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row;
}

/** The newest code sent to a number for one purpose, whoever asked (for the resend wait). */
export async function findLatestSmsCodeSentTo(
  db: Executor,
  phoneE164: string,
  purpose: SmsCodePurpose,
): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phoneE164, phoneE164), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row;
}

/** Counts a wrong try; returns the attempts so far. */
export async function recordSmsCodeFailure(db: Executor, codeId: string): Promise<number> {
  const [row] = await db
    .update(smsCodes)
    .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
    .where(eq(smsCodes.id, codeId))
    .returning({ failedAttempts: smsCodes.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** Uses a code once (conditional, like tokens). */
export async function consumeSmsCode(
  db: Executor,
  codeId: string,
  now: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.id, codeId),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
        lt(smsCodes.failedAttempts, maxAttempts),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- cleanup

/** Used links and codes stay until they expire: the newest code also times the resend wait. */
export async function deleteExpiredAuthRecords(
  db: Executor,
  now: Date,
  sessionIdleCutoff: Date,
): Promise<{ tokens: number; codes: number; sessions: number }> {
  const tokens = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, now))
    .returning({ id: oneTimeTokens.id });
  const codes = await db.delete(smsCodes).where(lt(smsCodes.expiresAt, now)).returning({ id: smsCodes.id });
  const ended = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        sql`${sessions.revokedAt} is not null`,
        lt(sessions.lastSeenAt, sessionIdleCutoff),
      ),
    )
    .returning({ id: sessions.id });
  return { tokens: tokens.length, codes: codes.length, sessions: ended.length };
}
