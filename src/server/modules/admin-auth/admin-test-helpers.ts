import { eq } from 'drizzle-orm';
import type { AdminRole } from '../../../shared/admin/permissions';
import { isTwoFactorRequired } from '../../../shared/admin/two-factor-contracts';
import { adminUsers } from '../../db/schema';
import type { TestApp } from '../../test-support/test-app';
import { enableTotp } from './repository';
import { createAdminAccount } from './service';
import { adminSessionCookieName } from './session-cookie';
import { sealTotpSecret, totpCodeAt } from './two-factor';

export interface SignedInAdmin {
  id: string;
  role: AdminRole;
  cookie: string;
  token: string;
  /** Headers for an admin call: the session cookie and the CSRF token. */
  headers: { cookie: string; 'x-admin-token': string };
}

export const testAdminPassword = 'Admin#Passw0rd-2026';
/** The TOTP secret test admins of roles that require two-factor are enrolled with. */
export const testTotpSecret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Turns TOTP on for an admin with `testTotpSecret`, as enrolment would (no recovery codes). */
export async function enrolTestTotp(testApp: TestApp, adminId: string): Promise<void> {
  await enableTotp(testApp.database.db, adminId, {
    sealedSecret: sealTotpSecret(testApp.config, testTotpSecret),
    step: 0,
    recoveryCodeHashes: [],
    at: testApp.clock.now(),
  });
}

/**
 * Signs in through admin-login and, when asked, the second factor with `testTotpSecret`, as the
 * browser would. The last accepted step is forgotten first, so a test may sign the same admin in
 * twice inside one 30-second window (the app itself refuses a code twice).
 */
export async function completeAdminLogin(
  testApp: TestApp,
  email: string,
  password = testAdminPassword,
): Promise<{ cookie: string; token: string }> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/functions/v1/admin-login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`admin-login failed: ${response.body}`);
  let answer = response;
  const body = response.json() as { second_factor?: string; challenge?: string };
  if (body.second_factor === 'verify') {
    await testApp.database.db
      .update(adminUsers)
      .set({ totpLastStep: null })
      .where(eq(adminUsers.email, email.toLowerCase()));
    answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login/verify',
      payload: {
        challenge: body.challenge,
        code: totpCodeAt(testApp.config, testTotpSecret, testApp.clock.now()),
      },
    });
    if (answer.statusCode !== 200) throw new Error(`second factor failed: ${answer.body}`);
  } else if (body.second_factor) {
    throw new Error(`admin-login asks for ${body.second_factor}: enrol the test admin first`);
  }
  const cookieName = adminSessionCookieName(testApp.config);
  const sessionCookie = answer.cookies.find((cookie) => cookie.name === cookieName);
  if (!sessionCookie) throw new Error('admin sign-in set no session cookie');
  return {
    cookie: `${cookieName}=${sessionCookie.value}`,
    token: (answer.json() as { token: string }).token,
  };
}

/** Creates an admin with the given role (enrolled in TOTP when the role requires it) and signs in. */
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
  if (isTwoFactorRequired(role)) await enrolTestTotp(testApp, admin.id);
  const { cookie, token } = await completeAdminLogin(testApp, email);
  return { id: admin.id, role, cookie, token, headers: { cookie, 'x-admin-token': token } };
}
