import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { ADMIN_SESSION_ABSOLUTE_MS } from './service';

/** The admin session has its own cookie, apart from the investor's (PRODUCT.md 24). */
export const ADMIN_SESSION_COOKIE = 'sl_admin_session';

export function readAdminSessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[ADMIN_SESSION_COOKIE];
  return value && value.length <= 128 ? value : undefined;
}

export function setAdminSessionCookie(reply: FastifyReply, config: AppConfig, sessionToken: string): void {
  reply.setCookie(ADMIN_SESSION_COOKIE, sessionToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction || config.appUrl.startsWith('https://'),
    path: '/',
    maxAge: ADMIN_SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearAdminSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(ADMIN_SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction || config.appUrl.startsWith('https://'),
    path: '/',
  });
}
