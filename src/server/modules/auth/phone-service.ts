/**
 * auth-phone-start / auth-phone-check. What a code is for follows from the caller's session:
 * - a second-factor session (correct password given): the SMS step of password sign-in;
 * - a full session whose phone is not verified yet: the onboarding phone step;
 * - otherwise: passwordless sign-in by SMS code to a registered, verified number.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isValidPhone, normalizePhone } from '../../../shared/auth/phone';
import { isCompleteSmsCode, sanitizeSmsCode } from '../../../shared/auth/sms-code';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { authMessages } from './messages';
import {
  findInvestorByUserId,
  findUserByVerifiedPhone,
  isPhoneVerifiedByAnotherUser,
  markPhoneStepDone,
  setUserPhoneVerified,
} from './repository';
import { authSettingsOf } from './session-guard';
import { readSession, startSession } from './session-service';
import { assertApproved, type CodeDelivery, checkSmsCode, sendSmsCode } from './sms-code-service';

export function parsePhone(value: string | undefined): string {
  if (!value || !isValidPhone(value))
    throw new AppError('validation_failed', { message: authMessages.invalidPhone });
  return normalizePhone(value);
}

export function parseCode(value: string): string {
  const code = sanitizeSmsCode(value);
  if (!isCompleteSmsCode(code))
    throw new AppError('validation_failed', { message: authMessages.invalidCode });
  return code;
}

type PhoneFlow =
  | { kind: 'second_factor'; userId: string; phoneE164: string }
  | { kind: 'verify_phone'; userId: string; investorId: string }
  | { kind: 'sign_in' };

async function phoneFlowOf(context: AppContext, request: FastifyRequest): Promise<PhoneFlow> {
  const current = await readSession(context, authSettingsOf(context), request);
  if (current?.session.kind === 'second_factor' && current.user.phoneE164) {
    return { kind: 'second_factor', userId: current.user.id, phoneE164: current.user.phoneE164 };
  }
  if (current?.session.kind === 'full' && current.investor && !current.user.phoneVerifiedAt) {
    return { kind: 'verify_phone', userId: current.user.id, investorId: current.investor.id };
  }
  return { kind: 'sign_in' };
}

async function signInUserForPhone(context: AppContext, phoneE164: string) {
  const user = await findUserByVerifiedPhone(context.db, phoneE164);
  if (!user?.passwordHash) return null;
  const investor = await findInvestorByUserId(context.db, user.id);
  return investor?.status === 'active' ? user : null;
}

/**
 * Sends a code, or offers again the one still valid; `resend` ("Resend code": the person says it
 * did not arrive) always sends a new one.
 */
export async function startPhoneCode(
  context: AppContext,
  request: FastifyRequest,
  input: { phone?: string; resend?: boolean },
): Promise<CodeDelivery> {
  const flow = await phoneFlowOf(context, request);
  const reuseValidCode = !input.resend;
  if (flow.kind === 'second_factor') {
    return sendSmsCode(context, request, {
      phoneE164: flow.phoneE164,
      purpose: 'second_factor',
      userId: flow.userId,
      deliver: true,
      reuseValidCode,
    });
  }
  const phoneE164 = parsePhone(input.phone);
  if (flow.kind === 'verify_phone') {
    return sendSmsCode(context, request, {
      phoneE164,
      purpose: 'verify_phone',
      userId: flow.userId,
      deliver: true,
      reuseValidCode,
    });
  }
  const user = await signInUserForPhone(context, phoneE164);
  return sendSmsCode(context, request, {
    phoneE164,
    purpose: 'sign_in',
    userId: null,
    deliver: Boolean(user),
    reuseValidCode,
  });
}

/** Checks a code; on success verifies the phone or starts the full session. */
export async function checkPhoneCode(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { phone?: string; code: string },
): Promise<void> {
  const settings = authSettingsOf(context);
  const flow = await phoneFlowOf(context, request);
  const code = parseCode(input.code);
  if (flow.kind === 'second_factor') {
    assertApproved(
      await checkSmsCode(context, request, {
        phoneE164: flow.phoneE164,
        purpose: 'second_factor',
        userId: flow.userId,
        code,
      }),
    );
    await startSession(context, settings, request, reply, { userId: flow.userId, kind: 'full' });
    return;
  }
  const phoneE164 = parsePhone(input.phone);
  if (flow.kind === 'verify_phone') {
    assertApproved(
      await checkSmsCode(context, request, { phoneE164, purpose: 'verify_phone', userId: flow.userId, code }),
    );
    const now = context.clock.now();
    await context.db.transaction(async (tx) => {
      if (await isPhoneVerifiedByAnotherUser(tx, phoneE164, flow.userId)) {
        throw new AppError('conflict', { message: authMessages.phoneInUse });
      }
      await setUserPhoneVerified(tx, flow.userId, phoneE164, now);
      await markPhoneStepDone(tx, flow.investorId, phoneE164, now);
    });
    return;
  }
  assertApproved(await checkSmsCode(context, request, { phoneE164, purpose: 'sign_in', userId: null, code }));
  const user = await signInUserForPhone(context, phoneE164);
  if (!user) throw new AppError('bad_request', { message: authMessages.invalidCode });
  await startSession(context, settings, request, reply, { userId: user.id, kind: 'full' });
}
