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

/** The spec's edge-function helper: a non-OK answer throws this (investor spec 7). */
export function edgeFunctionFailedMessage(name: string, statusText: string): string {
  return `Edge function ${name} failed: ${statusText}`;
}

const functionPath = /^\/functions\/v1\/([a-z0-9-]+)$/;

/**
 * A call the catalogue names gets its message; any other server function call gets the edge-function
 * helper's (the spec shows no caller of it, so screens with their own catalogue message pass it
 * as `fallbackMessage`); anything else a plain sentence.
 */
export function fallbackMessageFor(
  method: Method,
  path: string,
  response: { status: number; statusText: string },
): string {
  const pathOnly = path.split('?')[0] ?? path;
  const named = specFallbacks.find((entry) => entry.method === method && entry.path.test(pathOnly))?.message;
  if (named) return named;
  const functionName = method === 'POST' ? functionPath.exec(pathOnly)?.[1] : undefined;
  if (functionName) {
    // HTTP/2 answers carry no status text: the status code stands in for it.
    return edgeFunctionFailedMessage(functionName, response.statusText || String(response.status));
  }
  return GENERIC_FAILURE_MESSAGE;
}
