import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUsers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { signInTestAdmin, testAdminPassword } from './admin-test-helpers';
import { createAdminAccount } from './service';
import { ADMIN_SESSION_COOKIE } from './session-cookie';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  testApp.clock.set('2026-03-10T15:00:00Z');
});

function login(email: string, password: string, ip = '203.0.113.7') {
  return testApp.app.inject({
    method: 'POST',
    url: '/functions/v1/admin-login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

describe('admin-login', () => {
  it('answers {success, token, admin} and sets an http-only, same-site session cookie', async () => {
    // Support may sign in without two-factor (decision 1601); the other roles are in two-factor.test.ts.
    await createAdminAccount(testApp.database.db, {
      email: 'Ops.Lead@Staff.example',
      password: testAdminPassword,
      role: 'support',
      firstName: 'Avery',
      lastName: 'Stone',
    });
    const response = await login('ops.lead@staff.example', testAdminPassword);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: boolean; token: string; admin: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.admin).toMatchObject({
      email: 'Ops.Lead@Staff.example',
      first_name: 'Avery',
      last_name: 'Stone',
      role: 'support',
    });
    const cookie = response.cookies.find((item) => item.name === ADMIN_SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.value).not.toContain(body.token);
  });

  it('refuses a wrong password and an unknown e-mail alike with "Login failed"', async () => {
    await createAdminAccount(testApp.database.db, {
      email: 'support@staff.example',
      password: testAdminPassword,
      role: 'support',
      firstName: 'Sam',
      lastName: 'Lee',
    });
    for (const response of [
      await login('support@staff.example', 'Wrong#Password1'),
      await login('nobody@staff.example', testAdminPassword),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'Login failed' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('locks an e-mail for 15 minutes after 5 wrong passwords, even with the right one', async () => {
    await createAdminAccount(testApp.database.db, {
      email: 'target@staff.example',
      password: testAdminPassword,
      role: 'super_admin',
      firstName: 'Kim',
      lastName: 'Ode',
    });
    testApp.clock.set('2026-03-10T15:00:30Z');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login('target@staff.example', `Wrong#Password${attempt}`)).statusCode).toBe(401);
    }
    const locked = await login('target@staff.example', testAdminPassword);
    expect(locked.statusCode).toBe(429);
    expect((locked.json() as { error: string }).error).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ minutes?( \d+ seconds?)?\.$/,
    );
    testApp.clock.advance(15 * 60 * 1000);
    expect((await login('target@staff.example', testAdminPassword)).statusCode).toBe(200);
  });

  it('refuses a deactivated admin', async () => {
    const admin = await signInTestAdmin(testApp, 'operations');
    await testApp.database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, admin.id));
    expect((await login('operations@staff.example', testAdminPassword)).statusCode).toBe(401);
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: admin.headers,
    });
    expect(session.statusCode).toBe(401);
  });
});

describe('the admin session', () => {
  it('gives a reloaded page the same CSRF token from the cookie alone', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      token: admin.token,
      admin: { role: 'support', first_name: 'Test' },
    });
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/session' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=${'x'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('ends after 30 idle minutes', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    testApp.clock.advance(29 * 60 * 1000);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    testApp.clock.advance(29 * 60 * 1000);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    testApp.clock.advance(30 * 60 * 1000);
    const expired = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: admin.headers,
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Your admin session has expired. Sign in again.' },
    });
  });

  it('ends 8 hours after sign-in however active the admin is', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    for (let minutes = 20; minutes <= 7 * 60 + 40; minutes += 20) {
      testApp.clock.advance(20 * 60 * 1000);
      expect(
        (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
          .statusCode,
      ).toBe(200);
    }
    testApp.clock.set('2026-03-10T23:00:00Z');
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
        .statusCode,
    ).toBe(401);
  });

  it('signs out only with the CSRF token, and the cookie is then worthless', async () => {
    const admin = await signInTestAdmin(testApp, 'operations');
    const withoutToken = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: { cookie: admin.cookie },
    });
    expect(withoutToken.statusCode).toBe(403);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
        .statusCode,
    ).toBe(200);

    const signOut = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: admin.headers,
    });
    expect(signOut.statusCode).toBe(204);
    const cleared = signOut.cookies.find((cookie) => cookie.name === ADMIN_SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/admin/session', headers: admin.headers }))
        .statusCode,
    ).toBe(401);
    const again = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/admin/session',
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(204);
  });
});
