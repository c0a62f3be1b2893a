/**
 * How any route requires the signed-in investor (PRODUCT.md 1, 2 and 7).
 *
 *   // as a preHandler, then read the session in the handler:
 *   app.get('/api/portal/overview', { preHandler: requireInvestor(context) }, async (request) => {
 *     const { investorId } = investorSessionOf(request);
 *   });
 *   // or inside a handler (throws AppError 'unauthenticated' 401 / 'forbidden' 403):
 *   const { userId, investorId } = await getInvestorSession(context, request);
 *   // sensitive actions (withdrawal, bank change, phone or e-mail change):
 *   await requireStepUp(context, request);   // AppError 'step_up_required' 403 unless a fresh SMS code was given
 *
 * A session yields {sessionId, userId, investorId, investorStatus, email, steppedUpAt}. By
 * default only `active` investors pass; `{allowOnboarding: true}` also lets `pending`
 * investors through (the onboarding screens). Suspended or closed investors never pass and
 * their sessions are ended.
 *
 * Step-up: the web calls POST /api/auth/step-up/start (SMS code to the verified phone) and
 * POST /api/auth/step-up/verify {code}; the session then counts as stepped up for
 * STEP_UP_MAX_AGE_MINUTES (default 5) unless a caller asks for a shorter `maxAgeSeconds`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InvestorStatus } from '../../../shared/auth/next-screen';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { authSettings, type AuthSettings } from './auth-settings';
import { authMessages } from './messages';
import { revokeUserSessions } from './repository';
import { forgetCachedSession, readSession } from './session-service';

export interface InvestorSession {
  sessionId: string;
  userId: string;
  investorId: string;
  investorStatus: InvestorStatus;
  email: string;
  /** When the investor last proved a fresh SMS code in this session. */
  steppedUpAt: Date | null;
}

export interface InvestorGuardOptions {
  /** Let `pending` investors (still onboarding) through. */
  allowOnboarding?: boolean;
}

const settingsByConfig = new WeakMap<AppContext['config'], AuthSettings>();

/** The auth settings of this app (parsed once per configuration). */
export function authSettingsOf(context: AppContext): AuthSettings {
  let settings = settingsByConfig.get(context.config);
  if (!settings) {
    settings = authSettings(context.config);
    settingsByConfig.set(context.config, settings);
  }
  return settings;
}

/** The signed-in investor, or null (no session, second-factor-only session, suspended or closed). */
export async function findInvestorSession(
  context: AppContext,
  request: FastifyRequest,
): Promise<InvestorSession | null> {
  const found = await readSession(context, authSettingsOf(context), request);
  if (found?.session.kind !== 'full' || !found.investor) return null;
  const status = found.investor.status as InvestorStatus;
  if (status === 'suspended' || status === 'closed') {
    await revokeUserSessions(context.db, found.user.id, context.clock.now());
    forgetCachedSession(request);
    return null;
  }
  return {
    sessionId: found.session.id,
    userId: found.user.id,
    investorId: found.investor.id,
    investorStatus: status,
    email: found.user.email,
    steppedUpAt: found.session.steppedUpAt,
  };
}

export async function getInvestorSession(
  context: AppContext,
  request: FastifyRequest,
  options: InvestorGuardOptions = {},
): Promise<InvestorSession> {
  const session = await findInvestorSession(context, request);
  if (!session) throw new AppError('unauthenticated', { message: authMessages.notSignedIn });
  if (session.investorStatus !== 'active' && !options.allowOnboarding) {
    throw new AppError('forbidden', { message: authMessages.onboardingIncomplete });
  }
  return session;
}

const guardedSessions = new WeakMap<FastifyRequest, InvestorSession>();

/** A preHandler that admits only the signed-in investor; read the session with investorSessionOf(request). */
export function requireInvestor(context: AppContext, options: InvestorGuardOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    guardedSessions.set(request, await getInvestorSession(context, request, options));
  };
}

/** The session requireInvestor admitted (throws if the route forgot the preHandler). */
export function investorSessionOf(request: FastifyRequest): InvestorSession {
  const session = guardedSessions.get(request);
  if (!session)
    throw new AppError('internal', { message: 'Route is missing the requireInvestor preHandler' });
  return session;
}

/**
 * Throws AppError('step_up_required') unless the investor proved a fresh SMS code within
 * `maxAgeSeconds` (default STEP_UP_MAX_AGE_MINUTES). Call it after the session check.
 */
export async function requireStepUp(
  context: AppContext,
  request: FastifyRequest,
  maxAgeSeconds: number = authSettingsOf(context).stepUpMaxAgeSeconds,
): Promise<InvestorSession> {
  const session = await getInvestorSession(context, request);
  const steppedUpAt = session.steppedUpAt?.getTime();
  const now = context.clock.now().getTime();
  if (steppedUpAt === undefined || now - steppedUpAt > maxAgeSeconds * 1000 || steppedUpAt > now) {
    throw new AppError('step_up_required', { message: authMessages.stepUpRequired });
  }
  return session;
}
