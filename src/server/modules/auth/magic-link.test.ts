import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { investors, oneTimeTokens, outboxMessages, users } from '../../db/schema';
import { hashToken } from '../../security/tokens';
import {
  callFunction,
  latestMagicLink,
  latestOutboxMessage,
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

function confirm(body: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    payload: body,
    headers: { origin: testOrigin },
  });
}

async function requestLink(email: string) {
  const response = await callFunction(testApp, 'auth-start', { email });
  expect(response.statusCode).toBe(200);
  const link = await latestMagicLink(testApp, email);
  return { token: link.searchParams.get('token_hash')!, type: link.searchParams.get('type')!, link };
}

describe('magic link tokens', () => {
  it('stores only the hash of the token', async () => {
    const { token } = await requestLink('hash@example.com');
    const rows = await testApp.context.db.select().from(oneTimeTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('works once: a second use answers expired and starts no session', async () => {
    const { token } = await requestLink('once@example.com');
    expect((await confirm({ token_hash: token, type: 'email' })).json()).toEqual({ ok: true, error: null });
    const again = await confirm({ token_hash: token, type: 'email' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ ok: false, error: 'expired' });
    expect(sessionCookieFrom(again)).toBeNull();
  });

  it('expires after 15 minutes', async () => {
    const { token } = await requestLink('late@example.com');
    testApp.clock.advance(15 * 60_000 + 1000);
    const response = await confirm({ token_hash: token, type: 'email' });
    expect(response.json()).toEqual({ ok: false, error: 'expired' });
  });

  it('still works just before its 15 minutes are up', async () => {
    const { token } = await requestLink('intime@example.com');
    testApp.clock.advance(14 * 60_000 + 59_000);
    expect((await confirm({ token_hash: token, type: 'email' })).json()).toEqual({ ok: true, error: null });
  });

  it('refuses a tampered token as not found (expired)', async () => {
    const { token } = await requestLink('tamper@example.com');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const response = await confirm({ token_hash: `${token.slice(0, -1)}${last}`, type: 'email' });
    expect(response.json()).toEqual({ ok: false, error: 'expired' });
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it('answers invalid_link to malformed parameters', async () => {
    const { token } = await requestLink('params@example.com');
    expect((await confirm({ token_hash: 'short', type: 'email' })).json()).toEqual({
      ok: false,
      error: 'invalid_link',
    });
    expect((await confirm({ token_hash: token, type: 'sms' })).json()).toEqual({
      ok: false,
      error: 'invalid_link',
    });
    expect((await confirm({ type: 'email' })).json()).toEqual({ ok: false, error: 'invalid_link' });
  });

  it('refuses a sign-in link used as a recovery link', async () => {
    const { token } = await requestLink('kind@example.com');
    expect((await confirm({ token_hash: token, type: 'recovery' })).json()).toEqual({
      ok: false,
      error: 'invalid_link',
    });
  });

  it('is never used by a GET', async () => {
    const { token } = await requestLink('scanner@example.com');
    const get = await testApp.app.inject({
      method: 'GET',
      url: `/api/auth/confirm?token_hash=${token}&type=email`,
    });
    expect(get.statusCode).toBe(404);
    expect((await confirm({ token_hash: token, type: 'email' })).json()).toEqual({ ok: true, error: null });
  });

  it('accepts only same-origin paths as redirect_to', async () => {
    await callFunction(testApp, 'auth-start', {
      email: 'redirect@example.com',
      redirect_to: 'https://evil.example/x',
    });
    expect((await latestMagicLink(testApp, 'redirect@example.com')).searchParams.get('redirect_to')).toBe(
      '/verify-email',
    );
    testApp.clock.advance(1000);
    await callFunction(testApp, 'auth-start', {
      email: 'redirect@example.com',
      redirect_to: '/auth-callback?redirect=/transfer',
    });
    expect((await latestMagicLink(testApp, 'redirect@example.com')).searchParams.get('redirect_to')).toBe(
      '/auth-callback?redirect=/transfer',
    );
  });
});

describe('auth-start answers', () => {
  it('refuses an invalid address with the spec message and sends nothing', async () => {
    for (const email of ['', 'no-at-sign', 'a@', '@b.example']) {
      const response = await callFunction(testApp, 'auth-start', { email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        ok: false,
        error: 'Please enter a valid email address',
      });
    }
    expect(await testApp.context.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('answers the same for a registered and an unknown address', async () => {
    await signUpInvestor(testApp, { email: 'known@example.com' });
    const known = await callFunction(testApp, 'auth-start', { email: 'KNOWN@example.com' });
    const unknown = await callFunction(testApp, 'auth-start', { email: 'unknown@example.com' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    // The registered investor gets a sign-in link, the new address a sign-up link.
    expect((await latestOutboxMessage(testApp, 'known@example.com')).subject).toBe(
      'Your Steadyline sign-in link',
    );
    expect((await latestOutboxMessage(testApp, 'unknown@example.com')).subject).toBe(
      'Confirm your email to get started with Steadyline',
    );
  });

  it('limits links per address the same way for registered and unknown addresses', async () => {
    await signUpInvestor(testApp, { email: 'limited@example.com' });
    testApp.clock.advance(60 * 60_000);
    const answers: Record<string, number[]> = { 'limited@example.com': [], 'nobody@example.com': [] };
    for (const email of Object.keys(answers)) {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        answers[email]!.push((await callFunction(testApp, 'auth-start', { email })).statusCode);
      }
    }
    expect(answers['limited@example.com']).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers['nobody@example.com']).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await callFunction(testApp, 'auth-start', { email: 'nobody@example.com' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error).toMatch(
      /^Too many requests\. Try again in (\d+ minutes?( \d+ seconds?)?|\d+ seconds?)\.$/,
    );
  });

  it('limits links per client IP across addresses', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      statuses.push(
        (await callFunction(testApp, 'auth-start', { email: `ip${index}@example.com` })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    testApp.clock.advance(60 * 60_000);
    expect((await callFunction(testApp, 'auth-start', { email: 'after@example.com' })).statusCode).toBe(200);
  });

  it('sends no link to a suspended investor, and answers the same', async () => {
    const investor = await signUpInvestor(testApp, { email: 'suspended@example.com' });
    await testApp.context.db
      .update(investors)
      .set({ status: 'suspended' })
      .where(eq(investors.id, investor.investorId));
    const response = await callFunction(testApp, 'auth-start', { email: 'suspended@example.com' });
    expect(response.json()).toEqual({ success: true, ok: true, error: null });
    const message = await latestOutboxMessage(testApp, 'suspended@example.com');
    expect(message.subject).toBe('About your Steadyline account');
    expect(message.text).not.toContain('/auth/confirm');
  });

  it('fails with the spec messages when the e-mail or SMS provider refuses the message', async () => {
    const failing = await createTestApp({
      build: {
        providers: {
          email: {
            name: 'smtp',
            send: async (message) => {
              if (message.to.startsWith('bounce')) throw new Error('550 mailbox unavailable');
              return {};
            },
            close: async () => undefined,
          },
          sms: {
            name: 'twilio',
            send: async () => {
              throw new Error('Twilio refused the message (HTTP 400)');
            },
          },
        },
      },
    });
    try {
      const email = await callFunction(failing, 'auth-start', { email: 'bounce@example.com' });
      expect(email.statusCode).toBe(502);
      expect(email.json()).toEqual({ success: false, ok: false, error: 'Failed to send email' });

      const cookie = await verifyEmail(failing, 'fine@example.com');
      const sms = await callFunction(failing, 'auth-phone-start', { phone: '+16175550177' }, cookie);
      expect(sms.statusCode).toBe(502);
      expect(sms.json()).toEqual({ ok: false, error: 'Failed to send code' });
    } finally {
      await failing.close();
    }
  });
});

describe('confirming for an existing user', () => {
  it('signs in without creating a second user or investor', async () => {
    await signUpInvestor(testApp, { email: 'again@example.com' });
    testApp.clock.advance(61_000);
    const { token } = await requestLink('again@example.com');
    const response = await confirm({ token_hash: token, type: 'email' });
    expect(response.json()).toEqual({ ok: true, error: null });
    expect(
      await testApp.context.db.select().from(users).where(eq(users.email, 'again@example.com')),
    ).toHaveLength(1);
    expect(await testApp.context.db.select().from(investors)).toHaveLength(1);
  });

  it('refuses a suspended investor whose link was issued before the suspension', async () => {
    const investor = await signUpInvestor(testApp, { email: 'late-suspend@example.com' });
    const { token } = await requestLink('late-suspend@example.com');
    await testApp.context.db
      .update(investors)
      .set({ status: 'suspended' })
      .where(eq(investors.id, investor.investorId));
    const response = await confirm({ token_hash: token, type: 'email' });
    expect(response.json()).toEqual({ ok: false, error: 'auth_failed' });
    expect(sessionCookieFrom(response)).toBeNull();
  });
});

describe('links opened by another browser or a scanner (PRODUCT.md 34)', () => {
  type LinkKind = 'sign-up' | 'sign-in' | 'password reset';

  function linkCookieOf(response: { cookies: { name: string; value: string }[] }): string {
    const cookie = response.cookies.find((entry) => entry.name === 'sl_link_browser');
    if (!cookie?.value) throw new Error('no link cookie was set');
    return `sl_link_browser=${cookie.value}`;
  }

  /** Requests a link of the kind; returns its token and type and the requesting browser's cookie. */
  async function requestLinkOfKind(kind: LinkKind, email: string) {
    if (kind !== 'sign-up') await signUpInvestor(testApp, { email });
    const response =
      kind === 'password reset'
        ? await testApp.app.inject({
            method: 'POST',
            url: '/api/auth/password-reset',
            payload: { email },
            headers: { origin: testOrigin },
          })
        : await callFunction(testApp, 'auth-start', { email });
    expect(response.statusCode).toBe(200);
    // A reset e-mail leaves after the answer, through the notice queue (decision 1821).
    await noticeSenderOf(testApp.context).drain();
    const link = await latestMagicLink(testApp, email);
    expect(link.searchParams.get('type')).toBe(kind === 'password reset' ? 'recovery' : 'email');
    return {
      token: link.searchParams.get('token_hash')!,
      type: link.searchParams.get('type')!,
      browser: linkCookieOf(response),
    };
  }

  function confirmFrom(cookie: string | null, body: Record<string, unknown>) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: body,
      headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    });
  }

  async function isUsed(token: string): Promise<boolean> {
    const [row] = await testApp.context.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    return Boolean(row?.usedAt);
  }

  for (const kind of ['sign-up', 'sign-in', 'password reset'] as const) {
    it(`uses a ${kind} link by itself only in the browser that asked for it`, async () => {
      const email = `${kind.replace(' ', '-')}.scanner@example.com`;
      const { token, type, browser } = await requestLinkOfKind(kind, email);
      const other = linkCookieOf(await callFunction(testApp, 'auth-start', { email: 'other@example.com' }));

      for (const cookie of [null, other]) {
        const scanned = await confirmFrom(cookie, { token_hash: token, type, auto: true });
        expect(scanned.statusCode).toBe(200);
        expect(scanned.json()).toEqual({ ok: false, error: 'confirmation_required' });
        expect(sessionCookieFrom(scanned)).toBeNull();
        expect(await isUsed(token)).toBe(false);
      }

      const here = await confirmFrom(browser, { token_hash: token, type, auto: true });
      expect(here.json()).toEqual({ ok: true, error: null });
      expect(sessionCookieFrom(here)).not.toBeNull();
      expect(await isUsed(token)).toBe(true);
    });

    it(`lets another browser use a ${kind} link with one click (Continue)`, async () => {
      const email = `${kind.replace(' ', '-')}.elsewhere@example.com`;
      const { token, type } = await requestLinkOfKind(kind, email);
      expect((await confirmFrom(null, { token_hash: token, type, auto: true })).json().ok).toBe(false);
      const clicked = await confirmFrom(null, { token_hash: token, type, auto: false });
      expect(clicked.json()).toEqual({ ok: true, error: null });
      expect(sessionCookieFrom(clicked)).not.toBeNull();
    });
  }

  it('sets the browser cookie http-only, SameSite=Lax, for the link’s lifetime, for known and unknown addresses alike', async () => {
    await signUpInvestor(testApp, { email: 'known.cookie@example.com' });
    const requests = [
      await callFunction(testApp, 'auth-start', { email: 'known.cookie@example.com' }),
      await callFunction(testApp, 'auth-start', { email: 'new.cookie@example.com' }),
      await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: 'nobody.cookie@example.com' },
        headers: { origin: testOrigin },
      }),
    ];
    for (const response of requests) {
      const cookie = response.cookies.find((entry) => entry.name === 'sl_link_browser');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 15 * 60 });
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('keeps one value per browser, so each of its links opens there by itself', async () => {
    const first = await callFunction(testApp, 'auth-start', { email: 'twice@example.com' });
    const browser = linkCookieOf(first);
    const firstLink = await latestMagicLink(testApp, 'twice@example.com');
    const second = await callFunction(testApp, 'auth-start', { email: 'twice@example.com' }, browser);
    expect(linkCookieOf(second)).toBe(browser);
    const secondLink = await latestMagicLink(testApp, 'twice@example.com');
    expect(secondLink.searchParams.get('token_hash')).not.toBe(firstLink.searchParams.get('token_hash'));
    const confirmed = await confirmFrom(browser, {
      token_hash: firstLink.searchParams.get('token_hash'),
      type: 'email',
      auto: true,
    });
    expect(confirmed.json()).toEqual({ ok: true, error: null });
  });
});
