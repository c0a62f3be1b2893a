import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, nextClientAddress, openPage } from './support/browser';
import { loadConfig } from '../src/server/config';
import { createUnsubscribeToken } from '../src/server/modules/notifications/unsubscribe-token';
import { signInAsDemoInvestor, signUpInvestor } from './support/investor-session';
import { waitForOutboxMessage } from './support/outbox';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in pages', () => {
  for (const path of ['/signup', '/login', '/signup?error=expired']) {
    it(`${path} has no console error and no serious accessibility violation`, async () => {
      const { page, context, errors } = await openPage(browser, baseUrl);
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the login tabs switch between Password, Magic Link and SMS, and Magic Link shows Check your email', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Magic Link' }).click();
    await page.getByLabel('Email', { exact: true }).fill(`tabs.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('tab', { name: 'SMS' }).click();
    await page.getByLabel('Mobile phone number').fill('12');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByRole('tab', { name: 'Password' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await context.close();
  });

  it('the demo shortcut shows the demo admin sign-in, then opens the demo account', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo account' }).click();
    await page.getByText('admin@steadyline.example').waitFor();
    await page.getByText('DemoAdmin#2025!').waitFor();
    await page.waitForURL('**/account-overview', { timeout: 20_000 });
    await context.close();
  });

  it('the e-mail field keeps its size as the address grows (PRODUCT.md 33: never below 14 px)', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/signup');
    const input = page.getByLabel('Email address');
    const fontSize = () => input.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    await input.fill('short@x.io');
    const shortSize = await fontSize();
    expect(shortSize).toBeGreaterThanOrEqual(14);
    await input.fill('a.really.quite.long.address@example.com');
    expect(await fontSize()).toBe(shortSize);
    await context.close();
  });
});

describe('magic links opened by another browser or a scanner (PRODUCT.md 34)', () => {
  type LinkKind = 'sign-up' | 'sign-in' | 'password reset';
  const kinds: { kind: LinkKind; heading: string; destination: RegExp }[] = [
    { kind: 'sign-up', heading: 'Confirm your email', destination: /\/signup\/phone$/ },
    { kind: 'sign-in', heading: 'Sign in', destination: /\/get-started$/ },
    { kind: 'password reset', heading: 'Choose a new password', destination: /\/reset-password(\?|$)/ },
  ];

  /** Asks for a link of the kind from this browser (its cookie marks the browser); returns the link's path. */
  async function requestLink(context: BrowserContext, kind: LinkKind, email: string): Promise<string> {
    const since = new Date(Date.now() - 1000).toISOString();
    const [path, data] =
      kind === 'password reset'
        ? ['/api/auth/password-reset', { email }]
        : [
            '/functions/v1/auth-start',
            { email, ...(kind === 'sign-in' ? { redirect_to: '/auth-callback' } : {}) },
          ];
    const response = await context.request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } });
    expect(response.status()).toBe(200);
    const mail = await waitForOutboxMessage(baseUrl, email, { channel: 'email', after: since });
    const link = new URL(/(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(mail.text)?.[1] ?? '');
    return `${link.pathname}${link.search}`;
  }

  async function emailFor(kind: LinkKind): Promise<string> {
    const email = `link.${kind.replace(' ', '-')}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
    if (kind !== 'sign-up') {
      const setUp = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
      });
      await signUpInvestor(setUp, baseUrl, { email });
      await setUp.close();
    }
    return email;
  }

  for (const { kind, heading, destination } of kinds) {
    it(`a ${kind} link: a scanner running the page gets a Continue button and uses nothing; the asking browser goes straight in`, async () => {
      const email = await emailFor(kind);
      const asking = await openPage(browser, baseUrl);
      const link = await requestLink(asking.context, kind, email);

      const scanner = await openPage(browser, baseUrl);
      await scanner.page.goto(link);
      await scanner.page.getByRole('heading', { name: heading }).waitFor();
      await scanner.page.getByRole('button', { name: 'Continue' }).waitFor();
      await scanner.page.waitForLoadState('networkidle');
      expect(scanner.errors).toEqual([]);
      expect(await seriousAccessibilityViolations(scanner.page)).toEqual([]);
      await scanner.context.close();

      await asking.page.goto(link);
      await asking.page.waitForURL(destination);
      expect(asking.errors).toEqual([]);
      await asking.context.close();
    });

    it(`a ${kind} link opened in another browser works with one click on Continue`, async () => {
      const email = await emailFor(kind);
      const asking = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
      });
      const link = await requestLink(asking, kind, email);
      await asking.close();

      const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844 });
      await page.goto(link);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(destination);
      await context.close();
    });
  }
});

describe('the unsubscribe link in a browser (PRODUCT.md 34)', () => {
  it('opening it asks; the button unsubscribes, and Resubscribe undoes it', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await signInAsDemoInvestor(context, baseUrl);
    const session = await (await context.request.get(`${baseUrl}/api/session`)).json();
    // The harness's server uses the development field key, as loadConfig does without one.
    const token = createUnsubscribeToken(loadConfig({ APP_URL: baseUrl }), {
      subject: session.investor.investor_id,
      channel: 'email',
    });
    const preferences = async () =>
      (await (await context.request.get(`${baseUrl}/api/settings`)).json()).notification_preferences;
    // Start opted in, whatever another test left.
    const { updated_at: _updated, marketing_sms_consent_at: _consent, ...flags } = await preferences();
    const optIn = await context.request.put(`${baseUrl}/api/settings/notification-preferences`, {
      data: { ...flags, marketing_email: true },
      headers: { origin: baseUrl },
    });
    expect(optIn.status()).toBe(200);

    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Unsubscribe from Steadyline news?' }).waitFor();
    await page.reload();
    expect((await preferences()).marketing_email).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect((await preferences()).marketing_email).toBe(false);

    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await page.getByRole('heading', { name: 'You are subscribed again' }).waitFor();
    expect((await preferences()).marketing_email).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
