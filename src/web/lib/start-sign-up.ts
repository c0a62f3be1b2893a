import { ApiError, callFunction, NETWORK_ERROR_MESSAGE } from './api-client';

export const SEND_FAILED_MESSAGE = 'Failed to send magic link';
export const RESEND_FAILED_MESSAGE = 'Failed to resend magic link';

interface AuthStartResponse {
  success?: boolean;
  ok?: boolean;
  error?: string | null;
}

/**
 * Starts sign-up with the `auth-start` function (spec 7): resolves when the magic link
 * was sent, throws an Error with the message to show otherwise.
 */
export async function startSignUp(
  email: string,
  options: { referralCode?: string | null; fallbackMessage?: string; redirectTo?: string } = {},
) {
  const fallback = options.fallbackMessage ?? SEND_FAILED_MESSAGE;
  let response: AuthStartResponse;
  try {
    response = await callFunction<AuthStartResponse>(
      'auth-start',
      {
        email: email.trim(),
        ...(options.referralCode ? { ref: options.referralCode } : {}),
        ...(options.redirectTo ? { redirect_to: options.redirectTo } : {}),
      },
      { fallbackMessage: fallback },
    );
  } catch (error) {
    if (error instanceof ApiError)
      throw new Error(error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message || fallback);
    throw new Error(fallback);
  }
  if (!(response.success ?? response.ok)) throw new Error(response.error || fallback);
}
