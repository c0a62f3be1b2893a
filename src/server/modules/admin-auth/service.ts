import { hkdfSync } from 'node:crypto';
import type { AdminProfile } from '../../../shared/admin/auth-contracts';
import { type AdminRole, isAdminRole } from '../../../shared/admin/permissions';
import { isTwoFactorRequired } from '../../../shared/admin/two-factor-contracts';
import { passwordProblem } from '../../../shared/auth/password-policy';
import { AppError } from '../../../shared/errors/app-error';
import type { AppConfig } from '../../config';
import { recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { generateToken, hashToken, safeEqual, signValue } from '../../security/tokens';
import { parseRateLimit } from '../auth/auth-settings';
import {
  type AdminSessionWithUser,
  insertAdminSession,
  insertAdminUser,
  insertSignInChallenge,
  recordAdminLogin,
  revokeAdminSession,
  selectAdminByEmail,
  selectAdminSession,
  touchAdminSession,
} from './repository';

/** PRODUCT.md 24: an admin session ends after 30 idle minutes and at the latest 8 hours after sign-in. */
export const ADMIN_SESSION_IDLE_MS = 30 * 60 * 1000;
export const ADMIN_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy page does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * The investors' password limits (AUTH_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT, AUTH_LIMIT_PASSWORD_PER_IP,
 * decision 201) on counters of their own: wrong passwords per e-mail, attempts per network address.
 */
function adminLoginLimits(config: AppConfig): {
  failuresPerEmail: RateLimitRule;
  attemptsPerAddress: RateLimitRule;
} {
  return {
    failuresPerEmail: parseRateLimit(
      'admin-login:email',
      config.AUTH_LIMIT_PASSWORD_FAILURES_PER_ACCOUNT,
      config.RATE_LIMIT_MULTIPLIER,
    ),
    attemptsPerAddress: parseRateLimit(
      'admin-login:ip',
      config.AUTH_LIMIT_PASSWORD_PER_IP,
      config.RATE_LIMIT_MULTIPLIER,
    ),
  };
}

export interface AdminPrincipal {
  adminUserId: string;
  sessionId: string;
  role: AdminRole;
  firstName: string;
  lastName: string;
  email: string;
  /** The network address of the request the guard admitted (for the audit log); null outside a request. */
  ipAddress: string | null;
}

export interface AdminSignIn {
  sessionToken: string;
  csrfToken: string;
  admin: AdminProfile;
}

export type AdminSignInOutcome =
  | { kind: 'signed_in'; signIn: AdminSignIn }
  | { kind: 'second_factor'; step: 'verify' | 'enrol'; challenge: string }
  | { kind: 'refused' }
  | { kind: 'limited'; message: string };

/**
 * The CSRF token is derived from the session token with a purpose-bound key, so the server can
 * hand it to a reloaded page again (GET /api/admin/session) without storing it in clear.
 */
function csrfTokenFor(context: Pick<AppContext, 'config'>, sessionToken: string): string {
  const key = Buffer.from(
    hkdfSync('sha256', context.config.fieldEncryptionKey, Buffer.alloc(0), 'steadyline admin csrf v1', 32),
  );
  return signValue(key, sessionToken);
}

let decoyHash: Promise<string> | null = null;
/** Unknown e-mails still pay for one argon2 verification, so timing does not reveal which accounts exist. */
function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing-only');
  return decoyHash;
}

function toProfile(row: {
  adminUserId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: AdminRole;
}): AdminProfile {
  return {
    id: row.adminUserId,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
  };
}

export async function signInAdmin(
  context: AppContext,
  input: { email: string; password: string; ipAddress: string | null; userAgent: string | null },
): Promise<AdminSignInOutcome> {
  const now = context.clock.now();
  const email = input.email.trim().toLowerCase();
  const address = input.ipAddress ?? 'unknown';

  const limits = adminLoginLimits(context.config);
  const perAddress = await consumeRateLimit(context.db, limits.attemptsPerAddress, address, now);
  const perEmail = await peekRateLimit(context.db, limits.failuresPerEmail, email, now);
  if (!perAddress.allowed || !perEmail.allowed) {
    const wait = Math.max(
      perAddress.allowed ? 0 : perAddress.retryAfterSeconds,
      perEmail.allowed ? 0 : perEmail.retryAfterSeconds,
    );
    return { kind: 'limited', message: `Too many sign-in attempts. Try again in ${formatWait(wait)}.` };
  }

  const admin = await selectAdminByEmail(context.db, email);
  const isPasswordRight = await verifyPassword(
    admin?.passwordHash ?? (await decoyPasswordHash()),
    input.password,
  );
  if (!admin || !isPasswordRight || !admin.isActive || !isAdminRole(admin.role)) {
    await context.db.transaction(async (tx) => {
      await consumeRateLimit(tx, limits.failuresPerEmail, email, now);
      await recordAdminAudit(tx, {
        actor: { adminUserId: admin?.id ?? null, email },
        ip: input.ipAddress,
        action: 'admin.sign_in_failed',
        target: { type: 'admin_user', id: admin?.id ?? null },
        after: { reason: !admin ? 'unknown_email' : !isPasswordRight ? 'wrong_password' : 'deactivated' },
        at: now,
      });
    });
    return { kind: 'refused' };
  }

  const secondFactor = admin.totpEnabledAt ? 'verify' : isTwoFactorRequired(admin.role) ? 'enrol' : null;
  if (secondFactor) {
    const challenge = generateToken();
    await insertSignInChallenge(context.db, {
      adminUserId: admin.id,
      tokenHash: hashToken(challenge),
      kind: secondFactor,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_VALID_MS),
      ipAddress: input.ipAddress,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
    return { kind: 'second_factor', step: secondFactor, challenge };
  }
  const signIn = await context.db.transaction((tx) =>
    openAdminSession(context, tx, { ...admin, role: admin.role as AdminRole }, input, now, null),
  );
  return { kind: 'signed_in', signIn };
}

/** How long the step between a right password and the second factor (or its enrolment) may take. */
export const SIGN_IN_CHALLENGE_VALID_MS = 10 * 60 * 1000;

/**
 * Starts an admin session in the caller's transaction (after the password, and the second factor
 * when there is one) and writes the sign-in to the audit log with it.
 */
export async function openAdminSession(
  context: Pick<AppContext, 'config'>,
  tx: Executor,
  admin: { id: string; email: string; firstName: string; lastName: string; role: AdminRole },
  input: { ipAddress: string | null; userAgent: string | null },
  now: Date,
  secondFactor: 'totp' | 'recovery_code' | null,
): Promise<AdminSignIn> {
  const sessionToken = generateToken();
  const csrfToken = csrfTokenFor(context, sessionToken);
  await insertAdminSession(tx, {
    adminUserId: admin.id,
    tokenHash: hashToken(sessionToken),
    csrfTokenHash: hashToken(csrfToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ADMIN_SESSION_ABSOLUTE_MS),
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  await recordAdminLogin(tx, admin.id, now);
  await recordAdminAudit(tx, {
    actor: { adminUserId: admin.id, email: admin.email },
    ip: input.ipAddress,
    action: 'admin.sign_in',
    target: { type: 'admin_user', id: admin.id },
    after: { second_factor: secondFactor ?? 'none' },
    at: now,
  });
  return {
    sessionToken,
    csrfToken,
    admin: toProfile({
      adminUserId: admin.id,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      role: admin.role,
    }),
  };
}

const sessionRequired = () => new AppError('unauthenticated', { message: 'Admin sign-in required' });
const sessionExpired = () =>
  new AppError('unauthenticated', { message: 'Your admin session has expired. Sign in again.' });

function isExpired(session: AdminSessionWithUser, now: Date): boolean {
  return now >= session.expiresAt || now.getTime() - session.lastSeenAt.getTime() >= ADMIN_SESSION_IDLE_MS;
}

/**
 * Resolves the session cookie to a principal, or throws 401. When `csrfToken` is not undefined
 * it must match the session's token (403 otherwise); only the session bootstrap passes undefined.
 */
export async function resolveAdminSession(
  context: AppContext,
  sessionToken: string | undefined,
  csrfToken: string | null | undefined,
): Promise<{ principal: AdminPrincipal; csrfToken: string }> {
  if (!sessionToken) throw sessionRequired();
  const session = await selectAdminSession(context.db, hashToken(sessionToken));
  if (!session) throw sessionRequired();
  const now = context.clock.now();
  if (isExpired(session, now)) throw sessionExpired();
  if (!session.isActive || !isAdminRole(session.role)) throw sessionRequired();
  if (csrfToken !== undefined && (!csrfToken || !safeEqual(hashToken(csrfToken), session.csrfTokenHash))) {
    throw new AppError('admin_token_invalid', { message: 'Missing or invalid admin token' });
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchAdminSession(context.db, session.sessionId, now);
  }
  return {
    principal: {
      adminUserId: session.adminUserId,
      sessionId: session.sessionId,
      role: session.role,
      firstName: session.firstName,
      lastName: session.lastName,
      email: session.email,
      ipAddress: null,
    },
    csrfToken: csrfTokenFor(context, sessionToken),
  };
}

export function profileOf(principal: AdminPrincipal): AdminProfile {
  return toProfile(principal);
}

export async function signOutAdmin(context: AppContext, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await revokeAdminSession(context.db, hashToken(sessionToken), context.clock.now());
}

export interface NewAdminAccount {
  email: string;
  password: string;
  role: string;
  firstName: string;
  lastName: string;
}

/** Refuses a bad e-mail, an unknown role, missing names or a weak password, before any database work. */
export function validateNewAdminAccount(account: NewAdminAccount): NewAdminAccount & { role: AdminRole } {
  const email = account.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AppError('validation_failed', { message: 'Enter a valid email address' });
  if (!isAdminRole(account.role)) {
    throw new AppError('validation_failed', {
      message: 'Role must be one of super_admin, operations, support',
    });
  }
  const firstName = account.firstName.trim();
  const lastName = account.lastName.trim();
  if (!firstName || !lastName)
    throw new AppError('validation_failed', { message: 'First and last name are required' });
  const problem = passwordProblem(account.password);
  if (problem) throw new AppError('validation_failed', { message: problem });
  return { email, password: account.password, role: account.role, firstName, lastName };
}

/** Creates an admin account (the admin:create command); refuses a weak password, a bad role or a taken e-mail. */
export async function createAdminAccount(db: Executor, account: NewAdminAccount): Promise<AdminProfile> {
  const valid = validateNewAdminAccount(account);
  if (await selectAdminByEmail(db, valid.email)) {
    throw new AppError('conflict', { message: 'An admin with this email already exists' });
  }
  const row = await insertAdminUser(db, {
    email: valid.email,
    passwordHash: await hashPassword(valid.password),
    firstName: valid.firstName,
    lastName: valid.lastName,
    role: valid.role,
  });
  return toProfile({
    adminUserId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: valid.role,
  });
}
