/**
 * The admin sign-in messages and the CSRF header's name, without zod (the schemas are in auth-contracts.ts), so the back office's pages load no zod to make a request (decision 1411).
 */

/** The spec's sign-in messages (admin spec 8): the server's refusal and the client's own failure. */
export const adminLoginMessages = {
  refused: 'Login failed',
  requestFailed: 'Failed to login',
} as const;

export const ADMIN_TOKEN_HEADER = 'x-admin-token';
