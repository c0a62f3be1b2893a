/**
 * SMS codes: 6 digits, kept only as an HMAC (keyed, so a copy of the table does not reveal
 * live codes), valid for SMS_CODE_TTL_MINUTES, dead after SMS_CODE_MAX_ATTEMPTS wrong tries,
 * and limited per number and per client IP. The resend wait (SMS_RESEND_SECONDS) applies per
 * number and purpose, and only while the last code is unused: it stops a phone being flooded
 * with unread codes, not the next step of a journey (a phone code at sign-up, then the code
 * of the first password sign-in, then a step-up a minute later).
 *
 * The hourly limits per number are meant for abuse, so a person doing ordinary things never
 * meets them (decision 1822): sign-in has a budget of its own that step-ups never use, a code
 * still valid is shown again instead of sending another, and a code that is entered is given
 * back to its budget (it reached the person holding the phone).
 */
import type { FastifyRequest } from 'fastify';
import { SMS_CODE_LENGTH } from '../../../shared/auth/sms-code';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { consumeRateLimit, type RateLimitRule, refundRateLimit } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { generateNumericCode, safeEqual, signValue } from '../../security/tokens';
import { authMessages } from './messages';
import {
  consumeSmsCode,
  findLatestSmsCode,
  findLatestSmsCodeSentTo,
  insertSmsCode,
  recordSmsCodeFailure,
  type SmsCodePurpose,
} from './repository';
import type { AuthSettings } from './auth-settings';
import { authSettingsOf } from './session-guard';

/** A code with less left than this is not offered again: the person would have no time to type it. */
const REUSE_MIN_REMAINING_MS = 60_000;

/** Sign-in codes draw on their own hourly budget; everything a signed-in investor confirms on another. */
function budgetOf(settings: AuthSettings, purpose: SmsCodePurpose): { rule: RateLimitRule; message: string } {
  return purpose === 'sign_in' || purpose === 'second_factor'
    ? { rule: settings.limits.signInSmsPerPhone, message: authMessages.signInCodeBudgetUsed }
    : { rule: settings.limits.smsPerPhone, message: authMessages.codeBudgetUsed };
}

function codeRefusal(message: string, retryAfterSeconds: number): AppError {
  // The wait travels as retry_after_seconds: screens count it down in minutes and seconds.
  return new AppError('rate_limited', { message, retryAfterSeconds });
}

function codeDigest(
  context: AppContext,
  input: { phoneE164: string; purpose: SmsCodePurpose; code: string },
): string {
  return signValue(
    context.config.fieldEncryptionKey,
    `sms-code:${input.purpose}:${input.phoneE164}:${input.code}`,
  );
}

/** Seconds until another code for this purpose may go to this number (0 when it may go now). */
async function secondsUntilResend(
  context: AppContext,
  phoneE164: string,
  purpose: SmsCodePurpose,
): Promise<number> {
  const { smsResendWaitSeconds } = authSettingsOf(context);
  const latest = await findLatestSmsCodeSentTo(context.db, phoneE164, purpose);
  if (!latest || latest.consumedAt) return 0;
  const elapsedMs = context.clock.now().getTime() - latest.createdAt.getTime();
  return Math.max(0, Math.ceil((smsResendWaitSeconds * 1000 - elapsedMs) / 1000));
}

export interface SendCodeInput {
  phoneE164: string;
  purpose: SmsCodePurpose;
  userId: string | null;
  /**
   * False records the request exactly like a real one but sends nothing: used when a phone
   * number is not registered, so the answers and the timing do not tell who is.
   */
  deliver: boolean;
  /**
   * True for a request the screen makes by itself (a sign-in, a step-up dialog opening): a code
   * of this purpose still valid is offered again instead of sending another. "Resend code"
   * passes false: the person says the code did not arrive.
   */
  reuseValidCode: boolean;
}

export interface CodeDelivery {
  /** `sent`: a new code went out now; `reused`: the code sent at `sentAt` is still valid, nothing was sent. */
  outcome: 'sent' | 'reused';
  sentAt: Date;
  /** Seconds before another code may be requested (the resend countdown). */
  retryAfterSeconds: number;
}

/** The newest code for this number, purpose and user when it can still be entered for a while. */
async function validCode(context: AppContext, input: SendCodeInput) {
  const latest = await findLatestSmsCode(context.db, input);
  if (!latest || latest.consumedAt) return null;
  if (latest.failedAttempts >= authSettingsOf(context).smsCodeMaxAttempts) return null;
  return latest.expiresAt.getTime() - context.clock.now().getTime() >= REUSE_MIN_REMAINING_MS ? latest : null;
}

/**
 * Sends a fresh code (replacing older ones), or offers the one still valid again. A refusal
 * (the resend wait, an hourly limit, the provider) throws with the reason and the wait.
 */
export async function sendSmsCode(
  context: AppContext,
  request: FastifyRequest,
  input: SendCodeInput,
): Promise<CodeDelivery> {
  const settings = authSettingsOf(context);
  if (input.reuseValidCode) {
    const valid = await validCode(context, input);
    if (valid) {
      return {
        outcome: 'reused',
        sentAt: valid.createdAt,
        retryAfterSeconds: await secondsUntilResend(context, input.phoneE164, input.purpose),
      };
    }
  }
  const now = context.clock.now();
  const perIp = await consumeRateLimit(context.db, settings.limits.smsPerIp, request.ip, now);
  if (!perIp.allowed) throw codeRefusal(authMessages.tooManyRequests, perIp.retryAfterSeconds);
  const wait = await secondsUntilResend(context, input.phoneE164, input.purpose);
  if (wait > 0) throw codeRefusal(authMessages.resendWait, wait);
  const budget = budgetOf(settings, input.purpose);
  const perPhone = await consumeRateLimit(context.db, budget.rule, input.phoneE164, now);
  if (!perPhone.allowed) throw codeRefusal(budget.message, perPhone.retryAfterSeconds);
  const code = generateNumericCode(SMS_CODE_LENGTH);
  await insertSmsCode(context.db, {
    userId: input.userId,
    phoneE164: input.phoneE164,
    purpose: input.purpose,
    codeHash: codeDigest(context, { ...input, code }),
    now,
    expiresAt: new Date(now.getTime() + settings.smsCodeTtlSeconds * 1000),
  });
  if (input.deliver) {
    const minutes = Math.round(settings.smsCodeTtlSeconds / 60);
    const sent = await context.messages.sendSms({
      to: input.phoneE164,
      text: `${code} is your ${context.config.BRAND_NAME} verification code. It expires in ${minutes} minutes. Never share it: we will never ask you for it.`,
    });
    if (sent.status === 'failed') {
      context.log.warn({ outboxMessageId: sent.outboxMessageId }, 'SMS code was refused by the provider');
      throw new AppError('unavailable', { status: 502, message: authMessages.failedToSendCode });
    }
  }
  return { outcome: 'sent', sentAt: now, retryAfterSeconds: settings.smsResendWaitSeconds };
}

export type CodeCheckOutcome = 'approved' | 'invalid' | 'expired' | 'exhausted';

/** Checks a code against the newest one for this number and purpose, counting wrong tries. */
export async function checkSmsCode(
  context: AppContext,
  request: FastifyRequest,
  input: { phoneE164: string; purpose: SmsCodePurpose; userId: string | null; code: string },
): Promise<CodeCheckOutcome> {
  const settings = authSettingsOf(context);
  const now = context.clock.now();
  const perIp = await consumeRateLimit(context.db, settings.limits.codeChecksPerIp, request.ip, now);
  if (!perIp.allowed) {
    throw new AppError('rate_limited', {
      message: `${authMessages.tooManyRequests} Try again in ${formatWait(perIp.retryAfterSeconds)}.`,
      retryAfterSeconds: perIp.retryAfterSeconds,
    });
  }
  const latest = await findLatestSmsCode(context.db, input);
  if (!latest || latest.consumedAt) return 'invalid';
  if (latest.failedAttempts >= settings.smsCodeMaxAttempts) return 'exhausted';
  if (latest.expiresAt.getTime() <= now.getTime()) return 'expired';
  const expected = codeDigest(context, {
    phoneE164: input.phoneE164,
    purpose: input.purpose,
    code: input.code,
  });
  if (!safeEqual(expected, latest.codeHash)) {
    const attempts = await recordSmsCodeFailure(context.db, latest.id);
    return attempts >= settings.smsCodeMaxAttempts ? 'exhausted' : 'invalid';
  }
  if (!(await consumeSmsCode(context.db, latest.id, now, settings.smsCodeMaxAttempts))) return 'invalid';
  await refundRateLimit(context.db, budgetOf(settings, input.purpose).rule, input.phoneE164, now);
  return 'approved';
}

export function codeOutcomeMessage(outcome: Exclude<CodeCheckOutcome, 'approved'>): string {
  if (outcome === 'expired') return authMessages.codeExpired;
  if (outcome === 'exhausted') return authMessages.codeAttemptsExhausted;
  return authMessages.invalidCode;
}

/** Throws the user-facing error of a failed check. */
export function assertApproved(outcome: CodeCheckOutcome): void {
  if (outcome !== 'approved') throw new AppError('bad_request', { message: codeOutcomeMessage(outcome) });
}
