/**
 * Calls to admin endpoints: every call carries the session's CSRF token in `x-admin-token`
 * (the cookie goes by itself). A 401 means the session ended: the cache is cleared and the
 * admin layout sends the admin to /admin/login.
 */
import {
  ADMIN_TOKEN_HEADER,
  type AdminLoginSuccess,
  adminLoginMessages,
  adminLoginSuccess,
} from '../../shared/admin/auth-contracts';
import {
  adminLoginSecondFactor,
  type EnrolmentConfirm,
  type EnrolmentStart,
  enrolmentConfirmResponse,
} from '../../shared/admin/two-factor-contracts';
import { ApiError, apiRequest, type RequestOptions } from './api-client';
import { adminToken, forgetAdminSession, rememberAdminSession, restoreAdminSession } from './admin-session';

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

export type AdminSignInResult =
  | { ok: true; session: AdminLoginSuccess }
  | { ok: 'second_factor'; step: 'verify' | 'enrol'; challenge: string }
  | { ok: false; message: string };

/**
 * The admin-login function: signed in, the second step (a code, or two-factor set-up first), the
 * server's refusal ('Login failed', or a lockout) or 'Failed to login'.
 */
export async function signInAdmin(email: string, password: string): Promise<AdminSignInResult> {
  try {
    const body = await apiRequest<unknown>('/functions/v1/admin-login', {
      method: 'POST',
      body: { email, password },
    });
    const next = adminLoginSecondFactor.safeParse(body);
    if (next.success)
      return { ok: 'second_factor', step: next.data.second_factor, challenge: next.data.challenge };
    const session = adminLoginSuccess.parse(body);
    rememberAdminSession(session.admin, session.token);
    return { ok: true, session };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
      return { ok: false, message: error.message || adminLoginMessages.refused };
    }
    return { ok: false, message: adminLoginMessages.requestFailed };
  }
}

/** The second step: a code from the app or a recovery code. Throws ApiError with the server's message. */
export async function verifyAdminSecondFactor(challenge: string, code: string): Promise<AdminLoginSuccess> {
  const session = adminLoginSuccess.parse(
    await apiRequest<unknown>('/api/admin/login/verify', { method: 'POST', body: { challenge, code } }),
  );
  rememberAdminSession(session.admin, session.token);
  return session;
}

export function startAdminEnrolment(challenge: string): Promise<EnrolmentStart> {
  return apiRequest<EnrolmentStart>('/api/admin/login/enrolment', { method: 'POST', body: { challenge } });
}

/** Confirms set-up with the first code; the session is remembered only when the recovery codes are dismissed. */
export async function confirmAdminEnrolment(
  challenge: string,
  enrolment: string,
  code: string,
): Promise<EnrolmentConfirm> {
  return enrolmentConfirmResponse.parse(
    await apiRequest<unknown>('/api/admin/login/enrolment/confirm', {
      method: 'POST',
      body: { challenge, enrolment, code },
    }),
  );
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
    forgetAdminSession();
  }
}
