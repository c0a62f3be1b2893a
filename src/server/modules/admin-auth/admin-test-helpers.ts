import type { AdminRole } from '../../../shared/admin/permissions';
import type { TestApp } from '../../test-support/test-app';
import { createAdminAccount } from './service';
import { adminSessionCookieName } from './session-cookie';

export interface SignedInAdmin {
  id: string;
  role: AdminRole;
  cookie: string;
  token: string;
  /** Headers for an admin call: the session cookie and the CSRF token. */
  headers: { cookie: string; 'x-admin-token': string };
}

export const testAdminPassword = 'Admin#Passw0rd-2026';

/** Creates an admin with the given role and signs in through admin-login, as the browser would. */
export async function signInTestAdmin(
  testApp: TestApp,
  role: AdminRole,
  email = `${role}@staff.example`,
): Promise<SignedInAdmin> {
  const admin = await createAdminAccount(testApp.database.db, {
    email,
    password: testAdminPassword,
    role,
    firstName: 'Test',
    lastName: role,
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/functions/v1/admin-login',
    payload: { email, password: testAdminPassword },
  });
  if (response.statusCode !== 200) throw new Error(`admin-login failed: ${response.body}`);
  const cookieName = adminSessionCookieName(testApp.config);
  const sessionCookie = response.cookies.find((cookie) => cookie.name === cookieName);
  if (!sessionCookie) throw new Error('admin-login set no session cookie');
  const cookie = `${cookieName}=${sessionCookie.value}`;
  const token = (response.json() as { token: string }).token;
  return { id: admin.id, role, cookie, token, headers: { cookie, 'x-admin-token': token } };
}
