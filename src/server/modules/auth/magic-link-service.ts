/**
 * Magic links (PRODUCT.md 6): a random token e-mailed as a link, stored only as its hash,
 * single use, short-lived. Confirming it (a POST from /auth/confirm, never a GET) verifies the
 * e-mail, creates the investor on first verification and starts a session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFIRMATION_REQUIRED,
  emailAddress,
  referralCode as referralCodeShape,
  type ConfirmLinkError,
} from '../../../shared/auth/contracts';
import { safeRedirectPath } from '../../../shared/auth/safe-redirect';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { EmailMessage } from '../../providers/email';
import { enforceRateLimit } from '../../security/rate-limiter';
import { generateToken, hashToken } from '../../security/tokens';
import { noticeSenderOf } from '../notifications/notice-sender';
import { enqueueSecurityEmail } from '../notifications/notice-queue-repository';
import { sealSecurityEmail } from '../notifications/security-email';
import {
  renderAccountUnavailableEmail,
  renderMagicLinkEmail,
  type MagicLinkEmailKind,
} from './magic-link-email';
import { isLinkBrowser } from './link-browser';
import { authMessages } from './messages';
import { ensureInvestorForVerifiedUser } from './onboarding-service';
import {
  consumeOneTimeToken,
  findInvestorByUserId,
  findOneTimeToken,
  findUserByEmail,
  insertOneTimeToken,
  type OneTimeTokenPurpose,
  upsertVerifiedUser,
} from './repository';
import { authSettingsOf } from './session-guard';
import { startSession } from './session-service';

export const DEFAULT_MAGIC_LINK_TARGET = '/verify-email';
export const PASSWORD_RESET_TARGET = '/reset-password';

export function parseEmail(value: string): string {
  const parsed = emailAddress.safeParse(value);
  if (!parsed.success) throw new AppError('validation_failed', { message: authMessages.invalidEmail });
  return parsed.data;
}

/** Limits every link request the same way, whether or not the address is registered. */
async function limitLinkRequests(context: AppContext, request: FastifyRequest, email: string): Promise<void> {
  const { limits } = authSettingsOf(context);
  const now = context.clock.now();
  await enforceRateLimit(context.db, limits.magicLinkPerIp, request.ip, now, authMessages.tooManyRequests);
  await enforceRateLimit(
    context.db,
    limits.magicLinkPerEmail,
    email.toLowerCase(),
    now,
    authMessages.tooManyRequests,
  );
}

function isClosedToSignIn(status: string | undefined): boolean {
  return status === 'suspended' || status === 'closed';
}

function accountUnavailableEmail(context: AppContext, email: string): EmailMessage {
  const { config } = context;
  return {
    to: email,
    ...renderAccountUnavailableEmail({
      brandName: config.BRAND_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      postalAddress: config.COMPANY_POSTAL_ADDRESS,
    }),
  };
}

async function sendNow(context: AppContext, email: EmailMessage): Promise<void> {
  const sent = await context.messages.sendEmail(email);
  if (sent.status === 'failed') {
    context.log.warn(
      { outboxMessageId: sent.outboxMessageId },
      'magic link e-mail was refused by the provider',
    );
    throw new AppError('unavailable', { status: 502, message: authMessages.failedToSendEmail });
  }
}

/**
 * Queues the e-mail to be sent after the answer (decision 1821): what a registered address
 * costs the request is one insert, not a trip to the mail server.
 */
async function sendAfterAnswering(
  context: AppContext,
  investorId: string,
  email: EmailMessage,
): Promise<void> {
  await enqueueSecurityEmail(
    context.db,
    { investorId, notice: sealSecurityEmail(context, email) },
    context.clock.now(),
  );
  noticeSenderOf(context).kick();
}

/** Records a new link and renders its e-mail. */
async function createLinkEmail(
  context: AppContext,
  input: {
    email: string;
    userId: string | null;
    purpose: OneTimeTokenPurpose;
    kind: MagicLinkEmailKind;
    redirectTo: string;
    referralCode: string | null;
    browserBindingHash: string;
  },
): Promise<EmailMessage> {
  const settings = authSettingsOf(context);
  const now = context.clock.now();
  const token = generateToken();
  await insertOneTimeToken(context.db, {
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    redirectTo: input.redirectTo,
    referralCode: input.referralCode,
    browserBindingHash: input.browserBindingHash,
    now,
    expiresAt: new Date(now.getTime() + settings.magicLinkTtlSeconds * 1000),
  });
  const link = new URL('/auth/confirm', context.config.appUrl);
  link.searchParams.set('token_hash', token);
  link.searchParams.set('type', input.purpose === 'password_reset' ? 'recovery' : 'email');
  link.searchParams.set('redirect_to', input.redirectTo);
  const email = renderMagicLinkEmail({
    kind: input.kind,
    link: link.toString(),
    brandName: context.config.BRAND_NAME,
    lifetimeMinutes: Math.round(settings.magicLinkTtlSeconds / 60),
    supportEmail: context.config.SUPPORT_EMAIL,
    postalAddress: context.config.COMPANY_POSTAL_ADDRESS,
  });
  return { to: input.email, ...email };
}

/**
 * auth-start: e-mails a sign-up link to a new address or a sign-in link to a known one. The
 * answer and the limits are the same either way, so the endpoint does not tell who is registered.
 */
export async function startMagicLink(
  context: AppContext,
  request: FastifyRequest,
  input: { email: string; redirectTo?: string; referralCode?: string; browserBindingHash: string },
): Promise<void> {
  const email = parseEmail(input.email);
  await limitLinkRequests(context, request, email);
  const user = await findUserByEmail(context.db, email);
  const investor = user ? await findInvestorByUserId(context.db, user.id) : undefined;
  if (isClosedToSignIn(investor?.status)) {
    await sendNow(context, accountUnavailableEmail(context, user!.email));
    return;
  }
  const referral = referralCodeShape.safeParse(input.referralCode ?? '');
  const linkEmail = await createLinkEmail(context, {
    email: user?.email ?? email,
    userId: user?.id ?? null,
    purpose: 'magic_link',
    kind: user?.emailVerifiedAt ? 'sign_in' : 'sign_up',
    redirectTo: safeRedirectPath(input.redirectTo, DEFAULT_MAGIC_LINK_TARGET),
    referralCode: referral.success ? referral.data : null,
    browserBindingHash: input.browserBindingHash,
  });
  await sendNow(context, linkEmail);
}

/**
 * "Forgot password?" (PRODUCT.md 8): a link that signs in and leads to a new password (which
 * then needs a fresh SMS code). Unknown addresses get nothing, and the same answer at the same
 * pace: a registered address's e-mail is queued and sent after the answer (decision 1821).
 */
export async function startPasswordReset(
  context: AppContext,
  request: FastifyRequest,
  input: { email: string; browserBindingHash: string },
): Promise<void> {
  const email = parseEmail(input.email);
  await limitLinkRequests(context, request, email);
  const user = await findUserByEmail(context.db, email);
  if (!user?.emailVerifiedAt) return;
  // A verified e-mail always has its investor (made with the verification); the queue needs it.
  const investor = await findInvestorByUserId(context.db, user.id);
  if (!investor) return;
  if (isClosedToSignIn(investor.status)) {
    await sendAfterAnswering(context, investor.id, accountUnavailableEmail(context, user.email));
    return;
  }
  const linkEmail = await createLinkEmail(context, {
    email: user.email,
    userId: user.id,
    purpose: 'password_reset',
    kind: 'password_reset',
    redirectTo: PASSWORD_RESET_TARGET,
    referralCode: null,
    browserBindingHash: input.browserBindingHash,
  });
  await sendAfterAnswering(context, investor.id, linkEmail);
}

const purposeOfLinkType: Record<string, OneTimeTokenPurpose> = {
  email: 'magic_link',
  magiclink: 'magic_link',
  signup: 'magic_link',
  recovery: 'password_reset',
};

export class LinkConfirmationError extends Error {
  constructor(
    readonly reason: ConfirmLinkError | typeof CONFIRMATION_REQUIRED,
    readonly status: number,
  ) {
    super(reason);
  }
}

/**
 * Uses a link once and starts a full session. Unknown, used or expired tokens are all
 * "expired" (the spec's expired-or-not-found rule); a token of another type is "invalid_link".
 * An automatic confirmation (the page posting as it opens) uses the link only in the browser
 * that asked for it; from anywhere else it uses nothing and answers "confirmation_required".
 */
export async function confirmMagicLink(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { token: string; type: string; isAutomatic: boolean },
): Promise<{ userId: string }> {
  const settings = authSettingsOf(context);
  const now = context.clock.now();
  try {
    await enforceRateLimit(context.db, settings.limits.linkConfirmsPerIp, request.ip, now);
  } catch (error) {
    if (error instanceof AppError) throw new LinkConfirmationError('auth_failed', 429);
    throw error;
  }
  const purpose = purposeOfLinkType[input.type];
  if (!purpose) throw new LinkConfirmationError('invalid_link', 400);
  const token = await findOneTimeToken(context.db, hashToken(input.token));
  if (!token || token.usedAt || token.expiresAt.getTime() <= now.getTime()) {
    throw new LinkConfirmationError('expired', 400);
  }
  if (token.purpose !== purpose) throw new LinkConfirmationError('invalid_link', 400);
  if (input.isAutomatic && !isLinkBrowser(context, request, token.browserBindingHash)) {
    throw new LinkConfirmationError(CONFIRMATION_REQUIRED, 200);
  }

  const outcome = await context.db.transaction(async (tx) => {
    if (!(await consumeOneTimeToken(tx, token.id, now))) return null;
    const user = await upsertVerifiedUser(tx, token.email, now);
    const investor = await ensureInvestorForVerifiedUser(tx, { user, referralCode: token.referralCode, now });
    return { user, investor };
  });
  if (!outcome) throw new LinkConfirmationError('expired', 400);
  if (isClosedToSignIn(outcome.investor.status)) throw new LinkConfirmationError('auth_failed', 403);
  await startSession(context, settings, request, reply, { userId: outcome.user.id, kind: 'full' });
  return { userId: outcome.user.id };
}
