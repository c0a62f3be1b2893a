import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordMessages } from '../../../shared/auth/password-policy';
import { rowsOf } from '../../db/client';
import { outboxMessages, users } from '../../db/schema';
import type { EmailProvider } from '../../providers/email';
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
import { noticeSenderOf } from '../notifications/notice-sender';

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
    // The e-mail leaves after the answer, through the notice queue (decision 1821).
    await noticeSenderOf(testApp.context).drain();
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
    await noticeSenderOf(testApp.context).drain();
    expect((await testApp.context.db.select().from(outboxMessages)).length).toBe(before + 1);
  });
});

/** An e-mail provider that, once told to, holds every message until released: a mail server that stalls. */
function stallableEmailProvider() {
  let isStalling = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const provider: EmailProvider = {
    name: 'smtp',
    async send() {
      if (isStalling) await released;
      return {};
    },
    async close() {},
  };
  return {
    provider,
    stall() {
      isStalling = true;
    },
    release,
  };
}

describe('a password reset answers before its e-mail is sent (issue 24 item 10)', () => {
  const mailServer = stallableEmailProvider();
  let stalled: TestApp;
  beforeAll(async () => {
    stalled = await createTestApp({ build: { providers: { email: mailServer.provider } } });
  });
  afterAll(async () => {
    mailServer.release();
    await stalled.close();
  });

  it('queues the mail of a registered address and answers while the mail server stalls', async () => {
    const investor = await signUpInvestor(stalled, { email: 'slow.mail@example.com' });
    mailServer.stall();
    const outboxBefore = (await stalled.context.db.select().from(outboxMessages)).length;

    // Before the fix this request waited for the mail server and never answered.
    const request = await stalled.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: investor.email },
      headers: { origin: testOrigin },
    });
    expect(request.json()).toEqual({ ok: true, error: null });
    const queued = rowsOf<{ kind: string; notice: unknown }>(
      await stalled.context.db.execute(sql`select kind, notice from investor_notice_queue`),
    );
    expect(queued.map((row) => row.kind)).toEqual(['security_email']);
    // The link is sealed in the queue: the database keeps sign-in links only as hashes.
    expect(JSON.stringify(queued[0]!.notice)).not.toContain('token_hash');
    expect((await stalled.context.db.select().from(outboxMessages)).length).toBe(outboxBefore);

    mailServer.release();
    await noticeSenderOf(stalled.context).drain();
    expect((await latestOutboxMessage(stalled, investor.email)).subject).toBe(
      'Reset your Steadyline password',
    );
    const link = await latestMagicLink(stalled, investor.email);
    const confirm = await stalled.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { token_hash: link.searchParams.get('token_hash'), type: 'recovery' },
      headers: { origin: testOrigin },
    });
    expect(confirm.json()).toEqual({ ok: true, error: null });
  }, 20_000);
});
