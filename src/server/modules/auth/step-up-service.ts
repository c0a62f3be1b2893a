/** Step-up (PRODUCT.md 7): a fresh SMS code before withdrawals, bank, phone, e-mail or password changes. */
import type { FastifyRequest } from 'fastify';
import { maskPhone } from '../../../shared/auth/phone';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { authMessages } from './messages';
import { findUserById, markSessionSteppedUp } from './repository';
import { getInvestorSession } from './session-guard';
import { assertApproved, type CodeDelivery, checkSmsCode, sendSmsCode } from './sms-code-service';
import { parseCode } from './phone-service';

async function verifiedPhoneOf(context: AppContext, userId: string): Promise<string> {
  const user = await findUserById(context.db, userId);
  if (!user?.phoneE164 || !user.phoneVerifiedAt)
    throw new AppError('forbidden', { message: authMessages.noVerifiedPhone });
  return user.phoneE164;
}

/** Sends a step-up code, or offers again the one still valid unless `resend` asks for a new one. */
export async function startStepUp(
  context: AppContext,
  request: FastifyRequest,
  input: { resend: boolean },
): Promise<{ phoneMask: string } & CodeDelivery> {
  const session = await getInvestorSession(context, request, { allowOnboarding: true });
  const phoneE164 = await verifiedPhoneOf(context, session.userId);
  const delivery = await sendSmsCode(context, request, {
    phoneE164,
    purpose: 'step_up',
    userId: session.userId,
    deliver: true,
    reuseValidCode: !input.resend,
  });
  return { phoneMask: maskPhone(phoneE164), ...delivery };
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
