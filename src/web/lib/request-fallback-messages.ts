/**
 * The message a request shows when the server gives no usable answer: a non-JSON reply (a
 * proxy's "Internal Server Error" page) or a 5xx. The spec's error catalogue (section 8)
 * names one per action; anything it does not name gets a plain, honest sentence.
 */
export const GENERIC_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const specFallbacks: { method: Method; path: RegExp; message: string }[] = [
  { method: 'POST', path: /^\/functions\/v1\/auth-start$/, message: 'Failed to send magic link' },
  { method: 'POST', path: /^\/functions\/v1\/auth-phone-start$/, message: 'Failed to send code' },
  { method: 'POST', path: /^\/functions\/v1\/auth-password-login$/, message: 'Login failed' },
  {
    method: 'POST',
    path: /^\/functions\/v1\/bank-connection-link-token$/,
    message: 'Failed to create link token',
  },
  {
    method: 'POST',
    path: /^\/functions\/v1\/bank-connection-exchange$/,
    message: 'Failed to link bank account',
  },
  { method: 'GET', path: /^\/api\/portal\/overview$/, message: 'Failed to load account data' },
  { method: 'GET', path: /^\/api\/settings$/, message: 'Failed to load settings' },
  { method: 'PATCH', path: /^\/api\/settings\/profile$/, message: 'Failed to update profile' },
  {
    method: 'PUT',
    path: /^\/api\/settings\/notification-preferences$/,
    message: 'Failed to save preferences',
  },
  {
    method: 'PATCH',
    path: /^\/api\/settings\/notification-preferences$/,
    message: 'Failed to save preferences',
  },
  { method: 'POST', path: /^\/api\/purchases$/, message: 'Failed to create investment' },
];

export function fallbackMessageFor(method: Method, path: string): string {
  const pathOnly = path.split('?')[0] ?? path;
  return (
    specFallbacks.find((entry) => entry.method === method && entry.path.test(pathOnly))?.message ??
    GENERIC_FAILURE_MESSAGE
  );
}
