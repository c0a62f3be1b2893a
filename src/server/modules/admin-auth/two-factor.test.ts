import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, adminRecoveryCodes, adminUsers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { enrolTestTotp, testAdminPassword, testTotpSecret } from './admin-test-helpers';
import { createAdminAccount } from './service';
import { ADMIN_SESSION_COOKIE } from './session-cookie';
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

async function createStaff(role: 'super_admin' | 'operations' | 'support', email = `${role}@staff.example`) {
  return createAdminAccount(testApp.database.db, {
    email,
    password: testAdminPassword,
    role,
    firstName: 'Tess',
    lastName: 'Factor',
  });
}

function post(url: string, payload: Record<string, unknown>) {
  return testApp.app.inject({ method: 'POST', url, payload });
}

async function passwordStep(email: string) {
  const response = await post('/functions/v1/admin-login', { email, password: testAdminPassword });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.cookies).toHaveLength(0);
  return response.json() as { second_factor: 'verify' | 'enrol'; challenge: string };
}

const codeNow = (secret = testTotpSecret) => totpCodeAt(testApp.config, secret, testApp.clock.now());

describe('two-factor sign-in for staff', () => {
  it('lets support sign in with the password alone until they enrol', async () => {
    await createStaff('support');
    const response = await post('/functions/v1/admin-login', {
      email: 'support@staff.example',
      password: testAdminPassword,
    });
    expect(response.json()).toMatchObject({ success: true, admin: { role: 'support' } });
    expect(response.cookies.some((cookie) => cookie.name === ADMIN_SESSION_COOKIE)).toBe(true);
  });

  it('makes a super_admin without two-factor enrol before the first session: QR code, first code, ten recovery codes', async () => {
    const admin = await createStaff('super_admin');
    const step = await passwordStep('super_admin@staff.example');
    expect(step.second_factor).toBe('enrol');
    // The challenge is no session.
    const session = await testApp.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(session.statusCode).toBe(401);

    const started = await post('/api/admin/login/enrolment', { challenge: step.challenge });
    expect(started.statusCode).toBe(200);
    const enrolment = started.json() as {
      enrolment: string;
      secret: string;
      otpauth_uri: string;
      qr_code: string;
    };
    expect(enrolment.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_uri).toContain('super_admin%40staff.example');

    const wrong = await post('/api/admin/login/enrolment/confirm', {
      challenge: step.challenge,
      enrolment: enrolment.enrolment,
      code: codeNow(enrolment.secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);

    const confirmed = await post('/api/admin/login/enrolment/confirm', {
      challenge: step.challenge,
      enrolment: enrolment.enrolment,
      code: codeNow(enrolment.secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json() as { token: string; recovery_codes: string[] };
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    expect(confirmed.cookies.some((cookie) => cookie.name === ADMIN_SESSION_COOKIE)).toBe(true);

    const [row] = await testApp.database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(row?.totpEnabledAt).not.toBeNull();
    expect(row?.totpSecret).not.toContain(enrolment.secret);
    const stored = await testApp.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, admin.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((code) => code.codeHash)).not.toContain(body.recovery_codes[0]);
    const actions = (await testApp.database.db.select().from(adminAuditLog)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['admin.sign_in_failed', 'admin.two_factor_enrol', 'admin.sign_in']),
    );

    // The challenge was used: it cannot start a second session.
    const again = await post('/api/admin/login/enrolment/confirm', {
      challenge: step.challenge,
      enrolment: enrolment.enrolment,
      code: codeNow(enrolment.secret),
    });
    expect(again.statusCode).toBe(401);
  });

  it('asks an enrolled admin for a code, takes each code once, and takes a recovery code once', async () => {
    const admin = await createStaff('operations');
    await enrolTestTotp(testApp, admin.id);
    const first = await passwordStep('operations@staff.example');
    expect(first.second_factor).toBe('verify');
    const wrong = await post('/api/admin/login/verify', { challenge: first.challenge, code: '12345' });
    expect(wrong.statusCode).toBe(400);
    const code = codeNow();
    const right = await post('/api/admin/login/verify', { challenge: first.challenge, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ success: true, admin: { role: 'operations' } });

    const second = await passwordStep('operations@staff.example');
    const replayed = await post('/api/admin/login/verify', { challenge: second.challenge, code });
    expect(replayed.statusCode).toBe(401);

    await testApp.database.db.insert(adminRecoveryCodes).values({
      adminUserId: admin.id,
      codeHash: (await import('./two-factor')).hashRecoveryCode('abcde-fghij'),
    });
    const recovered = await post('/api/admin/login/verify', {
      challenge: second.challenge,
      code: 'ABCDE FGHIJ',
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    const third = await passwordStep('operations@staff.example');
    const reused = await post('/api/admin/login/verify', { challenge: third.challenge, code: 'abcde-fghij' });
    expect(reused.statusCode).toBe(401);
  });

  it('ends a challenge after 5 wrong codes and limits wrong codes per admin', async () => {
    const admin = await createStaff('super_admin');
    await enrolTestTotp(testApp, admin.id);
    const wrongCode = codeNow() === '000000' ? '111111' : '000000';
    const first = await passwordStep('super_admin@staff.example');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(
        (await post('/api/admin/login/verify', { challenge: first.challenge, code: wrongCode })).statusCode,
      );
    }
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    const ended = await post('/api/admin/login/verify', { challenge: first.challenge, code: codeNow() });
    expect(ended.statusCode).toBe(401);
    expect((ended.json() as { error: { message: string } }).error.message).toMatch(/expired/);

    const second = await passwordStep('super_admin@staff.example');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await post('/api/admin/login/verify', { challenge: second.challenge, code: wrongCode });
    }
    const third = await passwordStep('super_admin@staff.example');
    const limited = await post('/api/admin/login/verify', { challenge: third.challenge, code: wrongCode });
    expect(limited.statusCode).toBe(429);
    const stillLimited = await post('/api/admin/login/verify', {
      challenge: third.challenge,
      code: codeNow(),
    });
    expect(stillLimited.statusCode).toBe(429);
    const [failures] = await testApp.database.db
      .select({ value: count() })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'admin.sign_in_failed'));
    expect(failures?.value).toBe(10);
  });

  it('refuses a challenge after 10 minutes', async () => {
    const admin = await createStaff('super_admin');
    await enrolTestTotp(testApp, admin.id);
    const step = await passwordStep('super_admin@staff.example');
    testApp.clock.advance(10 * 60 * 1000 + 1);
    const late = await post('/api/admin/login/verify', { challenge: step.challenge, code: codeNow() });
    expect(late.statusCode).toBe(401);
  });
});
