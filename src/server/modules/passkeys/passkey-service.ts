/**
 * Passkeys (issue 17 item 5, decision 1725), with @simplewebauthn/server: an investor adds one
 * after a fresh SMS code and signs in with it instead of password + SMS; other factors stay.
 * Challenges are random, kept only as hashes, single-use and short-lived; the signature
 * counter must grow; every call is rate limited per client IP.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_PASSKEYS_PER_USER,
  type PasskeyView,
  passkeyMessages,
} from '../../../shared/auth/passkey-contracts';
import { AppError } from '../../../shared/errors/app-error';
import { formatInstantDate, formatTimeOfDay } from '../../../shared/format/date-format';
import type { AppContext } from '../../context';
import { consumeRateLimit } from '../../security/rate-limiter';
import { formatWait } from '../../../shared/format/wait-format';
import { hashToken } from '../../security/tokens';
import { authMessages } from '../auth/messages';
import { findInvestorByUserId, findUserById } from '../auth/repository';
import { authSettingsOf, type InvestorSession } from '../auth/session-guard';
import { startSession } from '../auth/session-service';
import { renderTransactionalEmail } from '../notifications/transactional';
import {
  type ChallengePurpose,
  consumeChallenge,
  deleteExpiredChallenges,
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  type PasskeyRow,
  recordPasskeyUse,
} from './passkey-repository';

/** How long a ceremony may take, from options to answer. */
export const CHALLENGE_TTL_SECONDS = 300;

async function limitAttempts(context: AppContext, request: FastifyRequest): Promise<void> {
  const now = context.clock.now();
  const result = await consumeRateLimit(
    context.db,
    authSettingsOf(context).limits.passkeyPerIp,
    request.ip,
    now,
  );
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      message: `${authMessages.tooManyRequests} Try again in ${formatWait(result.retryAfterSeconds)}.`,
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

async function newChallenge(
  context: AppContext,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const now = context.clock.now();
  await deleteExpiredChallenges(context.db, now);
  const challenge = new Uint8Array(new ArrayBuffer(32));
  challenge.set(randomBytes(32));
  await insertChallenge(context.db, {
    challengeHash: hashToken(isoBase64URL.fromBuffer(challenge)),
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return challenge;
}

function challengeTaker(context: AppContext, purpose: ChallengePurpose, userId: string | null) {
  return (challenge: string) =>
    consumeChallenge(context.db, {
      challengeHash: hashToken(challenge),
      purpose,
      userId,
      now: context.clock.now(),
    });
}

export function passkeyViewOf(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    is_synced: row.backed_up,
  };
}

export async function listInvestorPasskeys(
  context: AppContext,
  session: InvestorSession,
): Promise<PasskeyView[]> {
  return (await listPasskeys(context.db, session.userId)).map(passkeyViewOf);
}

/** Registration options for the signed-in investor (the caller has checked the step-up). */
export async function startPasskeyRegistration(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
): Promise<Record<string, unknown>> {
  await limitAttempts(context, request);
  const existing = await listPasskeys(context.db, session.userId);
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw new AppError('conflict', { message: passkeyMessages.maxReached });
  }
  const { rpId } = context.config.webAuthn;
  const options = await generateRegistrationOptions({
    rpName: context.config.BRAND_NAME,
    rpID: rpId,
    userName: session.email,
    userID: new TextEncoder().encode(session.userId),
    challenge: await newChallenge(context, 'registration', session.userId),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return options as unknown as Record<string, unknown>;
}

export async function finishPasskeyRegistration(
  context: AppContext,
  request: FastifyRequest,
  session: InvestorSession,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<PasskeyView> {
  await limitAttempts(context, request);
  const failed = () => new AppError('validation_failed', { message: passkeyMessages.registrationFailed });
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challengeTaker(context, 'registration', session.userId),
    expectedOrigin: context.config.webAuthn.origins,
    expectedRPID: context.config.webAuthn.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  if ((await listPasskeys(context.db, session.userId)).length >= MAX_PASSKEYS_PER_USER) {
    throw new AppError('conflict', { message: passkeyMessages.maxReached });
  }
  const row = await insertPasskey(context.db, {
    userId: session.userId,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    signCount: credential.counter,
    transports: (credential.transports ?? []).filter((transport) => /^[a-z-]{1,20}$/.test(transport)),
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name,
    now: context.clock.now(),
  });
  if (!row) throw failed();
  await sendPasskeyAddedNotice(context, session, input.name);
  return passkeyViewOf(row);
}

/**
 * A new way to sign in is a security change: like a changed e-mail address or tax record, the
 * investor is told at once, so a passkey someone else added does not go unnoticed. The passkey
 * is already saved, so a refused e-mail is logged, not turned into an error.
 */
async function sendPasskeyAddedNotice(context: AppContext, session: InvestorSession, name: string) {
  const brand = context.config.BRAND_NAME;
  const now = context.clock.now();
  const { timeZone } = context.clock;
  const when = `${formatInstantDate(now.toISOString(), timeZone)} at ${formatTimeOfDay(now.toISOString(), timeZone)} (${timeZone})`;
  const sent = await context.messages.sendEmail({
    to: session.email,
    ...renderTransactionalEmail(context.config, {
      subject: `A passkey was added to your ${brand} account`,
      preheader: `“${name}” can now sign you in.`,
      heading: 'A passkey was added',
      paragraphs: [
        `The passkey “${name}” was added to your account on ${when}. It can sign you in without your password or a code.`,
        `If you did not add it, remove it under Settings › Passkeys and contact ${context.config.SUPPORT_EMAIL} right away.`,
      ],
      action: { label: 'Review your passkeys', path: '/settings#passkeys' },
    }),
  });
  if (sent.status === 'failed') {
    context.log.warn(
      { userId: session.userId, outboxMessageId: sent.outboxMessageId },
      'passkey notice was refused',
    );
  }
}

export async function removePasskey(
  context: AppContext,
  session: InvestorSession,
  passkeyId: string,
): Promise<void> {
  if (!(await deletePasskey(context.db, session.userId, passkeyId))) {
    throw new AppError('not_found', { message: passkeyMessages.notFound });
  }
}

/** Options for signing in with any passkey of this site (discoverable credentials: no e-mail asked). */
export async function startPasskeySignIn(
  context: AppContext,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  await limitAttempts(context, request);
  const options = await generateAuthenticationOptions({
    rpID: context.config.webAuthn.rpId,
    challenge: await newChallenge(context, 'authentication', null),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    userVerification: 'required',
  });
  return options as unknown as Record<string, unknown>;
}

/** Verifies the assertion and starts a full session: the passkey replaces password + SMS. */
export async function finishPasskeySignIn(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  response: AuthenticationResponseJSON,
): Promise<void> {
  await limitAttempts(context, request);
  const failed = () => new AppError('unauthenticated', { message: passkeyMessages.signInFailed });
  const passkey = await findPasskeyByCredentialId(context.db, response.id);
  if (!passkey) {
    // Spend the challenge anyway, so an unknown credential cannot probe with a live one.
    await challengeTaker(context, 'authentication', null)(clientChallengeOf(response) ?? '');
    throw failed();
  }
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challengeTaker(context, 'authentication', null),
    expectedOrigin: context.config.webAuthn.origins,
    expectedRPID: context.config.webAuthn.rpId,
    requireUserVerification: true,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter: passkey.sign_count,
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const isRecorded = await recordPasskeyUse(context.db, {
    id: passkey.id,
    previousCount: passkey.sign_count,
    newCount: verification.authenticationInfo.newCounter,
    now: context.clock.now(),
  });
  if (!isRecorded) throw failed();
  const user = await findUserById(context.db, passkey.user_id);
  const investor = user ? await findInvestorByUserId(context.db, user.id) : undefined;
  if (!user || !investor || investor.status === 'suspended' || investor.status === 'closed') {
    throw new AppError('forbidden', { message: authMessages.suspended });
  }
  await startSession(context, authSettingsOf(context), request, reply, { userId: user.id, kind: 'full' });
}

function clientChallengeOf(response: AuthenticationResponseJSON): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(response.response.clientDataJSON)) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}
