import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordMessages } from '../../../shared/auth/password-policy';
import { outboxMessages, users } from '../../db/schema';
import { verifyPassword } from '../../security/passwords';
import {
  callFunction,
  latestMagicLink,
  latestOutboxMessage,
  latestSmsCode,
  sessionCookieFrom,
  signUpInvestor,
  testOrigin,
  verifyEmail,
} from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

function setPassword(cookie: string, password: string, confirmPassword = password) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    payload: { password, confirmPassword },
    headers: { origin: testOrigin, cookie },
  });
}

async function reachPasswordStep(email: string): Promise<string> {
  const cookie = await verifyEmail(testApp, email);
  await callFunction(testApp, 'auth-phone-start', { phone: '+16175550123' }, cookie);
  await callFunction(
    testApp,
    'auth-phone-check',
    { phone: '+16175550123', code: await latestSmsCode(testApp, '+16175550123') },
    cookie,
  );
  return cookie;
}

describe('setting the first password', () => {
  it.each([
    ['Short1!', passwordMessages.length],
    ['all-lowercase-123!', passwordMessages.uppercase],
    ['ALL-UPPERCASE-123!', passwordMessages.lowercase],
    ['No-Numbers-Here!!', passwordMessages.number],
    ['NoSpecials12345', passwordMessages.special],
  ])('refuses %s with "%s"', async (password, message) => {
    const cookie = await reachPasswordStep('rules@example.com');
    const response = await setPassword(cookie, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: message, next_screen: null });
  });

  it('refuses a confirmation that does not match', async () => {
    const cookie = await reachPasswordStep('mismatch@example.com');
    const response = await setPassword(cookie, 'Valid-Password-123', 'Valid-Password-124');
    expect(response.json()).toEqual({ ok: false, error: 'Passwords do not match', next_screen: null });
  });

  it('stores an argon2id hash, never the password', async () => {
    const cookie = await reachPasswordStep('hash@example.com');
    await setPassword(cookie, 'Valid-Password-123');
    const [user] = await testApp.context.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash!, 'Valid-Password-123')).toBe(true);
  });
});

describe('"Forgot password?" end to end (PRODUCT.md 8)', () => {
  it('e-mails a recovery link, asks for a new password and then the SMS code, and ends old sessions', async () => {
    const investor = await signUpInvestor(testApp, {
      email: 'forgetful@example.com',
      password: 'Old-Password-2024',
    });
    const otherDevice = await verifyEmail(testApp, investor.email);
    testApp.clock.advance(60 * 60_000);

    const request = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'Forgetful@Example.com' },
      headers: { origin: testOrigin },
    });
    expect(request.json()).toEqual({ ok: true, error: null });
    expect((await latestOutboxMessage(testApp, investor.email)).subject).toBe(
      'Reset your Steadyline password',
    );
    const link = await latestMagicLink(testApp, investor.email);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('/reset-password');

    const confirm = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token_hash: link.searchParams.get('token_hash'), type: 'recovery' },
      headers: { origin: testOrigin },
    });
    const cookie = sessionCookieFrom(confirm)!;
    expect(confirm.json()).toEqual({ ok: true, error: null });

    const withoutCode = await setPassword(cookie, 'New-Password-2025!');
    expect(withoutCode.statusCode).toBe(403);
    expect(withoutCode.json().error).toBe(
      'For your security, confirm it is you with a code sent to your phone.',
    );

    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/start',
      headers: { origin: testOrigin, cookie },
    });
    const code = await latestSmsCode(testApp, investor.phone);
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/verify',
      payload: { code },
      headers: { origin: testOrigin, cookie },
    });
    expect(verify.json().approved).toBe(true);
    const changed = await setPassword(cookie, 'New-Password-2025!');
    expect(changed.json()).toEqual({ ok: true, error: null, next_screen: '/get-started' });

    const otherSession = await testApp.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: otherDevice },
    });
    expect(otherSession.json().authenticated).toBe(false);
    const stillHere = await testApp.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(stillHere.json().authenticated).toBe(true);

    const oldLogin = await callFunction(testApp, 'auth-password-login', {
      email: investor.email,
      password: 'Old-Password-2024',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await callFunction(testApp, 'auth-password-login', {
      email: investor.email,
      password: 'New-Password-2025!',
    });
    expect(newLogin.json()).toMatchObject({ ok: true, needs_2fa: true });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await signUpInvestor(testApp, { email: 'known@example.com' });
    const before = (await testApp.context.db.select().from(outboxMessages)).length;
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'stranger@example.com' },
      headers: { origin: testOrigin },
    });
    const known = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'known@example.com' },
      headers: { origin: testOrigin },
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect((await testApp.context.db.select().from(outboxMessages)).length).toBe(before + 1);
  });
});
