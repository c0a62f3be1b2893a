/**
 * Changing the e-mail address or the phone number from /settings (PRODUCT.md 7 and 8):
 * both need a fresh SMS code first (step-up), and the new address or number must be proven
 * (a link e-mailed to it, a code texted to it) before it replaces the old one. The old
 * address or number is told about the change, so a hijacked session cannot change it quietly.
 */
import type { FastifyRequest } from 'fastify';
import { emailAddress } from '../../../shared/auth/contracts';
import { maskPhone } from '../../../shared/auth/phone';
import { AppError } from '../../../shared/errors/app-error';
import { settingsMessages } from '../../../shared/settings/contracts';
import type { AppContext } from '../../context';
import { consumeRateLimit, enforceRateLimit, type RateLimitRule } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { generateToken, hashToken } from '../../security/tokens';
import { authMessages } from '../auth/messages';
import { parseCode, parsePhone } from '../auth/phone-service';
import {
  consumeOneTimeToken,
  findOneTimeToken,
  findUserById,
  insertOneTimeToken,
  isPhoneVerifiedByAnotherUser,
} from '../auth/repository';
import { authSettingsOf, type InvestorSession, requireStepUp } from '../auth/session-guard';
import { assertApproved, checkSmsCode, sendSmsCode } from '../auth/sms-code-service';
import { renderTransactionalEmail } from '../notifications/transactional';
import {
  changeEmail,
  changePhone,
  findInvestorAccount,
  isEmailUsedByAnotherUser,
  spendEmailChangeTokens,
} from './repository';

export const EMAIL_CHANGE_CONFIRM_PATH = '/settings/confirm-email';

const emailChangeLimits = {
  perInvestor: { name: 'email-change:investor', limit: 5, windowSeconds: 3600 },
  perAddress: { name: 'email-change:email', limit: 3, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

async function currentAccount(context: AppContext, investorId: string) {
  const account = await findInvestorAccount(context.db, investorId);
  if (!account) throw new AppError('not_found', { message: settingsMessages.failedToLoad });
  return account;
}

async function sendOrFail(context: AppContext, message: Parameters<AppContext['messages']['sendEmail']>[0]) {
  const sent = await context.messages.sendEmail(message);
  if (sent.status === 'failed') {
    context.log.warn(
      { outboxMessageId: sent.outboxMessageId },
      'e-mail change message was refused by the provider',
    );
    throw new AppError('unavailable', { status: 502, message: authMessages.failedToSendEmail });
  }
}

export async function startEmailChange(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  rawEmail: string,
): Promise<{ pendingEmail: string }> {
  await requireStepUp(context, request);
  const parsed = emailAddress.safeParse(rawEmail);
  if (!parsed.success) throw new AppError('validation_failed', { message: authMessages.invalidEmail });
  const email = parsed.data;
  const { user } = await currentAccount(context, session.investorId);
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('validation_failed', { message: settingsMessages.emailUnchanged });
  }
  const now = context.clock.now();
  await enforceRateLimit(
    context.db,
    emailChangeLimits.perInvestor,
    session.investorId,
    now,
    authMessages.tooManyRequests,
  );
  await enforceRateLimit(
    context.db,
    emailChangeLimits.perAddress,
    email.toLowerCase(),
    now,
    authMessages.tooManyRequests,
  );
  if (await isEmailUsedByAnotherUser(context.db, email, user.id)) {
    throw new AppError('conflict', { message: settingsMessages.emailInUse });
  }
  const token = generateToken();
  const ttlSeconds = authSettingsOf(context).magicLinkTtlSeconds;
  await context.db.transaction(async (tx) => {
    await spendEmailChangeTokens(tx, user.id, now);
    await insertOneTimeToken(tx, {
      userId: user.id,
      email,
      purpose: 'email_change',
      tokenHash: hashToken(token),
      redirectTo: '/settings',
      referralCode: null,
      now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
  });
  const minutes = Math.round(ttlSeconds / 60);
  await sendOrFail(context, {
    to: email,
    ...renderTransactionalEmail(context.config, {
      subject: `Confirm your new ${context.config.BRAND_NAME} e-mail address`,
      preheader: `Confirm this address within ${minutes} minutes.`,
      heading: 'Confirm your new e-mail address',
      paragraphs: [
        `You asked to use this address for your ${context.config.BRAND_NAME} account. Confirm it within ${minutes} minutes; until then your current address stays in use.`,
        'If you did not ask for this, ignore this message: nothing will change.',
      ],
      action: { label: 'Confirm e-mail address', path: `${EMAIL_CHANGE_CONFIRM_PATH}?token=${token}` },
    }),
  });
  context.log.info({ investorId: session.investorId }, 'e-mail change requested');
  return { pendingEmail: email };
}

/** Uses a change link once; the token alone identifies the account (it was issued after a step-up). */
export async function confirmEmailChange(
  context: AppContext,
  request: FastifyRequest,
  token: string,
): Promise<{ email: string }> {
  const now = context.clock.now();
  const perIp = await consumeRateLimit(
    context.db,
    authSettingsOf(context).limits.linkConfirmsPerIp,
    request.ip,
    now,
  );
  if (!perIp.allowed) {
    throw new AppError('rate_limited', {
      message: `${authMessages.tooManyRequests} Try again in ${formatWait(perIp.retryAfterSeconds)}.`,
      retryAfterSeconds: perIp.retryAfterSeconds,
    });
  }
  const invalid = () => new AppError('bad_request', { message: settingsMessages.emailChangeLinkInvalid });
  const found = await findOneTimeToken(context.db, hashToken(token));
  if (found?.purpose !== 'email_change' || !found.userId || found.usedAt || found.expiresAt <= now) {
    throw invalid();
  }
  const userId = found.userId;
  const previous = await context.db.transaction(async (tx) => {
    if (await isEmailUsedByAnotherUser(tx, found.email, userId)) {
      throw new AppError('conflict', { message: settingsMessages.emailInUse });
    }
    if (!(await consumeOneTimeToken(tx, found.id, now))) throw invalid();
    const user = await findUserById(tx, userId);
    if (!user) throw invalid();
    await changeEmail(tx, userId, found.email, now);
    return user.email;
  });
  await context.messages.sendEmail({
    to: previous,
    ...renderTransactionalEmail(context.config, {
      subject: `Your ${context.config.BRAND_NAME} e-mail address was changed`,
      preheader: 'Your account now uses a new e-mail address.',
      heading: 'Your e-mail address was changed',
      paragraphs: [
        `Your ${context.config.BRAND_NAME} account now uses ${found.email}. Messages about your account go there from now on.`,
        `If you did not make this change, contact ${context.config.SUPPORT_EMAIL} right away.`,
      ],
    }),
  });
  context.log.info({ userId }, 'e-mail address changed');
  return { email: found.email };
}

async function newPhoneFor(context: AppContext, session: InvestorSession, rawPhone: string): Promise<string> {
  const phoneE164 = parsePhone(rawPhone);
  const { user } = await currentAccount(context, session.investorId);
  if (user.phoneVerifiedAt && user.phoneE164 === phoneE164) {
    throw new AppError('validation_failed', { message: settingsMessages.phoneUnchanged });
  }
  if (await isPhoneVerifiedByAnotherUser(context.db, phoneE164, user.id)) {
    throw new AppError('conflict', { message: authMessages.phoneInUse });
  }
  return phoneE164;
}

export async function startPhoneChange(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  rawPhone: string,
): Promise<{ phone: string; retryAfterSeconds: number }> {
  await requireStepUp(context, request);
  const phoneE164 = await newPhoneFor(context, session, rawPhone);
  const { retryAfterSeconds } = await sendSmsCode(context, request, {
    phoneE164,
    purpose: 'change_phone',
    userId: session.userId,
    deliver: true,
    reuseValidCode: false,
  });
  return { phone: phoneE164, retryAfterSeconds };
}

export async function verifyPhoneChange(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  input: { phone: string; code: string },
): Promise<{ phone: string }> {
  await requireStepUp(context, request);
  const phoneE164 = parsePhone(input.phone);
  const code = parseCode(input.code);
  assertApproved(
    await checkSmsCode(context, request, {
      phoneE164,
      purpose: 'change_phone',
      userId: session.userId,
      code,
    }),
  );
  const now = context.clock.now();
  const { user } = await currentAccount(context, session.investorId);
  const previousPhone = user.phoneVerifiedAt ? user.phoneE164 : null;
  await context.db.transaction(async (tx) => {
    if (await isPhoneVerifiedByAnotherUser(tx, phoneE164, session.userId)) {
      throw new AppError('conflict', { message: authMessages.phoneInUse });
    }
    await changePhone(tx, { userId: session.userId, investorId: session.investorId, phoneE164, now });
  });
  if (previousPhone && previousPhone !== phoneE164) {
    await context.messages.sendSms({
      to: previousPhone,
      text: `${context.config.BRAND_NAME}: the phone number on your account was changed to ${maskPhone(phoneE164)}. If this was not you, contact ${context.config.SUPPORT_EMAIL}.`,
    });
  }
  context.log.info({ investorId: session.investorId }, 'phone number changed');
  return { phone: phoneE164 };
}
