/**
 * "Your security" (decision 1630): each admin's own two-factor, recovery codes and other sessions.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminRole } from '../../../shared/admin/permissions';
import { adminAuditLog, adminRecoveryCodes, adminSessions, adminUsers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import {
  completeAdminLogin,
  type SignedInAdmin,
  signInTestAdmin,
  testAdminPassword,
  testTotpSecret,
} from './admin-test-helpers';
import { totpCodeAt } from './two-factor';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ start: '2026-03-10T15:00:00Z' });
}, 120_000);
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  testApp.clock.set('2026-03-10T15:00:00Z');
});

/** The code of the next 30-second step: the clock moves on so a code is never reused. */
function nextCode(secret = testTotpSecret): string {
  testApp.clock.advance(30_000);
  return totpCodeAt(testApp.config, secret, testApp.clock.now());
}

function wrongCodeFor(secret = testTotpSecret): string {
  const now = testApp.clock.now();
  const near = [-30_000, 0, 30_000].map((offset) =>
    totpCodeAt(testApp.config, secret, new Date(now.getTime() + offset)),
  );
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444';
}

function call(admin: SignedInAdmin, url: string, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method: payload === undefined && url.endsWith('/security') ? 'GET' : 'POST',
    url,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });
}

const status = (admin: SignedInAdmin) => call(admin, '/api/admin/account/security');

async function auditActions(): Promise<string[]> {
  return (await testApp.database.db.select().from(adminAuditLog)).map((entry) => entry.action);
}

/** Support turns two-factor on through the page's calls; answers the secret and the codes shown. */
async function enrolSupport(admin: SignedInAdmin): Promise<{ secret: string; codes: string[] }> {
  const started = await call(admin, '/api/admin/account/two-factor/enrolment', {});
  expect(started.statusCode, started.body).toBe(200);
  const start = started.json() as { enrolment: string; secret: string; qr_code: string };
  expect(start.qr_code).toMatch(/^data:image\/png;base64,/);
  const confirmed = await call(admin, '/api/admin/account/two-factor/enrolment/confirm', {
    enrolment: start.enrolment,
    code: nextCode(start.secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const codes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
  return { secret: start.secret, codes };
}

describe('your security: status for every role', () => {
  it.each<[AdminRole, boolean]>([
    ['super_admin', true],
    ['operations', true],
    ['support', false],
  ])('%s sees whether two-factor is on, whether it is required, and the codes left', async (role, on) => {
    const admin = await signInTestAdmin(testApp, role);
    const response = await status(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      enabled: on,
      required: role !== 'support',
      // Test admins are enrolled without recovery codes.
      recovery_codes_left: 0,
      other_sessions: 0,
    });
  });

  it('refuses without a session or CSRF token', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/admin/account/security' });
    expect(anonymous.statusCode).toBe(401);
    const noToken = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/account/two-factor/enrolment',
      headers: { cookie: admin.cookie },
      payload: {},
    });
    expect(noToken.statusCode).toBe(403);
  });
});

describe('support turns two-factor on and off', () => {
  it('enables with a QR code and a first code, then sign-in asks for a code, then disables with a code', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    // A wrong first code is refused (400, the session stays) and audited.
    const started = (await call(admin, '/api/admin/account/two-factor/enrolment', {})).json() as {
      enrolment: string;
      secret: string;
    };
    const wrong = await call(admin, '/api/admin/account/two-factor/enrolment/confirm', {
      enrolment: started.enrolment,
      code: wrongCodeFor(started.secret),
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect((await status(admin)).json()).toMatchObject({ enabled: false });

    const { secret, codes } = await enrolSupport(admin);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await status(admin)).json()).toMatchObject({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
    });
    const again = await call(admin, '/api/admin/account/two-factor/enrolment', {});
    expect(again.statusCode).toBe(409);

    // Sign-in now asks for the code, and takes it.
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/admin-login',
      payload: { email: 'support@staff.example', password: testAdminPassword },
    });
    const step = login.json() as { second_factor?: string; challenge: string };
    expect(step.second_factor).toBe('verify');
    expect(login.cookies).toHaveLength(0);
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login/verify',
      payload: { challenge: step.challenge, code: nextCode(secret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    // Off needs a current code; a wrong one changes nothing.
    const refused = await call(admin, '/api/admin/account/two-factor/disable', {
      code: wrongCodeFor(secret),
    });
    expect(refused.statusCode).toBe(400);
    expect((await status(admin)).json()).toMatchObject({ enabled: true });
    const off = await call(admin, '/api/admin/account/two-factor/disable', { code: nextCode(secret) });
    expect(off.statusCode, off.body).toBe(204);
    expect((await status(admin)).json()).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    const [row] = await testApp.database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row?.totpSecret).toBeNull();
    const [codesLeft] = await testApp.database.db
      .select({ value: count() })
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, admin.id));
    expect(codesLeft?.value).toBe(0);

    // And the password alone signs in again.
    const plain = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/admin-login',
      payload: { email: 'support@staff.example', password: testAdminPassword },
    });
    expect(plain.json()).toMatchObject({ success: true, admin: { role: 'support' } });

    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'admin.security_code_failed',
        'admin.two_factor_enrol',
        'admin.two_factor_disable',
      ]),
    );
  });

  it('lets support turn it off with a recovery code when the phone is gone', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const { codes } = await enrolSupport(admin);
    const off = await call(admin, '/api/admin/account/two-factor/disable', { code: codes[3] });
    expect(off.statusCode, off.body).toBe(204);
  });

  it.each<AdminRole>(['super_admin', 'operations'])('refuses to turn it off for %s', async (role) => {
    const admin = await signInTestAdmin(testApp, role);
    const response = await call(admin, '/api/admin/account/two-factor/disable', { code: nextCode() });
    expect(response.statusCode).toBe(409);
    expect((await status(admin)).json()).toMatchObject({ enabled: true });
    expect(await auditActions()).not.toContain('admin.two_factor_disable');
  });
});

describe('recovery codes', () => {
  it('replaces them after a current code: the old ones stop working, a new one signs in once', async () => {
    const admin = await signInTestAdmin(testApp, 'operations');
    const first = await call(admin, '/api/admin/account/two-factor/recovery-codes', { code: nextCode() });
    expect(first.statusCode, first.body).toBe(200);
    const oldCodes = (first.json() as { recovery_codes: string[] }).recovery_codes;
    expect(oldCodes).toHaveLength(10);
    expect((await status(admin)).json()).toMatchObject({ recovery_codes_left: 10 });

    // A recovery code is not accepted in place of the app's code here.
    const withRecovery = await call(admin, '/api/admin/account/two-factor/recovery-codes', {
      code: oldCodes[0],
    });
    expect(withRecovery.statusCode).toBe(400);

    const second = await call(admin, '/api/admin/account/two-factor/recovery-codes', { code: nextCode() });
    expect(second.statusCode, second.body).toBe(200);
    const newCodes = (second.json() as { recovery_codes: string[] }).recovery_codes;
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);

    const signInWith = async (code: string) => {
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/functions/v1/admin-login',
        payload: { email: 'operations@staff.example', password: testAdminPassword },
      });
      const { challenge } = login.json() as { challenge: string };
      return testApp.app.inject({
        method: 'POST',
        url: '/api/admin/login/verify',
        payload: { challenge, code },
      });
    };
    expect((await signInWith(oldCodes[1] ?? '')).statusCode).toBe(401);
    expect((await signInWith(newCodes[1] ?? '')).statusCode).toBe(200);
    expect((await signInWith(newCodes[1] ?? '')).statusCode).toBe(401);
    expect((await status(admin)).json()).toMatchObject({ recovery_codes_left: 9 });

    const entries = await testApp.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'admin.recovery_codes_regenerate'))
      .orderBy(adminAuditLog.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]?.before).toMatchObject({ codes_unused: 10 });
    expect(entries[1]?.after).toMatchObject({ codes_issued: 10 });
    expect(entries[1]?.actorAdminId).toBe(admin.id);
  });

  it('refuses support without two-factor (nothing to replace)', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const response = await call(admin, '/api/admin/account/two-factor/recovery-codes', { code: '123456' });
    expect(response.statusCode).toBe(409);
  });

  it('rate limits wrong codes with the sign-in limiter: at the limit even a right code is refused', async () => {
    const admin = await signInTestAdmin(testApp, 'super_admin');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(admin, '/api/admin/account/two-factor/recovery-codes', {
        code: wrongCodeFor(),
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual(Array(10).fill(400));
    const limited = await call(admin, '/api/admin/account/two-factor/recovery-codes', {
      code: wrongCodeFor(),
    });
    expect(limited.statusCode).toBe(429);
    const right = await call(admin, '/api/admin/account/two-factor/recovery-codes', { code: nextCode() });
    expect(right.statusCode).toBe(429);
    // The session itself is fine: a 400/429 is no sign-out.
    expect((await status(admin)).statusCode).toBe(200);
    // The limit is the one sign-in uses: the second step is refused too.
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/admin-login',
      payload: { email: 'super_admin@staff.example', password: testAdminPassword },
    });
    const { challenge } = login.json() as { challenge: string };
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login/verify',
      payload: { challenge, code: nextCode() },
    });
    expect(verify.statusCode).toBe(429);
    const [failed] = await testApp.database.db
      .select({ value: count() })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'admin.security_code_failed'));
    expect(failed?.value).toBe(10);
  });
});

describe('other sessions', () => {
  it('signs out of every other session and keeps this one', async () => {
    const admin = await signInTestAdmin(testApp, 'support');
    const other = await completeAdminLogin(testApp, 'support@staff.example');
    expect((await status(admin)).json()).toMatchObject({ other_sessions: 1 });
    const response = await call(admin, '/api/admin/account/sessions/revoke-others', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sessions_ended: 1 });
    const gone = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/account/security',
      headers: { cookie: other.cookie, 'x-admin-token': other.token },
    });
    expect(gone.statusCode).toBe(401);
    expect((await status(admin)).statusCode).toBe(200);
    const [live] = await testApp.database.db
      .select({ value: count() })
      .from(adminSessions)
      .where(and(eq(adminSessions.adminUserId, admin.id), isNull(adminSessions.revokedAt)));
    expect(live?.value).toBe(1);
    expect(await auditActions()).toContain('admin.sessions_revoke_others');
  });
});
