/**
 * Investor sessions: an opaque random token in an http-only cookie, stored only as its hash,
 * with an idle timeout and an absolute lifetime; sign-out revokes the row.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { generateToken, hashToken } from '../../security/tokens';
import type { AuthSettings } from './auth-settings';
import {
  findLiveSessionByTokenHash,
  insertSession,
  revokeSession,
  type SessionKind,
  type SessionWithOwner,
  touchSession,
  countSignIn,
} from './repository';

/** What readSession learnt, per request, so guards and handlers read the session once. */
const cachedSessions = new WeakMap<FastifyRequest, SessionWithOwner | null>();

export interface CreatedSession {
  sessionId: string;
  token: string;
}

function clientDetails(request: FastifyRequest): { ipAddress: string | null; userAgent: string | null } {
  const userAgent = request.headers['user-agent'];
  return {
    ipAddress: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null,
  };
}

export function sessionCookieOptions(settings: AuthSettings, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: settings.cookieSecure,
    maxAge: maxAgeSeconds,
  };
}

/** Starts a session for the user and sets its cookie; the session in the request (if any) is revoked. */
export async function startSession(
  context: AppContext,
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; kind: SessionKind },
): Promise<CreatedSession> {
  const now = context.clock.now();
  const previous = await readSession(context, settings, request);
  if (previous) await revokeSession(context.db, previous.session.id, now);
  const token = generateToken();
  const lifetimeSeconds =
    input.kind === 'full' ? settings.sessionAbsoluteSeconds : settings.secondFactorSessionSeconds;
  const session = await insertSession(context.db, {
    userId: input.userId,
    tokenHash: hashToken(token),
    kind: input.kind,
    now,
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
    ...clientDetails(request),
  });
  if (input.kind === 'full') await countSignIn(context.db, input.userId);
  reply.setCookie(settings.cookieName, token, sessionCookieOptions(settings, lifetimeSeconds));
  forgetCachedSession(request);
  return { sessionId: session.id, token };
}

export function clearSessionCookie(settings: AuthSettings, reply: FastifyReply): void {
  reply.clearCookie(settings.cookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.cookieSecure,
  });
}

/**
 * The live session named by the request's cookie, or null: unknown, revoked, past its
 * absolute lifetime or idle too long. Use is recorded (at most once a minute) to keep
 * the idle clock running.
 */
export async function readSession(
  context: AppContext,
  settings: AuthSettings,
  request: FastifyRequest,
): Promise<SessionWithOwner | null> {
  if (cachedSessions.has(request)) return cachedSessions.get(request) ?? null;
  const token = request.cookies[settings.cookieName];
  let found: SessionWithOwner | null = null;
  if (token && token.length <= 128) {
    const row = await findLiveSessionByTokenHash(context.db, hashToken(token));
    const now = context.clock.now();
    if (row && isSessionAlive(row, settings, now)) {
      found = row;
      if (now.getTime() - row.session.lastSeenAt.getTime() >= settings.sessionTouchIntervalSeconds * 1000) {
        await touchSession(context.db, row.session.id, now);
      }
    }
  }
  cachedSessions.set(request, found);
  return found;
}

export function isSessionAlive(row: SessionWithOwner, settings: AuthSettings, now: Date): boolean {
  if (row.session.revokedAt) return false;
  if (row.session.expiresAt.getTime() <= now.getTime()) return false;
  return now.getTime() - row.session.lastSeenAt.getTime() < settings.sessionIdleSeconds * 1000;
}

/** Forgets what readSession learnt for this request (after sign-in or sign-out changed it). */
export function forgetCachedSession(request: FastifyRequest): void {
  cachedSessions.delete(request);
}

export async function endSession(
  context: AppContext,
  settings: AuthSettings,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const current = await readSession(context, settings, request);
  if (current) await revokeSession(context.db, current.session.id, context.clock.now());
  forgetCachedSession(request);
  clearSessionCookie(settings, reply);
}
