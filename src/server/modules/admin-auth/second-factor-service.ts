/**
 * The second step of a staff sign-in (decision 1601): a TOTP code or a recovery code against the
 * challenge a right password produced, or, for a role that requires two-factor and has none
 * yet, enrolment (QR code, first code, ten recovery codes) before the first session.
 */
import { type EnrolmentStart, twoFactorMessages } from '../../../shared/admin/two-factor-contracts';
import { type AdminRole, isAdminRole } from '../../../shared/admin/permissions';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { consumeRateLimit, peekRateLimit, type RateLimitRule } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { hashToken } from '../../security/tokens';
import { recordAdminAudit } from '../admin-audit/record-admin-audit';
import {
  type AdminUserRow,
  countChallengeFailure,
  enableTotp,
  type SignInChallengeRow,
  saveTotpStep,
  selectAdminById,
  selectOpenChallengeForUpdate,
  markChallengeUsed,
  spendRecoveryCode,
} from './repository';
import { type AdminSignIn, openAdminSession } from './service';
import {
  acceptedTotpStep,
  hashRecoveryCode,
  newRecoveryCodes,
  openEnrolment,
  openTotpSecret,
  sealTotpSecret,
  startEnrolment,
} from './two-factor';

/** Wrong codes on one challenge before it ends (back to the password). */
export const CHALLENGE_ATTEMPTS = 5;
/** Wrong codes per admin across challenges: an attacker with the password cannot keep guessing. */
export const wrongCodesPerAdmin: RateLimitRule = {
  name: 'admin-totp:admin',
  limit: 10,
  windowSeconds: 15 * 60,
};

interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

const challengeEnded = () => new AppError('unauthenticated', { message: twoFactorMessages.challengeEnded });
const wrongCode = () => new AppError('unauthenticated', { message: twoFactorMessages.wrongCode });

interface OpenChallenge {
  challenge: SignInChallengeRow;
  admin: AdminUserRow & { role: AdminRole };
}

async function openChallenge(
  context: AppContext,
  tx: Executor,
  token: string,
  kind: 'verify' | 'enrol',
): Promise<OpenChallenge> {
  const challenge = await selectOpenChallengeForUpdate(tx, hashToken(token));
  const now = context.clock.now();
  if (!challenge || challenge.kind !== kind || challenge.expiresAt <= now) throw challengeEnded();
  const admin = await selectAdminById(tx, challenge.adminUserId);
  if (!admin?.isActive || !isAdminRole(admin.role)) throw challengeEnded();
  return { challenge, admin: { ...admin, role: admin.role } };
}

/**
 * Counts a wrong code on the challenge and the admin, audits it, and says what to tell the
 * person. Runs in its own transaction so the count survives the refusal.
 */
async function refuseCode(context: AppContext, token: string, origin: RequestOrigin): Promise<AppError> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const challenge = await selectOpenChallengeForUpdate(tx, hashToken(token));
    if (!challenge) return challengeEnded();
    const isLast = challenge.failedAttempts + 1 >= CHALLENGE_ATTEMPTS;
    await countChallengeFailure(tx, challenge.id, isLast, now);
    const perAdmin = await consumeRateLimit(tx, wrongCodesPerAdmin, challenge.adminUserId, now);
    const admin = await selectAdminById(tx, challenge.adminUserId);
    await recordAdminAudit(tx, {
      actor: { adminUserId: challenge.adminUserId, email: admin?.email ?? null },
      ip: origin.ipAddress,
      action: 'admin.sign_in_failed',
      target: { type: 'admin_user', id: challenge.adminUserId },
      after: { reason: challenge.kind === 'enrol' ? 'wrong_enrolment_code' : 'wrong_code' },
      at: now,
    });
    if (!perAdmin.allowed) {
      await countChallengeFailure(tx, challenge.id, true, now);
      return new AppError('rate_limited', {
        message: `${twoFactorMessages.tooManyCodes} Try again in ${formatWait(perAdmin.retryAfterSeconds)}.`,
        retryAfterSeconds: perAdmin.retryAfterSeconds,
      });
    }
    return isLast ? challengeEnded() : wrongCode();
  });
}

/** An admin at the wrong-code limit is refused before the code is even checked. */
export async function assertNotLimited(context: AppContext, adminUserId: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await peekRateLimit(
    context.db,
    wrongCodesPerAdmin,
    adminUserId,
    context.clock.now(),
  );
  if (!allowed) {
    throw new AppError('rate_limited', {
      message: `${twoFactorMessages.tooManyCodes} Try again in ${formatWait(retryAfterSeconds)}.`,
      retryAfterSeconds,
    });
  }
}

/** Signs in with the code from the authenticator app or an unused recovery code. */
export async function completeSecondFactor(
  context: AppContext,
  input: RequestOrigin & { challenge: string; code: string },
): Promise<AdminSignIn> {
  const peek = await context.db.transaction((tx) => openChallenge(context, tx, input.challenge, 'verify'));
  await assertNotLimited(context, peek.admin.id);
  const now = context.clock.now();
  const signIn = await context.db.transaction(async (tx) => {
    const { challenge, admin } = await openChallenge(context, tx, input.challenge, 'verify');
    if (!admin.totpSecret) return null;
    let method: 'totp' | 'recovery_code';
    if (/^\d{6}$/.test(input.code)) {
      const step = acceptedTotpStep(
        context.config,
        openTotpSecret(context.config, admin.totpSecret),
        input.code,
        now,
        admin.totpLastStep,
      );
      if (step === null) return null;
      await saveTotpStep(tx, admin.id, step);
      method = 'totp';
    } else {
      if (!(await spendRecoveryCode(tx, admin.id, hashRecoveryCode(input.code), now))) return null;
      method = 'recovery_code';
    }
    await markChallengeUsed(tx, challenge.id, now);
    return openAdminSession(context, tx, admin, input, now, method);
  });
  if (!signIn) throw await refuseCode(context, input.challenge, input);
  return signIn;
}

/** The enrolment screen of a sign-in that must set two-factor up first. */
export async function startSignInEnrolment(context: AppContext, token: string): Promise<EnrolmentStart> {
  const { admin } = await context.db.transaction((tx) => openChallenge(context, tx, token, 'enrol'));
  return startEnrolment(context.config, { adminUserId: admin.id, email: admin.email }, context.clock.now());
}

/** The first code proves the app has the secret: two-factor is on, the codes are shown once, and the session starts. */
export async function confirmSignInEnrolment(
  context: AppContext,
  input: RequestOrigin & { challenge: string; enrolment: string; code: string },
): Promise<{ signIn: AdminSignIn; recoveryCodes: string[] }> {
  const now = context.clock.now();
  const peek = await context.db.transaction((tx) => openChallenge(context, tx, input.challenge, 'enrol'));
  await assertNotLimited(context, peek.admin.id);
  const result = await context.db.transaction(async (tx) => {
    const { challenge, admin } = await openChallenge(context, tx, input.challenge, 'enrol');
    const secret = openEnrolment(context.config, input.enrolment, admin.id, now);
    if (!secret) throw new AppError('bad_request', { message: twoFactorMessages.enrolmentEnded });
    const step = acceptedTotpStep(context.config, secret, input.code, now, null);
    if (step === null) return null;
    const recovery = newRecoveryCodes();
    await enableTotp(tx, admin.id, {
      sealedSecret: sealTotpSecret(context.config, secret),
      step,
      recoveryCodeHashes: recovery.hashes,
      at: now,
    });
    await recordAdminAudit(tx, {
      actor: { adminUserId: admin.id, email: admin.email },
      ip: input.ipAddress,
      action: 'admin.two_factor_enrol',
      target: { type: 'admin_user', id: admin.id },
      before: { two_factor: Boolean(admin.totpEnabledAt) },
      after: { two_factor: true },
      at: now,
    });
    await markChallengeUsed(tx, challenge.id, now);
    const signIn = await openAdminSession(context, tx, admin, input, now, 'totp');
    return { signIn, recoveryCodes: recovery.codes };
  });
  if (!result) throw await refuseCode(context, input.challenge, input);
  return result;
}
