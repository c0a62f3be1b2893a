/**
 * SMS codes: 6 digits, kept only as an HMAC (keyed, so a copy of the table does not reveal
 * live codes), valid for SMS_CODE_TTL_MINUTES, dead after SMS_CODE_MAX_ATTEMPTS wrong tries,
 * and limited per number and per client IP. The resend wait (SMS_RESEND_SECONDS) applies per
 * number and purpose, and only while the last code is unused: it stops a phone being flooded
 * with unread codes, not the next step of a journey (a phone code at sign-up, then the code
 * of the first password sign-in, then a step-up a minute later).
 */
import type { FastifyRequest } from 'fastify';
import { SMS_CODE_LENGTH } from '../../../shared/auth/sms-code';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { consumeRateLimit, enforceRateLimit, formatWait } from '../../security/rate-limiter';
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
import { authSettingsOf } from './session-guard';

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
export async function secondsUntilResend(
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

/** Whether the newest code for this number, purpose and user can still be entered. */
export async function hasUsableSmsCode(
  context: AppContext,
  input: { phoneE164: string; purpose: SmsCodePurpose; userId: string | null },
): Promise<boolean> {
  const latest = await findLatestSmsCode(context.db, input);
  return (
    Boolean(latest) &&
    !latest!.consumedAt &&
    latest!.failedAttempts < authSettingsOf(context).smsCodeMaxAttempts &&
    latest!.expiresAt.getTime() > context.clock.now().getTime()
  );
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
}

/** Sends a fresh code (replacing older ones); returns the resend wait in seconds. */
export async function sendSmsCode(
  context: AppContext,
  request: FastifyRequest,
  input: SendCodeInput,
): Promise<number> {
  const settings = authSettingsOf(context);
  const now = context.clock.now();
  await enforceRateLimit(context.db, settings.limits.smsPerIp, request.ip, now, authMessages.tooManyRequests);
  const wait = await secondsUntilResend(context, input.phoneE164, input.purpose);
  if (wait > 0) {
    throw new AppError('rate_limited', {
      message: `${authMessages.resendWait} Try again in ${formatWait(wait)}.`,
      retryAfterSeconds: wait,
    });
  }
  await enforceRateLimit(
    context.db,
    settings.limits.smsPerPhone,
    input.phoneE164,
    now,
    authMessages.tooManyRequests,
  );
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
  return settings.smsResendWaitSeconds;
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
  return (await consumeSmsCode(context.db, latest.id, now, settings.smsCodeMaxAttempts))
    ? 'approved'
    : 'invalid';
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
