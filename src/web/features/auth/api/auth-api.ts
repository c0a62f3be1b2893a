/**
 * The web client of investor sign-up and sign-in: the spec's functions and the session API.
 * Each call resolves with what the screen needs or throws an Error whose message is the
 * one to show (the server's text, else the spec's fallback for that call).
 */
import type {
  AuthPasswordLoginResponse,
  AuthPhoneCheckResponse,
  AuthPhoneStartResponse,
  ConfirmLinkOutcome,
  ConfirmLinkResponse,
  DemoLoginResponse,
  OkResponse,
  OnboardResumeResponse,
  SetPasswordResponse,
  StepUpStartResponse,
} from '../../../../shared/auth/contracts';
import { SMS_RESEND_WAIT_SECONDS } from '../../../../shared/auth/sms-code';
import { ApiError, apiRequest, callFunction, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';

export const authFallbacks = {
  sendEmail: 'Failed to send email',
  sendCode: 'Failed to send code',
  resendCode: 'Failed to resend code',
  invalidCode: 'Invalid code',
  login: 'Login failed',
  setPassword: 'Failed to set password',
  verification: 'Verification failed. Please try resending the link.',
} as const;

/** An answer the server refused, with the seconds to wait when a limit was hit. */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AuthRequestError';
  }
}

/** The message a refused request carried: a function's `error` string or {error: {message}}. */
function serverMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    return typeof message === 'string' && message ? message : null;
  }
  return null;
}

async function call<Response>(run: () => Promise<Response>, fallback: string): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 0) throw new AuthRequestError(NETWORK_ERROR_MESSAGE);
      // A function's own refusal ({ok: false, ...}) is an answer, not a transport failure.
      if (error.body && typeof error.body === 'object' && ('ok' in error.body || 'success' in error.body)) {
        return error.body as Response;
      }
      // A 5xx never explains itself to a user: the call's own message does.
      throw new AuthRequestError(error.status >= 500 ? fallback : (serverMessage(error.body) ?? fallback));
    }
    throw new AuthRequestError(fallback);
  }
}

/** The spec's {ok, error} shapes arrive with 4xx statuses too: turn ok=false into an error. */
function unlessFailed<Response extends { ok: boolean; error: string | null }>(
  response: Response,
  fallback: string,
  retryAfterSeconds?: number,
): Response {
  if (!response.ok) throw new AuthRequestError(response.error || fallback, retryAfterSeconds);
  return response;
}

/** A code the server sent now, or (reusedFrom: when it was sent) one still valid that it offered again. */
export interface SentCode {
  waitSeconds: number;
  reusedFrom: string | null;
}

export function sentCodeOf(response: {
  retry_after_seconds?: number;
  code_reused?: boolean;
  code_sent_at?: string;
}): SentCode {
  return {
    waitSeconds: response.retry_after_seconds ?? SMS_RESEND_WAIT_SECONDS,
    reusedFrom: response.code_reused && response.code_sent_at ? response.code_sent_at : null,
  };
}

/**
 * Asks for a code. The server offers again a code still valid instead of sending another;
 * `resend` ("Resend code": it did not arrive) always sends a new one.
 */
export async function sendPhoneCode(
  phone: string | null,
  options: { fallback?: string; resend?: boolean } = {},
): Promise<SentCode> {
  const fallback = options.fallback ?? authFallbacks.sendCode;
  const body = { ...(phone ? { phone } : {}), ...(options.resend ? { resend: true } : {}) };
  const response = await call(() => callFunction<AuthPhoneStartResponse>('auth-phone-start', body), fallback);
  return sentCodeOf(unlessFailed(response, fallback, response.retry_after_seconds));
}

export async function checkPhoneCode(phone: string | null, code: string): Promise<void> {
  const response = await call(
    () => callFunction<AuthPhoneCheckResponse>('auth-phone-check', phone ? { phone, code } : { code }),
    authFallbacks.invalidCode,
  );
  unlessFailed(response, authFallbacks.invalidCode);
  if (!response.approved) throw new AuthRequestError(authFallbacks.invalidCode);
}

export async function loginWithPassword(email: string, password: string): Promise<AuthPasswordLoginResponse> {
  const response = await call(
    () => callFunction<AuthPasswordLoginResponse>('auth-password-login', { email: email.trim(), password }),
    authFallbacks.login,
  );
  return unlessFailed(response, authFallbacks.login);
}

export async function completeEmailVerification(userId: string): Promise<void> {
  const response = await call(
    () => callFunction<OkResponse>('verify-email-complete', { user_id: userId }),
    authFallbacks.verification,
  );
  unlessFailed(response, authFallbacks.verification);
}

export async function resumeOnboarding(userId: string): Promise<string | null> {
  const response = await call(
    () => callFunction<OnboardResumeResponse>('onboard-resume', { user_id: userId }),
    authFallbacks.verification,
  );
  return response.next_screen;
}

/**
 * Uses a magic link once (POST: mail scanners only ever GET the page). `auto` is the page's own
 * attempt as it opens, which the server honours only in the browser that asked for the link;
 * elsewhere it answers confirmation_required and the page asks for one click.
 */
export async function confirmMagicLink(
  tokenHash: string,
  type: string,
  options: { auto: boolean },
): Promise<ConfirmLinkOutcome> {
  try {
    const response = await apiRequest<ConfirmLinkResponse>('/api/auth/confirm', {
      method: 'POST',
      body: { token_hash: tokenHash, type, auto: options.auto },
    });
    return response.ok ? null : (response.error ?? 'auth_failed');
  } catch (error) {
    if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'error' in error.body) {
      const reason = (error.body as { error: unknown }).error;
      if (reason === 'expired' || reason === 'invalid_link' || reason === 'auth_failed') return reason;
    }
    return 'auth_failed';
  }
}

async function post<Response extends { ok: boolean; error: string | null }>(
  path: string,
  body: unknown,
  fallback: string,
): Promise<Response> {
  const response = await call(() => apiRequest<Response>(path, { method: 'POST', body }), fallback);
  const retryAfter = (response as { retry_after_seconds?: number }).retry_after_seconds;
  return unlessFailed(response, fallback, retryAfter);
}

export async function setPassword(password: string, confirmPassword: string): Promise<string> {
  const response = await post<SetPasswordResponse>(
    '/api/auth/password',
    { password, confirmPassword },
    authFallbacks.setPassword,
  );
  return response.next_screen ?? '/dashboard';
}

export async function requestPasswordReset(email: string): Promise<void> {
  await post<OkResponse>('/api/auth/password-reset', { email: email.trim() }, authFallbacks.sendEmail);
}

export async function startStepUp(
  options: { fallback?: string; resend?: boolean } = {},
): Promise<StepUpStartResponse> {
  return post<StepUpStartResponse>(
    '/api/auth/step-up/start',
    options.resend ? { resend: true } : {},
    options.fallback ?? authFallbacks.sendCode,
  );
}

export async function verifyStepUp(code: string): Promise<void> {
  await post<AuthPhoneCheckResponse>('/api/auth/step-up/verify', { code }, authFallbacks.invalidCode);
}

export async function startDemoSession(): Promise<DemoLoginResponse> {
  return post<DemoLoginResponse>('/api/auth/demo-login', {}, authFallbacks.login);
}

/**
 * Signs in with a passkey (decision 1725): options from the server, the browser's passkey
 * prompt, then the server's check, which starts the session. The WebAuthn library loads only
 * when asked. Resolves false when the investor closed the prompt.
 */
export async function signInWithPasskey(): Promise<boolean> {
  const { startAuthentication, WebAuthnError } = await import('@simplewebauthn/browser');
  const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/options',
    { method: 'POST', body: {} },
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    const isCancelled =
      (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
      (error instanceof Error && error.name === 'NotAllowedError');
    if (isCancelled) return false;
    throw error;
  }
  await apiRequest<{ success: true }>('/api/auth/passkey/sign-in', { method: 'POST', body: { response } });
  return true;
}

export function isPasskeySupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
