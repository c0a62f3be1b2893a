import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approveIdentity } from '../../test-support/bank-link';
import {
  callFunction,
  latestSmsCode,
  sessionCookieFrom,
  signUpInvestor,
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

async function sessionInvestor(cookie: string) {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  return response.json().investor as { identity_verified: boolean; is_returning_visitor: boolean };
}

/** Password and SMS code, as a returning investor signs in. */
async function signInAgain(email: string, password: string, phone: string): Promise<string> {
  testApp.clock.advance(61_000);
  const login = await callFunction(testApp, 'auth-password-login', { email, password });
  const pending = sessionCookieFrom(login);
  const code = await latestSmsCode(testApp, phone);
  const check = await callFunction(testApp, 'auth-phone-check', { code }, pending);
  const full = sessionCookieFrom(check);
  if (!full) throw new Error(`sign-in failed: ${check.body}`);
  return full;
}

describe('the member state the session reports (issue 13 item 17)', () => {
  it('is not VERIFIED before the identity check, and is once the check approved the investor', async () => {
    const investor = await signUpInvestor(testApp, { email: 'ada@example.com' });
    expect((await sessionInvestor(investor.cookie)).identity_verified).toBe(false);
    await approveIdentity(testApp, investor);
    expect((await sessionInvestor(investor.cookie)).identity_verified).toBe(true);
  });

  it('is a first visit through the whole sign-up, and a return after signing in again', async () => {
    const investor = await signUpInvestor(testApp, { email: 'ada@example.com' });
    expect((await sessionInvestor(investor.cookie)).is_returning_visitor).toBe(false);
    const again = await signInAgain(investor.email, investor.password, investor.phone);
    expect((await sessionInvestor(again)).is_returning_visitor).toBe(true);
  });
});
