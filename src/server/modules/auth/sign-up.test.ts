import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { investorOnboarding, investors, notificationPreferences, referrals, users } from '../../db/schema';
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

async function session(cookie: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  return response.json() as {
    authenticated: boolean;
    investor: {
      status: string;
      next_screen: string;
      phone_masked: string | null;
      member_since_year: number;
    } | null;
  };
}

describe('sign-up journey', () => {
  it('e-mails a magic link with a text and an HTML part that points at /auth/confirm', async () => {
    const response = await callFunction(testApp, 'auth-start', { email: 'new.investor@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, ok: true, error: null });
    const message = await latestOutboxMessage(testApp, 'new.investor@example.com');
    expect(message.subject).toBe('Confirm your email to get started with Steadyline');
    expect(message.html).toContain('Confirm email and continue');
    const link = await latestMagicLink(testApp, 'new.investor@example.com');
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/auth/confirm');
    expect(link.searchParams.get('type')).toBe('email');
    expect(link.searchParams.get('redirect_to')).toBe('/verify-email');
    expect(link.searchParams.get('token_hash')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('creates the investor, onboarding row and notification preferences when the e-mail is verified', async () => {
    const cookie = await verifyEmail(testApp, 'first@example.com');
    const [user] = await testApp.context.db.select().from(users).where(eq(users.email, 'first@example.com'));
    expect(user?.emailVerifiedAt).toBeTruthy();
    const [investor] = await testApp.context.db
      .select()
      .from(investors)
      .where(eq(investors.userId, user!.id));
    expect(investor?.status).toBe('pending');
    expect(investor?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const [onboarding] = await testApp.context.db
      .select()
      .from(investorOnboarding)
      .where(eq(investorOnboarding.investorId, investor!.id));
    expect(onboarding).toMatchObject({
      emailVerified: true,
      phoneVerified: false,
      passwordVerified: false,
      lastStepCompleted: 'email',
    });
    const preferences = await testApp.context.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.investorId, investor!.id));
    expect(preferences).toHaveLength(1);
    expect((await session(cookie)).investor?.next_screen).toBe('/signup/phone');
  });

  it('goes e-mail -> phone -> password -> /dashboard, then /get-started, and the investor becomes active', async () => {
    const cookie = await verifyEmail(testApp, 'journey@example.com');
    const resume = async () => (await callFunction(testApp, 'onboard-resume', {}, cookie)).json().next_screen;
    expect(await resume()).toBe('/signup/phone');

    const start = await callFunction(testApp, 'auth-phone-start', { phone: '(617) 555-0199' }, cookie);
    expect(start.json()).toMatchObject({ ok: true, error: null, retry_after_seconds: 60 });
    const code = await latestSmsCode(testApp, '+16175550199');
    const check = await callFunction(testApp, 'auth-phone-check', { phone: '617-555-0199', code }, cookie);
    expect(check.json()).toEqual({ ok: true, approved: true, error: null });
    expect(await resume()).toBe('/signup/password');

    const password = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { password: 'Sunny-Harbor-2025', confirmPassword: 'Sunny-Harbor-2025' },
      headers: { origin: testOrigin, cookie },
    });
    expect(password.json()).toEqual({ ok: true, error: null, next_screen: '/dashboard' });
    expect(await resume()).toBe('/get-started');
    const state = await session(cookie);
    expect(state.investor).toMatchObject({
      status: 'active',
      phone_masked: '***-***-0199',
      member_since_year: 2026,
    });
  });

  it('records the referral carried by the sign-up link', async () => {
    const referrer = await signUpInvestor(testApp, { email: 'referrer@example.com' });
    const [referrerRow] = await testApp.context.db
      .select()
      .from(investors)
      .where(eq(investors.id, referrer.investorId));
    await verifyEmail(testApp, 'friend@example.com', { ref: referrerRow!.referralCode.toLowerCase() });
    const rows = await testApp.context.db.select().from(referrals);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerInvestorId).toBe(referrer.investorId);
  });

  it('does not record an unknown referral code', async () => {
    await verifyEmail(testApp, 'lonely@example.com', { ref: 'NOSUCHCODE' });
    expect(await testApp.context.db.select().from(referrals)).toHaveLength(0);
  });

  it('sets an http-only SameSite=Lax session cookie', async () => {
    await callFunction(testApp, 'auth-start', { email: 'cookie@example.com' });
    const link = await latestMagicLink(testApp, 'cookie@example.com');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token_hash: link.searchParams.get('token_hash'), type: 'email' },
      headers: { origin: testOrigin },
    });
    const cookie = response.cookies.find((entry) => entry.name === 'sl_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookieFrom(response)).toBeTruthy();
  });
});
