import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { investors, outboxMessages, sessions } from '../../db/schema';
import {
  callFunction,
  latestSmsCode,
  sessionCookieFrom,
  type SignedInInvestor,
  signUpInvestor,
  testOrigin,
  verifyEmail,
} from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let testApp: TestApp;
let investor: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  investor = await signUpInvestor(testApp, {
    email: 'ada@example.com',
    phone: '+16175550111',
    password: 'Analytical-Engine-1843',
  });
  // A fresh rate-limit window and no pending resend wait for every test.
  testApp.clock.advance(60 * 60_000);
});

async function sessionOf(cookie: string | null) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/session',
    headers: cookie ? { cookie } : {},
  });
  return response.json() as {
    authenticated: boolean;
    pending_second_factor: boolean;
    phone_mask: string | null;
  };
}

function passwordLogin(email: string, password: string) {
  return callFunction(testApp, 'auth-password-login', { email, password });
}

describe('password sign-in with the SMS code', () => {
  it('asks for the SMS code after a correct password, then signs in', async () => {
    const login = await passwordLogin('ADA@example.com', investor.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({
      ok: true,
      needs_2fa: true,
      phone_mask: '***-***-0111',
      error: null,
      code_sent: true,
      code_reused: false,
      code_sent_at: testApp.clock.now().toISOString(),
      retry_after_seconds: 60,
    });
    const pending = sessionCookieFrom(login);
    expect(await sessionOf(pending)).toMatchObject({
      authenticated: false,
      pending_second_factor: true,
      phone_mask: '***-***-0111',
    });
    // A second-factor session opens nothing else.
    const resume = await callFunction(testApp, 'onboard-resume', {}, pending);
    expect(resume.statusCode).toBe(401);

    const code = await latestSmsCode(testApp, investor.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, pending);
    expect(check.json()).toEqual({ ok: true, approved: true, error: null });
    const full = sessionCookieFrom(check);
    expect(full).not.toBe(pending);
    expect(await sessionOf(full)).toMatchObject({ authenticated: true });
    expect(await sessionOf(pending)).toMatchObject({ authenticated: false, pending_second_factor: false });
  });

  it('answers the same to a wrong password and to an unknown e-mail', async () => {
    const wrong = await passwordLogin('ada@example.com', 'Not-The-Password-1');
    const unknown = await passwordLogin('nobody@example.com', 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      ok: false,
      needs_2fa: false,
      phone_mask: null,
      error: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookieFrom(wrong)).toBeNull();
  });

  it('locks an account after 5 wrong passwords with a retry-after, known or not', async () => {
    for (const email of ['ada@example.com', 'ghost@example.com']) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await passwordLogin(email, 'Wrong-Password-99')).statusCode).toBe(401);
      }
      const locked = await passwordLogin(
        email,
        email === 'ada@example.com' ? investor.password : 'Wrong-Password-99',
      );
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json().error).toMatch(
        /^Too many failed sign-in attempts\. Try again in (\d+ minutes?( \d+ seconds?)?|\d+ seconds?)\.$/,
      );
    }
    testApp.clock.advance(15 * 60_000);
    expect((await passwordLogin('ada@example.com', investor.password)).json()).toMatchObject({
      ok: true,
      needs_2fa: true,
    });
  });

  it('limits password attempts per client IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await passwordLogin(`user${attempt}@example.com`, 'Wrong-Password-99')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('refuses a suspended investor even with the right password', async () => {
    await testApp.context.db
      .update(investors)
      .set({ status: 'suspended' })
      .where(eq(investors.id, investor.investorId));
    const login = await passwordLogin('ada@example.com', investor.password);
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('This account is suspended. Please contact support.');
    expect(sessionCookieFrom(login)).toBeNull();
  });

  it('ends the sessions of an investor who is suspended while signed in', async () => {
    const cookie = await verifyEmail(testApp, investor.email);
    expect((await sessionOf(cookie)).authenticated).toBe(true);
    await testApp.context.db
      .update(investors)
      .set({ status: 'suspended' })
      .where(eq(investors.id, investor.investorId));
    expect((await sessionOf(cookie)).authenticated).toBe(false);
    const rows = await testApp.context.db.select().from(sessions).where(eq(sessions.userId, investor.userId));
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });
});

describe('SMS codes', () => {
  async function pendingSecondFactor() {
    const login = await passwordLogin('ada@example.com', investor.password);
    return sessionCookieFrom(login)!;
  }

  it('says Invalid code to a wrong code and kills the code after 5 wrong tries', async () => {
    const pending = await pendingSecondFactor();
    const code = await latestSmsCode(testApp, investor.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await callFunction(testApp, 'auth-phone-check', { code: wrong }, pending);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, approved: false, error: 'Invalid code' });
    }
    const fifth = await callFunction(testApp, 'auth-phone-check', { code: wrong }, pending);
    expect(fifth.json().error).toBe('Too many incorrect attempts. Please request a new code.');
    const right = await callFunction(testApp, 'auth-phone-check', { code }, pending);
    expect(right.json()).toEqual({
      ok: false,
      approved: false,
      error: 'Too many incorrect attempts. Please request a new code.',
    });
  });

  it('expires a code after 10 minutes', async () => {
    const pending = await pendingSecondFactor();
    const code = await latestSmsCode(testApp, investor.phone);
    testApp.clock.advance(10 * 60_000 + 1000);
    const response = await callFunction(testApp, 'auth-phone-check', { code }, pending);
    expect(response.json().ok).toBe(false);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('strips non-digits and refuses anything but six digits without counting a try', async () => {
    const pending = await pendingSecondFactor();
    const code = await latestSmsCode(testApp, investor.phone);
    expect((await callFunction(testApp, 'auth-phone-check', { code: '12345' }, pending)).json().error).toBe(
      'Invalid code',
    );
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await callFunction(testApp, 'auth-phone-check', { code: spaced }, pending)).json().approved).toBe(
      true,
    );
  });

  it('waits 60 s between two codes to the same number and says how long', async () => {
    const pending = await pendingSecondFactor();
    testApp.clock.advance(20_000);
    const early = await callFunction(testApp, 'auth-phone-start', { resend: true }, pending);
    expect(early.statusCode).toBe(429);
    // The wait travels as a number: every screen counts it down in minutes and seconds.
    expect(early.json()).toEqual({
      ok: false,
      error: 'Please wait before requesting another code.',
      retry_after_seconds: 40,
    });
    testApp.clock.advance(40_000);
    const resent = await callFunction(testApp, 'auth-phone-start', { resend: true }, pending);
    expect(resent.json()).toMatchObject({
      ok: true,
      error: null,
      retry_after_seconds: 60,
      code_reused: false,
    });
  });

  it('uses only the newest code', async () => {
    const pending = await pendingSecondFactor();
    const first = await latestSmsCode(testApp, investor.phone);
    testApp.clock.advance(61_000);
    await callFunction(testApp, 'auth-phone-start', { resend: true }, pending);
    const second = await latestSmsCode(testApp, investor.phone);
    if (first !== second) {
      expect(
        (await callFunction(testApp, 'auth-phone-check', { code: first }, pending)).json().approved,
      ).toBe(false);
    }
    expect((await callFunction(testApp, 'auth-phone-check', { code: second }, pending)).json().approved).toBe(
      true,
    );
  });

  it('limits codes per number to 5 an hour', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await callFunction(testApp, 'auth-phone-start', { phone: investor.phone, resend: true })).statusCode,
      );
      testApp.clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits code checks per client IP', async () => {
    const pending = await pendingSecondFactor();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push(
        (await callFunction(testApp, 'auth-phone-check', { phone: '+16175550999', code: '123456' }, null))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await callFunction(testApp, 'auth-phone-check', { code: '123456' }, pending)).statusCode).toBe(
      429,
    );
  });
});

describe('the resend wait applies per purpose, and sign-in never claims a code it did not send', () => {
  async function smsCount(phone: string): Promise<number> {
    const rows = await testApp.context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, phone));
    return rows.length;
  }

  it('sends a fresh code to a password sign-in right after the sign-up phone code, and it works', async () => {
    // signUpInvestor ends with the phone step's code used moments ago: no clock moves after it.
    const grace = await signUpInvestor(testApp, {
      email: 'grace@example.com',
      phone: '+16175550122',
      password: 'Compiler-Pioneer-1952',
    });
    const before = await smsCount(grace.phone);
    const login = await passwordLogin(grace.email, grace.password);
    expect(login.json()).toMatchObject({
      ok: true,
      needs_2fa: true,
      code_sent: true,
      retry_after_seconds: 60,
    });
    expect(await smsCount(grace.phone)).toBe(before + 1);
    const code = await latestSmsCode(testApp, grace.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, sessionCookieFrom(login));
    expect(check.json()).toEqual({ ok: true, approved: true, error: null });
  });

  it('sends a step-up code right after the sign-in code', async () => {
    const login = await passwordLogin(investor.email, investor.password);
    const check = await callFunction(
      testApp,
      'auth-phone-check',
      { code: await latestSmsCode(testApp, investor.phone) },
      sessionCookieFrom(login),
    );
    const full = sessionCookieFrom(check)!;
    const stepUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/start',
      headers: { origin: testOrigin, cookie: full },
    });
    expect(stepUp.statusCode).toBe(200);
    expect(stepUp.json()).toMatchObject({ ok: true, retry_after_seconds: 60 });
  });

  it('sends a fresh code at once to a sign-in after the last code was used', async () => {
    const first = await passwordLogin(investor.email, investor.password);
    await callFunction(
      testApp,
      'auth-phone-check',
      { code: await latestSmsCode(testApp, investor.phone) },
      sessionCookieFrom(first),
    );
    testApp.clock.advance(5_000);
    const before = await smsCount(investor.phone);
    const again = await passwordLogin(investor.email, investor.password);
    expect(again.json()).toMatchObject({ code_sent: true, retry_after_seconds: 60 });
    expect(await smsCount(investor.phone)).toBe(before + 1);
    const check = await callFunction(
      testApp,
      'auth-phone-check',
      { code: await latestSmsCode(testApp, investor.phone) },
      sessionCookieFrom(again),
    );
    expect(check.json().approved).toBe(true);
  });

  it('keeps the code already on its way for a repeated sign-in within the wait', async () => {
    await passwordLogin(investor.email, investor.password);
    const code = await latestSmsCode(testApp, investor.phone);
    const before = await smsCount(investor.phone);
    testApp.clock.advance(20_000);
    const again = await passwordLogin(investor.email, investor.password);
    expect(again.json()).toMatchObject({ code_sent: true, retry_after_seconds: 40 });
    expect(await smsCount(investor.phone)).toBe(before);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, sessionCookieFrom(again));
    expect(check.json().approved).toBe(true);
  });

  it('says no code was sent, and when one can be, when the pending code is used up within the wait', async () => {
    const first = await passwordLogin(investor.email, investor.password);
    const code = await latestSmsCode(testApp, investor.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await callFunction(testApp, 'auth-phone-check', { code: wrong }, sessionCookieFrom(first));
    }
    const before = await smsCount(investor.phone);
    testApp.clock.advance(15_000);
    const again = await passwordLogin(investor.email, investor.password);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      ok: true,
      needs_2fa: true,
      code_sent: false,
      retry_after_seconds: 45,
    });
    expect(await smsCount(investor.phone)).toBe(before);
    testApp.clock.advance(45_000);
    const resent = await callFunction(testApp, 'auth-phone-start', {}, sessionCookieFrom(again));
    expect(resent.json()).toMatchObject({
      ok: true,
      error: null,
      retry_after_seconds: 60,
      code_reused: false,
    });
  });

  it('says no code was sent when the number has had its codes for the hour', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await callFunction(testApp, 'auth-phone-start', { phone: investor.phone, resend: true });
      testApp.clock.advance(61_000);
    }
    const before = await smsCount(investor.phone);
    const login = await passwordLogin(investor.email, investor.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ ok: true, needs_2fa: true, code_sent: false });
    expect(login.json().retry_after_seconds).toBeGreaterThan(0);
    expect(await smsCount(investor.phone)).toBe(before);
    expect(await sessionOf(sessionCookieFrom(login))).toMatchObject({ pending_second_factor: true });
  });
});

describe('a person doing ordinary things never meets a limit meant for abuse (issue 24 item 9)', () => {
  async function smsCount(phone: string): Promise<number> {
    const rows = await testApp.context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, phone));
    return rows.length;
  }

  /** Password, then the texted code: the full session's cookie. */
  async function signInWithPassword(): Promise<string> {
    const login = await passwordLogin(investor.email, investor.password);
    expect(login.json()).toMatchObject({ ok: true, needs_2fa: true, code_sent: true });
    const code = await latestSmsCode(testApp, investor.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, sessionCookieFrom(login));
    expect(check.json()).toEqual({ ok: true, approved: true, error: null });
    return sessionCookieFrom(check)!;
  }

  function startStepUp(cookie: string, body: Record<string, unknown> = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/start',
      payload: body,
      headers: { origin: testOrigin, cookie },
    });
  }

  /** What every sensitive settings change asks first (phone, tax, bank, passkey, transfer). */
  async function confirmStepUp(cookie: string): Promise<void> {
    const start = await startStepUp(cookie);
    expect(start.statusCode, start.body).toBe(200);
    const verify = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/verify',
      payload: { code: await latestSmsCode(testApp, investor.phone) },
      headers: { origin: testOrigin, cookie },
    });
    expect(verify.json(), verify.body).toMatchObject({ approved: true });
  }

  it('signs in with a password after a sitting of six settings changes, each confirmed by a code', async () => {
    const cookie = await signInWithPassword();
    for (let change = 0; change < 6; change += 1) {
      testApp.clock.advance(3 * 60_000);
      await confirmStepUp(cookie);
    }
    await callFunction(testApp, 'auth-logout', {}, cookie);
    testApp.clock.advance(60_000);
    await signInWithPassword();
  });

  it('lets one visitor after another sign in to a shared account with the password and the code', async () => {
    for (let visitor = 0; visitor < 8; visitor += 1) {
      const cookie = await signInWithPassword();
      await callFunction(testApp, 'auth-logout', {}, cookie);
      testApp.clock.advance(60_000);
    }
  });

  it('offers the code still valid again instead of sending another, and says when it was sent', async () => {
    const first = await passwordLogin(investor.email, investor.password);
    expect(first.json()).toMatchObject({ code_sent: true, code_reused: false, retry_after_seconds: 60 });
    const sentAt = first.json().code_sent_at as string;
    const code = await latestSmsCode(testApp, investor.phone);
    const before = await smsCount(investor.phone);
    testApp.clock.advance(2 * 60_000);

    const again = await passwordLogin(investor.email, investor.password);
    expect(again.json()).toMatchObject({
      ok: true,
      needs_2fa: true,
      code_sent: true,
      code_reused: true,
      code_sent_at: sentAt,
      retry_after_seconds: 0,
    });
    expect(await smsCount(investor.phone)).toBe(before);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, sessionCookieFrom(again));
    expect(check.json().approved).toBe(true);

    // A step-up dialog closed before its code was entered, then opened again.
    const full = sessionCookieFrom(check)!;
    const opened = await startStepUp(full);
    expect(opened.json()).toMatchObject({ ok: true, code_reused: false });
    testApp.clock.advance(30_000);
    const reopened = await startStepUp(full);
    expect(reopened.json()).toMatchObject({
      ok: true,
      code_reused: true,
      code_sent_at: opened.json().code_sent_at,
      retry_after_seconds: 30,
    });
  });

  it('sends a new code on "Resend code" even while the last one is valid', async () => {
    const login = await passwordLogin(investor.email, investor.password);
    const pending = sessionCookieFrom(login);
    testApp.clock.advance(61_000);
    const before = await smsCount(investor.phone);
    const resent = await callFunction(testApp, 'auth-phone-start', { resend: true }, pending);
    expect(resent.json()).toMatchObject({ ok: true, code_reused: false, retry_after_seconds: 60 });
    expect(await smsCount(investor.phone)).toBe(before + 1);
    const code = await latestSmsCode(testApp, investor.phone);
    expect((await callFunction(testApp, 'auth-phone-check', { code }, pending)).json().approved).toBe(true);
  });

  it('keeps step-ups off the sign-in budget: unused step-up codes never stop a password sign-in', async () => {
    const cookie = await signInWithPassword();
    const statuses: number[] = [];
    for (let request = 0; request < 6; request += 1) {
      testApp.clock.advance(61_000);
      statuses.push((await startStepUp(cookie, { resend: true })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await startStepUp(cookie, { resend: true });
    expect(refused.json()).toMatchObject({
      ok: false,
      error:
        'For your security, we send only a few codes to one phone each hour, and this phone has had them.',
    });
    expect(refused.json().retry_after_seconds).toBeGreaterThan(0);
    await callFunction(testApp, 'auth-logout', {}, cookie);
    await signInWithPassword();
  });

  it('says why no code was sent when the sign-in codes of the hour went unused', async () => {
    for (let request = 0; request < 5; request += 1) {
      await callFunction(testApp, 'auth-phone-start', { phone: investor.phone, resend: true });
      testApp.clock.advance(61_000);
    }
    const login = await passwordLogin(investor.email, investor.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      ok: true,
      needs_2fa: true,
      code_sent: false,
      code_error:
        'For your security, we send only a few sign-in codes to one phone each hour, and this phone has had them.',
    });
    expect(login.json().retry_after_seconds).toBeGreaterThan(0);
  });
});

describe('SMS-code sign-in (the SMS tab)', () => {
  it('signs in with a code sent to the verified phone', async () => {
    const start = await callFunction(testApp, 'auth-phone-start', { phone: '617.555.0111' });
    expect(start.json()).toMatchObject({
      ok: true,
      error: null,
      retry_after_seconds: 60,
      code_reused: false,
    });
    const code = await latestSmsCode(testApp, investor.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { phone: '(617) 555-0111', code });
    expect(check.json()).toEqual({ ok: true, approved: true, error: null });
    expect(await sessionOf(sessionCookieFrom(check))).toMatchObject({ authenticated: true });
  });

  it('answers the same for an unregistered number and sends it nothing', async () => {
    const before = (await testApp.context.db.select().from(outboxMessages)).length;
    const known = await callFunction(testApp, 'auth-phone-start', { phone: investor.phone });
    const unknown = await callFunction(testApp, 'auth-phone-start', { phone: '+16175550998' });
    expect(unknown.json()).toEqual(known.json());
    expect((await testApp.context.db.select().from(outboxMessages)).length).toBe(before + 1);
    testApp.clock.advance(10_000);
    const knownAgain = await callFunction(testApp, 'auth-phone-start', { phone: investor.phone });
    const unknownAgain = await callFunction(testApp, 'auth-phone-start', { phone: '+16175550998' });
    expect(unknownAgain.json()).toEqual(knownAgain.json());
    expect(unknownAgain.json()).toMatchObject({ ok: true, code_reused: true });
    const knownResend = await callFunction(testApp, 'auth-phone-start', {
      phone: investor.phone,
      resend: true,
    });
    const unknownResend = await callFunction(testApp, 'auth-phone-start', {
      phone: '+16175550998',
      resend: true,
    });
    expect(unknownResend.json()).toEqual(knownResend.json());
    expect(unknownResend.statusCode).toBe(429);
  });

  it('refuses an invalid number with the spec message', async () => {
    const response = await callFunction(testApp, 'auth-phone-start', { phone: '0123-45' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: 'Please enter a valid phone number' });
  });

  it('sends no code to a suspended investor', async () => {
    await testApp.context.db
      .update(investors)
      .set({ status: 'suspended' })
      .where(eq(investors.id, investor.investorId));
    const before = (await testApp.context.db.select().from(outboxMessages)).length;
    expect((await callFunction(testApp, 'auth-phone-start', { phone: investor.phone })).json().ok).toBe(true);
    expect((await testApp.context.db.select().from(outboxMessages)).length).toBe(before);
  });
});

describe('sessions', () => {
  it('sign-out revokes the session on the server, not just the cookie', async () => {
    const cookie = await verifyEmail(testApp, investor.email);
    expect((await sessionOf(cookie)).authenticated).toBe(true);
    const logout = await callFunction(testApp, 'auth-logout', {}, cookie);
    expect(logout.json()).toEqual({ ok: true, error: null });
    expect(logout.cookies.find((entry) => entry.name === 'sl_session')?.value).toBe('');
    expect((await sessionOf(cookie)).authenticated).toBe(false);
    const rows = await testApp.context.db.select().from(sessions).where(eq(sessions.userId, investor.userId));
    const newest = rows.sort((left, right) => right.createdAt.getTime() - left.createdAt.getTime())[0];
    expect(newest?.revokedAt).not.toBeNull();
  });

  it('ends after 30 idle minutes', async () => {
    const login = await signInFully();
    testApp.clock.advance(29 * 60_000);
    expect((await sessionOf(login)).authenticated).toBe(true);
    testApp.clock.advance(29 * 60_000);
    expect((await sessionOf(login)).authenticated).toBe(true);
    testApp.clock.advance(30 * 60_000 + 1000);
    expect((await sessionOf(login)).authenticated).toBe(false);
  });

  it('ends 12 hours after sign-in however busy', async () => {
    const login = await signInFully();
    for (let step = 0; step < 23; step += 1) {
      testApp.clock.advance(30 * 60_000 - 1000);
      expect((await sessionOf(login)).authenticated).toBe(true);
    }
    testApp.clock.advance(30 * 60_000);
    expect((await sessionOf(login)).authenticated).toBe(false);
  });

  it('refuses a cross-site state-changing request', async () => {
    const cookie = await verifyEmail(testApp, investor.email);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-logout',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await sessionOf(cookie)).authenticated).toBe(true);
  });

  it('ignores a forged cookie', async () => {
    expect((await sessionOf('sl_session=forged-token-value')).authenticated).toBe(false);
  });

  async function signInFully(): Promise<string> {
    const login = await passwordLogin('ada@example.com', investor.password);
    const code = await latestSmsCode(testApp, investor.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { code }, sessionCookieFrom(login));
    return sessionCookieFrom(check)!;
  }
});

describe('origin', () => {
  it('accepts the app’s own origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-logout',
      headers: { origin: testOrigin, cookie: await verifyEmail(testApp, investor.email) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, error: null });
  });
});
