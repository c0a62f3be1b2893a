/**
 * Which browser asked for a magic link (PRODUCT.md 34). Mail scanners that run pages open
 * sign-in links too, so /auth/confirm uses a link by itself only in the browser that requested
 * it; anywhere else it asks for one click. Each link request sets a short-lived, http-only,
 * SameSite=Lax cookie holding a random value, and the link's row keeps that value's SHA-256.
 * A browser that already holds a live value keeps it, so each of its links opens there.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { generateToken, hashToken, safeEqual } from '../../security/tokens';
import { sessionCookieOptions } from './session-service';
import { authSettingsOf } from './session-guard';

const bindingShape = /^[A-Za-z0-9_-]{43}$/;

function bindingOf(context: AppContext, request: FastifyRequest): string | null {
  const value = request.cookies[authSettingsOf(context).linkBrowserCookieName];
  return value && bindingShape.test(value) ? value : null;
}

/**
 * The binding for a link about to be requested: the browser's own value, or a new one. Nothing
 * is set until `rememberLinkBrowser`, so a refused request leaves the browser as it was.
 */
export function linkBrowserBinding(
  context: AppContext,
  request: FastifyRequest,
): { value: string; hash: string } {
  const value = bindingOf(context, request) ?? generateToken();
  return { value, hash: hashToken(value) };
}

/** Sets (or refreshes) the cookie for as long as the link lives. */
export function rememberLinkBrowser(
  context: AppContext,
  reply: FastifyReply,
  binding: { value: string },
): void {
  const settings = authSettingsOf(context);
  reply.setCookie(
    settings.linkBrowserCookieName,
    binding.value,
    sessionCookieOptions(settings, settings.magicLinkTtlSeconds),
  );
}

/** Whether this request comes from the browser that asked for the link with this binding. */
export function isLinkBrowser(
  context: AppContext,
  request: FastifyRequest,
  bindingHash: string | null,
): boolean {
  const value = bindingOf(context, request);
  return Boolean(value && bindingHash && safeEqual(hashToken(value), bindingHash));
}
