import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { ADMIN_SESSION_ABSOLUTE_MS } from './service';

/** The admin session has its own cookie, apart from the investor's (PRODUCT.md 24). */
export const ADMIN_SESSION_COOKIE = 'sl_admin_session';

function isSecureCookie(config: AppConfig): boolean {
  return config.isProduction || config.appUrl.startsWith('https://');
}

/**
 * A Secure cookie carries the `__Host-` prefix, as the investor's does: the browser then accepts
 * it only from this host, over HTTPS, for path `/`, so a sibling subdomain cannot plant or
 * overwrite an admin session.
 */
export function adminSessionCookieName(config: AppConfig): string {
  return isSecureCookie(config) ? `__Host-${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE;
}

export function readAdminSessionCookie(request: FastifyRequest, config: AppConfig): string | undefined {
  const value = request.cookies[adminSessionCookieName(config)];
  return value && value.length <= 128 ? value : undefined;
}

function cookieOptions(config: AppConfig) {
  return { httpOnly: true, sameSite: 'strict', secure: isSecureCookie(config), path: '/' } as const;
}

export function setAdminSessionCookie(reply: FastifyReply, config: AppConfig, sessionToken: string): void {
  reply.setCookie(adminSessionCookieName(config), sessionToken, {
    ...cookieOptions(config),
    maxAge: ADMIN_SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearAdminSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(adminSessionCookieName(config), cookieOptions(config));
}
