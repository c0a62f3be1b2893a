import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oneTimeTokens, rateLimitCounters, sessions, smsCodes } from '../../db/schema';
import { demoAccounts } from '../demo/seed-demo-data';
import {
  callFunction,
  sessionCookieFrom,
  signUpInvestor,
  testOrigin,
  verifyEmail,
} from '../../test-support/investor-auth';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { cleanupExpiredAuthJob } from './cleanup-expired-auth';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { DEMO_MODE: 'true' } });
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  await testApp.reset();
});

describe('cleanup-expired-auth', () => {
  it('is registered as a job function', () => {
    expect(testApp.context.jobFunctions.get('cleanup-expired-auth')).toBe(cleanupExpiredAuthJob);
  });

  it('deletes expired links, codes, ended sessions and stale counters, and keeps live ones', async () => {
    await signUpInvestor(testApp, { email: 'old@example.com' });
    testApp.clock.advanceDays(2);
    const live = await verifyEmail(testApp, 'fresh@example.com');
    await callFunction(testApp, 'auth-start', { email: 'pending@example.com' });
    const before = {
      tokens: (await testApp.context.db.select().from(oneTimeTokens)).length,
      codes: (await testApp.context.db.select().from(smsCodes)).length,
      sessions: (await testApp.context.db.select().from(sessions)).length,
      counters: (await testApp.context.db.select().from(rateLimitCounters)).length,
    };
    const result = await cleanupExpiredAuthJob.run(testApp.context, {
      jobId: null,
      executionDate: testApp.clock.today(),
    });
    expect(result.metadata).toEqual({
      tokens: 1,
      codes: 1,
      sessions: 1,
      rateLimitCounters: expect.any(Number),
    });
    expect(result.recordsProcessed).toBe(3 + (result.metadata?.rateLimitCounters as number));
    expect((await testApp.context.db.select().from(oneTimeTokens)).length).toBe(before.tokens - 1);
    expect((await testApp.context.db.select().from(smsCodes)).length).toBe(before.codes - 1);
    expect((await testApp.context.db.select().from(sessions)).length).toBe(before.sessions - 1);
    expect((await testApp.context.db.select().from(rateLimitCounters)).length).toBeLessThan(before.counters);
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: live },
    });
    expect(session.json().authenticated).toBe(true);
  });

  it('is exposed as POST /functions/v1/cleanup-expired-auth for admins only', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/cleanup-expired-auth',
      payload: { jobId: null, executionDate: testApp.clock.today() },
      headers: { origin: testOrigin },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the demo shortcut (PRODUCT.md 9)', () => {
  it('signs in as the demo investor and returns the demo admin hint', async () => {
    // The demo seed's two years of history are not needed here: only the demo investor's sign-in.
    await signUpInvestor(testApp, { email: demoAccounts.investor.email });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/demo-login',
      headers: { origin: testOrigin },
    });
    expect(response.json()).toEqual({
      ok: true,
      error: null,
      admin_hint: {
        email: demoAccounts.admin.email,
        password: demoAccounts.admin.password,
        url: '/admin/login',
      },
      next_screen: '/account-overview',
    });
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: sessionCookieFrom(response)! },
    });
    expect(session.json().investor).toMatchObject({ email: demoAccounts.investor.email, status: 'active' });
  });

  it('does not exist outside demo mode', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/demo-login',
        headers: { origin: testOrigin },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
