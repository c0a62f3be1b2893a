/**
 * Password sign-in (followed by an SMS code, PRODUCT.md 7) and setting a password: the
 * onboarding step, or a new one after "Forgot password?" which needs a fresh SMS code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AccountState, nextScreen } from '../../../shared/auth/next-screen';
import { passwordWithConfirmationSchema } from '../../../shared/auth/password-policy';
import { maskPhone } from '../../../shared/auth/phone';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { consumeRateLimit, peekRateLimit } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { authMessages, signInRefusal } from './messages';
import { loadAccountState } from './onboarding-service';
import {
  findInvestorByUserId,
  findUserById,
  findUserByEmail,
  markPasswordStepDone,
  revokeUserSessions,
  setUserPassword,
} from './repository';
import { authSettingsOf, getInvestorSession, requireStepUp } from './session-guard';
import { startSession } from './session-service';
import { type CodeDelivery, sendSmsCode } from './sms-code-service';

let timingDummyHash: Promise<string> | undefined;

/** Unknown accounts still pay for one argon2 verification, so response times do not tell who is registered. */
function dummyHash(): Promise<string> {
  timingDummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return timingDummyHash;
}

function lockedOut(retryAfterSeconds: number): AppError {
  return new AppError('rate_limited', {
    message: `${authMessages.tooManyPasswordAttempts} Try again in ${formatWait(retryAfterSeconds)}.`,
    retryAfterSeconds,
  });
}

/** The code that follows a correct password, as the code screen needs to describe it. */
export type SecondFactorCode =
  | { codeSent: true; delivery: CodeDelivery }
  | { codeSent: false; reason: string; retryAfterSeconds: number };

export type PasswordLoginResult =
  | ({ needs2fa: true; phoneMask: string } & SecondFactorCode)
  | { needs2fa: false; phoneMask: null };

/**
 * The code that follows a correct password: the one sent moments ago if it is still valid, else
 * a fresh one; or none, with the reason and the seconds until one can be requested (the screen
 * never claims a code that was not sent).
 */
async function secondFactorCode(
  context: AppContext,
  request: FastifyRequest,
  user: { id: string; phoneE164: string },
): Promise<SecondFactorCode> {
  try {
    const delivery = await sendSmsCode(context, request, {
      phoneE164: user.phoneE164,
      purpose: 'second_factor',
      userId: user.id,
      deliver: true,
      reuseValidCode: true,
    });
    return { codeSent: true, delivery };
  } catch (error) {
    // A limit or a provider failure: the password was right, so the session still starts.
    if (!(error instanceof AppError) || (error.code !== 'rate_limited' && error.code !== 'unavailable'))
      throw error;
    return { codeSent: false, reason: error.message, retryAfterSeconds: error.retryAfterSeconds ?? 0 };
  }
}

export async function loginWithPassword(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { email: string; password: string },
): Promise<PasswordLoginResult> {
  const settings = authSettingsOf(context);
  const { limits } = settings;
  const now = context.clock.now();
  const accountKey = input.email.trim().toLowerCase();
  const perIp = await consumeRateLimit(context.db, limits.passwordPerIp, request.ip, now);
  if (!perIp.allowed) throw lockedOut(perIp.retryAfterSeconds);
  const perAccount = await peekRateLimit(context.db, limits.passwordFailuresPerAccount, accountKey, now);
  if (!perAccount.allowed) throw lockedOut(perAccount.retryAfterSeconds);

  const user = accountKey ? await findUserByEmail(context.db, accountKey) : undefined;
  const isCorrect = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash(), input.password)) && false;
  if (!user || !isCorrect) {
    await consumeRateLimit(context.db, limits.passwordFailuresPerAccount, accountKey, now);
    throw new AppError('unauthenticated', { message: authMessages.invalidCredentials });
  }
  const investor = await findInvestorByUserId(context.db, user.id);
  if (!investor) throw new AppError('forbidden', { message: authMessages.suspended });
  const refusal = signInRefusal(investor.status);
  if (refusal) throw new AppError('forbidden', { message: refusal });
  if (!user.phoneE164 || !user.phoneVerifiedAt) {
    await startSession(context, settings, request, reply, { userId: user.id, kind: 'full' });
    return { needs2fa: false, phoneMask: null };
  }
  await startSession(context, settings, request, reply, { userId: user.id, kind: 'second_factor' });
  const code = await secondFactorCode(context, request, { id: user.id, phoneE164: user.phoneE164 });
  return { needs2fa: true, phoneMask: maskPhone(user.phoneE164), ...code };
}

function validatePassword(input: { password: string; confirmPassword: string }): string {
  const parsed = passwordWithConfirmationSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('validation_failed', {
      message: parsed.error.issues[0]?.message ?? authMessages.failedToSetPassword,
    });
  }
  return parsed.data.password;
}

/**
 * Sets the investor's password. The first one completes onboarding (the investor becomes
 * active); replacing one needs a fresh SMS code and ends the investor's other sessions.
 */
export async function setPassword(
  context: AppContext,
  request: FastifyRequest,
  input: { password: string; confirmPassword: string },
): Promise<{ nextScreen: string }> {
  const session = await getInvestorSession(context, request, { allowOnboarding: true });
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new AppError('unauthenticated', { message: authMessages.notSignedIn });
  if (!user.phoneVerifiedAt) throw new AppError('forbidden', { message: authMessages.noVerifiedPhone });
  const isReplacing = Boolean(user.passwordHash);
  const password = validatePassword(input);
  if (isReplacing) await requireStepUp(context, request);
  const passwordHash = await hashPassword(password);
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    await setUserPassword(tx, user.id, passwordHash, now);
    await markPasswordStepDone(tx, session.investorId, now);
    if (isReplacing) await revokeUserSessions(tx, user.id, now, session.sessionId);
  });
  const investor = await findInvestorByUserId(context.db, user.id);
  const updatedUser = await findUserById(context.db, user.id);
  const state: AccountState = await loadAccountState(context.db, updatedUser!, investor!);
  return { nextScreen: nextScreen(state, { passwordJustSet: !isReplacing }) };
}
