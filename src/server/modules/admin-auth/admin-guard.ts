/**
 * The guard for every admin endpoint.
 *
 * Use it as a preHandler and read the principal in the handler:
 *
 *   app.post('/api/admin/things', { preHandler: requireAdmin(context, 'things:manage') }, async (request) => {
 *     const admin = adminPrincipal(request); // {adminUserId, role, firstName, lastName, email, sessionId}
 *   });
 *
 * or call `authenticateAdmin(context, request, action)` directly inside a handler.
 *
 * It checks, in this order (PRODUCT.md 24-25):
 * 1. the http-only admin session cookie names a live session (not revoked, less than 30 idle
 *    minutes, less than 8 hours old) of an active admin — otherwise 401 `unauthenticated`;
 *    an investor session never counts, it lives in another table and cookie;
 * 2. the `x-admin-token` header carries that session's CSRF token — otherwise 403 `admin_token_invalid`
 *    (a read that a page's HTML preloads may come without the header, never with a wrong one:
 *    `{ tokenOptional: true }`, decision 1974);
 * 3. the admin's role may perform `action` (src/shared/admin/permissions.ts) — otherwise 403 `forbidden`.
 * A passing request extends the idle window.
 */
import type { FastifyRequest } from 'fastify';
import { ADMIN_TOKEN_HEADER } from '../../../shared/admin/auth-contracts';
import { type AdminAction, can } from '../../../shared/admin/permissions';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { type AdminPrincipal, resolveAdminSession } from './service';
import { readAdminSessionCookie } from './session-cookie';

export type { AdminPrincipal } from './service';

const principals = new WeakMap<FastifyRequest, AdminPrincipal>();

function csrfHeader(request: FastifyRequest): string | null {
  const value = request.headers[ADMIN_TOKEN_HEADER];
  return typeof value === 'string' ? value : null;
}

export interface AdminGuardOptions {
  /**
   * A GET that only reads and that a page's HTML preloads (decision 1974): a request without
   * the header passes on the cookie alone, as GET /api/admin/session does (decision 300: the
   * cookie is SameSite=Strict, so another site cannot send it, and could not read the answer);
   * a header that is present must still be the session's token.
   */
  tokenOptional?: boolean;
}

export async function authenticateAdmin(
  context: AppContext,
  request: FastifyRequest,
  action: AdminAction,
  options: AdminGuardOptions = {},
): Promise<AdminPrincipal> {
  const header = csrfHeader(request);
  const isTokenSkipped = options.tokenOptional === true && request.method === 'GET' && header === null;
  const resolved = await resolveAdminSession(
    context,
    readAdminSessionCookie(request, context.config),
    isTokenSkipped ? undefined : header,
  );
  const principal: AdminPrincipal = { ...resolved.principal, ipAddress: request.ip ?? null };
  if (!can(principal.role, action)) {
    throw new AppError('forbidden', { message: 'Your role does not allow this action' });
  }
  principals.set(request, principal);
  return principal;
}

/** A Fastify preHandler that lets the request through only for an admin allowed to perform `action`. */
export function requireAdmin(context: AppContext, action: AdminAction, options: AdminGuardOptions = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    await authenticateAdmin(context, request, action, options);
  };
}

/** The admin a `requireAdmin` preHandler let through. */
export function adminPrincipal(request: FastifyRequest): AdminPrincipal {
  const principal = principals.get(request);
  if (!principal) throw new AppError('unauthenticated', { message: 'Admin sign-in required' });
  return principal;
}
