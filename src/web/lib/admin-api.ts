/**
 * Calls to admin endpoints: every call carries the session's CSRF token in `x-admin-token`
 * (the cookie goes by itself). A 401 means the session ended: the cache is cleared and the
 * admin layout sends the admin to /admin/login.
 */
import { ADMIN_TOKEN_HEADER } from '../../shared/admin/auth-messages';
import { ApiError, apiRequest, type RequestOptions } from './api-client';
import { adminToken, forgetAdminSession, restoreAdminSession } from './admin-session';
import { forgetKeptPages } from './service-worker-registration';

function withToken(options: RequestOptions, token: string | null): RequestOptions {
  return { ...options, headers: { ...options.headers, ...(token ? { [ADMIN_TOKEN_HEADER]: token } : {}) } };
}

export async function adminRequest<Response>(path: string, options: RequestOptions = {}): Promise<Response> {
  if (!adminToken()) await restoreAdminSession();
  try {
    return await apiRequest<Response>(path, withToken(options, adminToken()));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetAdminSession();
    // Signing in again in another tab replaces the session cookie: fetch the new token and retry once.
    if (error instanceof ApiError && error.code === 'admin_token_invalid' && (await restoreAdminSession())) {
      return apiRequest<Response>(path, withToken(options, adminToken()));
    }
    throw error;
  }
}

/**
 * A read the page's HTML preloads with the cookie alone (decision 1974): asked for without
 * `x-admin-token` (the server allows that for these reads only), in the same shape as the
 * preload, so the browser hands over the answer it already has instead of waiting for the
 * session's token. A 401 forgets the session, as adminRequest does.
 */
export async function adminPreloadedRead<Response>(
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  try {
    return await apiRequest<Response>(path, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) forgetAdminSession();
    throw error;
  }
}

/** Ends the session on the server; a failure is only logged (admin spec 8) and the admin is signed out here regardless. */
export async function signOutAdmin(): Promise<void> {
  const token = adminToken();
  try {
    await apiRequest<null>('/api/admin/session', {
      method: 'DELETE',
      headers: token ? { [ADMIN_TOKEN_HEADER]: token } : {},
    });
  } catch (error) {
    console.error('Admin sign-out failed', error);
  } finally {
    forgetKeptPages();
    forgetAdminSession();
  }
}

/** Opens a stored PDF (circular or evidence) in a new tab; the call carries the CSRF token. */
export async function openAdminFile(path: string): Promise<void> {
  if (!adminToken()) await restoreAdminSession();
  const token = adminToken();
  const response = await fetch(path, {
    credentials: 'same-origin',
    headers: token ? { [ADMIN_TOKEN_HEADER]: token } : {},
  });
  if (!response.ok) throw new Error('The file could not be opened. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
