/**
 * The admin sign-in calls (password, second factor, two-factor set-up), which check the
 * server's answers with the shared zod schemas. Apart from admin-api.ts so the back office's
 * pages do not load zod; only the sign-in screens import this (decision 1411).
 */
import { type AdminLoginSuccess, adminLoginSuccess } from '../../shared/admin/auth-contracts';
import { adminLoginMessages } from '../../shared/admin/auth-messages';
import {
  adminLoginSecondFactor,
  type EnrolmentConfirm,
  type EnrolmentStart,
  enrolmentConfirmResponse,
} from '../../shared/admin/two-factor-contracts';
import { ApiError, apiRequest } from './api-client';
import { rememberAdminSession } from './admin-session';

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
