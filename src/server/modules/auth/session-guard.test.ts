import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { investors, users } from '../../db/schema';
import { registerErrorHandler } from '../../http/error-handler';
import {
  callFunction,
  latestSmsCode,
  type SignedInInvestor,
  signUpInvestor,
  testOrigin,
  verifyEmail,
} from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { getInvestorSession, investorSessionOf, requireInvestor, requireStepUp } from './session-guard';

let testApp: TestApp;
/** A separate app on the same context: routes of other modules as they would use the guard. */
let guarded: FastifyInstance;
let ada: SignedInInvestor;
let bob: SignedInInvestor;

beforeAll(async () => {
  testApp = await createTestApp();
  guarded = Fastify();
  registerErrorHandler(guarded);
  await guarded.register(cookie);
  guarded.get('/me', { preHandler: requireInvestor(testApp.context) }, async (request) =>
    investorSessionOf(request),
  );
  guarded.get('/onboarding', async (request) =>
    getInvestorSession(testApp.context, request, { allowOnboarding: true }),
  );
  guarded.post('/withdraw', async (request) => {
    const session = await requireStepUp(testApp.context, request);
    return { investorId: session.investorId };
  });
  guarded.post('/withdraw-strict', async (request) => requireStepUp(testApp.context, request, 60));
  await guarded.ready();
});
afterAll(async () => {
  await guarded.close();
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
  ada = await signUpInvestor(testApp, { email: 'ada@example.com' });
  bob = await signUpInvestor(testApp, { email: 'bob@example.com' });
});

function stepUp(path: 'start' | 'verify', investor: SignedInInvestor, payload?: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/auth/step-up/${path}`,
    headers: { origin: testOrigin, cookie: investor.cookie },
    ...(payload ? { payload } : {}),
  });
}

describe('requireInvestor', () => {
  it('yields the signed-in investor', async () => {
    const response = await guarded.inject({ method: 'GET', url: '/me', headers: { cookie: ada.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: ada.userId,
      investorId: ada.investorId,
      investorStatus: 'active',
    });
  });

  it('answers 401 without a session', async () => {
    const response = await guarded.inject({ method: 'GET', url: '/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to continue.' },
    });
  });

  it('keeps investors who are still onboarding out unless the route allows them', async () => {
    const pending = await verifyEmail(testApp, 'carol@example.com');
    const portal = await guarded.inject({ method: 'GET', url: '/me', headers: { cookie: pending } });
    expect(portal.statusCode).toBe(403);
    expect(portal.json().error.message).toBe('Please finish setting up your account first.');
    const onboarding = await guarded.inject({
      method: 'GET',
      url: '/onboarding',
      headers: { cookie: pending },
    });
    expect(onboarding.json()).toMatchObject({ investorStatus: 'pending' });
  });
});

describe('requireStepUp and the step-up endpoints', () => {
  it('asks for a fresh SMS code, then allows the action for 5 minutes', async () => {
    const refused = await guarded.inject({
      method: 'POST',
      url: '/withdraw',
      headers: { cookie: ada.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');

    testApp.clock.advance(61_000);
    const start = await stepUp('start', ada);
    expect(start.json()).toMatchObject({
      ok: true,
      error: null,
      phone_mask: `***-***-${ada.phone.slice(-4)}`,
      retry_after_seconds: 60,
    });
    const code = await latestSmsCode(testApp, ada.phone);
    expect((await stepUp('verify', ada, { code: '000000' === code ? '111111' : '000000' })).json()).toEqual({
      ok: false,
      approved: false,
      error: 'Invalid code',
    });
    expect((await stepUp('verify', ada, { code })).json()).toEqual({ ok: true, approved: true, error: null });

    const allowed = await guarded.inject({
      method: 'POST',
      url: '/withdraw',
      headers: { cookie: ada.cookie },
    });
    expect(allowed.json()).toEqual({ investorId: ada.investorId });
    expect(
      (await guarded.inject({ method: 'POST', url: '/withdraw-strict', headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(200);

    testApp.clock.advance(2 * 60_000);
    expect(
      (await guarded.inject({ method: 'POST', url: '/withdraw-strict', headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await guarded.inject({ method: 'POST', url: '/withdraw', headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(200);
    testApp.clock.advance(3 * 60_000 + 1000);
    expect(
      (await guarded.inject({ method: 'POST', url: '/withdraw', headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('does not let one investor use another investor’s step-up code', async () => {
    testApp.clock.advance(61_000);
    await stepUp('start', ada);
    const adasCode = await latestSmsCode(testApp, ada.phone);
    expect((await stepUp('verify', bob, { code: adasCode })).json().approved).toBe(false);
    expect(
      (await guarded.inject({ method: 'POST', url: '/withdraw', headers: { cookie: bob.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it('needs a session', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/step-up/start',
      headers: { origin: testOrigin },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ok: false, error: 'Please sign in to continue.', phone_mask: null });
  });
});

describe('functions act on the caller’s own session (PRODUCT.md 2)', () => {
  it('refuses another person’s user_id and changes nothing of theirs', async () => {
    const carol = await verifyEmail(testApp, 'carol@example.com');
    const [bobBefore] = await testApp.context.db.select().from(users).where(eq(users.id, bob.userId));
    for (const name of ['verify-email-complete', 'onboard-resume']) {
      const response = await callFunction(testApp, name, { user_id: bob.userId }, carol);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('You can only act on your own account.');
    }
    const [bobAfter] = await testApp.context.db.select().from(users).where(eq(users.id, bob.userId));
    expect(bobAfter).toEqual(bobBefore);
  });

  it('answers with the caller’s own screen for their own user_id or none', async () => {
    const carol = await verifyEmail(testApp, 'carol@example.com');
    const [carolUser] = await testApp.context.db
      .select()
      .from(users)
      .where(eq(users.email, 'carol@example.com'));
    expect((await callFunction(testApp, 'onboard-resume', { user_id: carolUser!.id }, carol)).json()).toEqual(
      {
        next_screen: '/signup/phone',
        error: null,
      },
    );
    expect((await callFunction(testApp, 'onboard-resume', {}, carol)).json().next_screen).toBe(
      '/signup/phone',
    );
    expect(
      (await callFunction(testApp, 'verify-email-complete', { user_id: carolUser!.id }, carol)).json(),
    ).toEqual({
      ok: true,
      error: null,
    });
  });

  it('refuses callers without a session', async () => {
    const resume = await callFunction(testApp, 'onboard-resume', { user_id: ada.userId });
    expect(resume.statusCode).toBe(401);
    expect(resume.json()).toEqual({ next_screen: null, error: 'Please sign in to continue.' });
    expect((await callFunction(testApp, 'verify-email-complete', { user_id: ada.userId })).statusCode).toBe(
      401,
    );
  });

  it('will not verify a phone already verified by another account', async () => {
    const carol = await verifyEmail(testApp, 'carol@example.com');
    testApp.clock.advance(61_000);
    await callFunction(testApp, 'auth-phone-start', { phone: ada.phone }, carol);
    const code = await latestSmsCode(testApp, ada.phone);
    const check = await callFunction(testApp, 'auth-phone-check', { phone: ada.phone, code }, carol);
    expect(check.statusCode).toBe(409);
    expect(check.json().error).toBe(
      'This phone number is already linked to another account. Please use a different number.',
    );
  });

  it('sets the first password only after the phone step', async () => {
    const carol = await verifyEmail(testApp, 'carol@example.com');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { password: 'Valid-Password-123', confirmPassword: 'Valid-Password-123' },
      headers: { origin: testOrigin, cookie: carol },
    });
    expect(response.statusCode).toBe(403);
    const [investor] = await testApp.context.db
      .select()
      .from(investors)
      .where(eq(investors.email, 'carol@example.com'));
    expect(investor?.status).toBe('pending');
  });
});
