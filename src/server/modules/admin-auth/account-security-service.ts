/**
 * "Your security" (decision 1630): a signed-in admin's own two-factor. Support (for whom it is
 * optional) turns TOTP on and off; every admin with TOTP replaces the recovery codes; anyone
 * signs out of their other sessions. The enrolment, code checks and wrong-code limit are the
 * sign-in's own (two-factor.ts, second-factor-service.ts); each change is audited in its
 * transaction.
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import {
  type EnrolmentStart,
  isTwoFactorRequired,
  type RecoveryCodes,
  type TwoFactorStatus,
  twoFactorMessages,
} from '../../../shared/admin/two-factor-contracts';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { adminSessions } from '../../db/schema';
import { consumeRateLimit } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { auditBy, recordAdminAudit } from '../admin-audit/record-admin-audit';
import type { AdminPrincipal } from './admin-guard';
import {
  type AdminUserRow,
  countUnusedRecoveryCodes,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  revokeOtherAdminSessions,
  saveTotpStep,
  selectAdminById,
  selectAdminByIdForUpdate,
  spendRecoveryCode,
} from './repository';
import { assertNotLimited, wrongCodesPerAdmin } from './second-factor-service';
import { ADMIN_SESSION_IDLE_MS } from './service';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  newRecoveryCodes,
  openEnrolment,
  openTotpSecret,
  sealTotpSecret,
  startEnrolment,
} from './two-factor';

async function adminRow(db: Executor, principal: AdminPrincipal, lock = false): Promise<AdminUserRow> {
  const row = lock
    ? await selectAdminByIdForUpdate(db, principal.adminUserId)
    : await selectAdminById(db, principal.adminUserId);
  if (!row?.isActive) throw new AppError('unauthenticated', { message: 'Admin sign-in required' });
  return row;
}

async function liveOtherSessions(context: AppContext, principal: AdminPrincipal): Promise<number> {
  const now = context.clock.now();
  const [row] = await context.db
    .select({ value: count() })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.adminUserId, principal.adminUserId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - ADMIN_SESSION_IDLE_MS)),
      ),
    );
  return Math.max(0, Number(row?.value ?? 0) - 1);
}

export async function twoFactorStatus(
  context: AppContext,
  principal: AdminPrincipal,
): Promise<TwoFactorStatus> {
  const row = await adminRow(context.db, principal);
  const enabled = row.totpSecret !== null && row.totpEnabledAt !== null;
  return {
    enabled,
    required: isTwoFactorRequired(principal.role),
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(context.db, row.id) : 0,
    enabled_at: enabled ? (row.totpEnabledAt?.toISOString() ?? null) : null,
    other_sessions: await liveOtherSessions(context, principal),
  };
}

/**
 * Counts a wrong code against the admin's wrong-code limit (the sign-in's), audits it, and
 * answers what to tell the person. Its own transaction, so the count survives the refusal.
 * The answer is a 400, not a 401: the session is fine, only the code was wrong.
 */
async function refuseAccountCode(
  context: AppContext,
  principal: AdminPrincipal,
  purpose: string,
): Promise<AppError> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const limit = await consumeRateLimit(tx, wrongCodesPerAdmin, principal.adminUserId, now);
    await recordAdminAudit(tx, {
      ...auditBy(principal),
      action: 'admin.security_code_failed',
      target: { type: 'admin_user', id: principal.adminUserId },
      after: { reason: 'wrong_code', purpose },
      at: now,
    });
    if (!limit.allowed) {
      return new AppError('rate_limited', {
        message: `${twoFactorMessages.tooManyCodes} Try again in ${formatWait(limit.retryAfterSeconds)}.`,
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
    return new AppError('bad_request', { message: twoFactorMessages.wrongCode });
  });
}

/** A current authenticator code (spent, so it is good once) or, where allowed, an unused recovery code. */
async function spendCurrentCode(
  context: AppContext,
  tx: Executor,
  row: AdminUserRow,
  code: string,
  allowRecoveryCode: boolean,
): Promise<boolean> {
  if (!row.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = acceptedTotpStep(
      context.config,
      openTotpSecret(context.config, row.totpSecret),
      code,
      context.clock.now(),
      row.totpLastStep,
    );
    if (step === null) return false;
    await saveTotpStep(tx, row.id, step);
    return true;
  }
  return allowRecoveryCode && spendRecoveryCode(tx, row.id, hashRecoveryCode(code), context.clock.now());
}

/** The QR code and secret for support turning two-factor on (anyone without it may). */
export async function startAccountEnrolment(
  context: AppContext,
  principal: AdminPrincipal,
): Promise<EnrolmentStart> {
  const row = await adminRow(context.db, principal);
  if (row.totpEnabledAt) throw new AppError('conflict', { message: twoFactorMessages.alreadyOn });
  return startEnrolment(context.config, { adminUserId: row.id, email: row.email }, context.clock.now());
}

/** The first code proves the app has the secret: two-factor is on and ten recovery codes are shown once. */
export async function confirmAccountEnrolment(
  context: AppContext,
  principal: AdminPrincipal,
  input: { enrolment: string; code: string },
): Promise<RecoveryCodes> {
  await assertNotLimited(context, principal.adminUserId);
  const now = context.clock.now();
  const result = await context.db.transaction(async (tx) => {
    const row = await adminRow(tx, principal, true);
    if (row.totpEnabledAt) throw new AppError('conflict', { message: twoFactorMessages.alreadyOn });
    const secret = openEnrolment(context.config, input.enrolment, row.id, now);
    if (!secret) throw new AppError('bad_request', { message: twoFactorMessages.enrolmentEnded });
    const step = acceptedTotpStep(context.config, secret, input.code, now, null);
    if (step === null) return null;
    const recovery = newRecoveryCodes();
    await enableTotp(tx, row.id, {
      sealedSecret: sealTotpSecret(context.config, secret),
      step,
      recoveryCodeHashes: recovery.hashes,
      at: now,
    });
    await recordAdminAudit(tx, {
      ...auditBy(principal),
      action: 'admin.two_factor_enrol',
      target: { type: 'admin_user', id: row.id },
      before: { two_factor: false },
      after: { two_factor: true, codes_issued: recovery.codes.length },
      at: now,
    });
    return { recovery_codes: recovery.codes };
  });
  if (!result) throw await refuseAccountCode(context, principal, 'enrol');
  return result;
}

/** Support turns two-factor off with a current code (or a recovery code); super_admin and operations must keep it. */
export async function disableAccountTwoFactor(
  context: AppContext,
  principal: AdminPrincipal,
  code: string,
): Promise<void> {
  if (isTwoFactorRequired(principal.role))
    throw new AppError('conflict', { message: twoFactorMessages.requiredForRole });
  await assertNotLimited(context, principal.adminUserId);
  const now = context.clock.now();
  const done = await context.db.transaction(async (tx) => {
    const row = await adminRow(tx, principal, true);
    if (!row.totpEnabledAt) throw new AppError('conflict', { message: twoFactorMessages.notOn });
    if (!(await spendCurrentCode(context, tx, row, code, true))) return false;
    await disableTotp(tx, row.id, now);
    await recordAdminAudit(tx, {
      ...auditBy(principal),
      action: 'admin.two_factor_disable',
      target: { type: 'admin_user', id: row.id },
      before: { two_factor: true },
      after: { two_factor: false },
      at: now,
    });
    return true;
  });
  if (!done) throw await refuseAccountCode(context, principal, 'disable');
}

/** Ten new recovery codes after a current code from the app; every earlier code stops working. */
export async function regenerateAccountRecoveryCodes(
  context: AppContext,
  principal: AdminPrincipal,
  code: string,
): Promise<RecoveryCodes> {
  await assertNotLimited(context, principal.adminUserId);
  const now = context.clock.now();
  const result = await context.db.transaction(async (tx) => {
    const row = await adminRow(tx, principal, true);
    if (!row.totpEnabledAt) throw new AppError('conflict', { message: twoFactorMessages.notOn });
    if (!(await spendCurrentCode(context, tx, row, code, false))) return null;
    const left = await countUnusedRecoveryCodes(tx, row.id);
    const recovery = newRecoveryCodes();
    await replaceRecoveryCodes(tx, row.id, recovery.hashes, now);
    await recordAdminAudit(tx, {
      ...auditBy(principal),
      action: 'admin.recovery_codes_regenerate',
      target: { type: 'admin_user', id: row.id },
      before: { codes_unused: left },
      after: { codes_issued: recovery.codes.length },
      at: now,
    });
    return { recovery_codes: recovery.codes };
  });
  if (!result) throw await refuseAccountCode(context, principal, 'recovery_codes');
  return result;
}

/** Ends every other live session of the signed-in admin (a lost laptop, a shared computer). */
export async function signOutOtherSessions(context: AppContext, principal: AdminPrincipal): Promise<number> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const ended = await revokeOtherAdminSessions(tx, principal.adminUserId, principal.sessionId, now);
    await recordAdminAudit(tx, {
      ...auditBy(principal),
      action: 'admin.sessions_revoke_others',
      target: { type: 'admin_user', id: principal.adminUserId },
      after: { sessions_ended: ended },
      at: now,
    });
    return ended;
  });
}
