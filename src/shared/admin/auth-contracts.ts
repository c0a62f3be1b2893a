import { z } from 'zod';
import { adminRoles } from './permissions';

export { adminLoginMessages, ADMIN_TOKEN_HEADER } from './auth-messages';

export const adminLoginRequest = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

/** The signed-in admin as the top bar shows it; safe to cache client-side (it is no credential). */
export const adminProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(adminRoles),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/**
 * `token` is the session's CSRF token: sent back in `x-admin-token` on every admin call,
 * useless without the http-only session cookie (PRODUCT.md 24).
 */
export const adminLoginSuccess = z.object({
  success: z.literal(true),
  token: z.string(),
  admin: adminProfileSchema,
});
export const adminLoginFailure = z.object({ success: z.literal(false), error: z.string() });
export type AdminLoginSuccess = z.infer<typeof adminLoginSuccess>;

/** What a page load learns from its session cookie: who is signed in and the CSRF token to send. */
export const adminSessionResponse = z.object({ token: z.string(), admin: adminProfileSchema });
export type AdminSessionResponse = z.infer<typeof adminSessionResponse>;
