/** Step-up (PRODUCT.md 7): a fresh SMS code before withdrawals, bank, phone, e-mail or password changes. */
import type { FastifyRequest } from 'fastify';
import { maskPhone } from '../../../shared/auth/phone';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { authMessages } from './messages';
import { findUserById, markSessionSteppedUp } from './repository';
import { getInvestorSession } from './session-guard';
import { assertApproved, checkSmsCode, sendSmsCode } from './sms-code-service';
import { parseCode } from './phone-service';

async function verifiedPhoneOf(context: AppContext, userId: string): Promise<string> {
  const user = await findUserById(context.db, userId);
  if (!user?.phoneE164 || !user.phoneVerifiedAt)
    throw new AppError('forbidden', { message: authMessages.noVerifiedPhone });
  return user.phoneE164;
}

export async function startStepUp(
  context: AppContext,
  request: FastifyRequest,
): Promise<{ phoneMask: string; retryAfterSeconds: number }> {
  const session = await getInvestorSession(context, request, { allowOnboarding: true });
  const phoneE164 = await verifiedPhoneOf(context, session.userId);
  const retryAfterSeconds = await sendSmsCode(context, request, {
    phoneE164,
    purpose: 'step_up',
    userId: session.userId,
    deliver: true,
  });
  return { phoneMask: maskPhone(phoneE164), retryAfterSeconds };
}

export async function verifyStepUp(
  context: AppContext,
  request: FastifyRequest,
  rawCode: string,
): Promise<void> {
  const session = await getInvestorSession(context, request, { allowOnboarding: true });
  const phoneE164 = await verifiedPhoneOf(context, session.userId);
  const code = parseCode(rawCode);
  assertApproved(
    await checkSmsCode(context, request, { phoneE164, purpose: 'step_up', userId: session.userId, code }),
  );
  await markSessionSteppedUp(context.db, session.sessionId, context.clock.now());
}
