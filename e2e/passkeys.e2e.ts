/**
 * Passkeys end to end (issue 17 item 5, decision 1725) with Chromium's virtual authenticator
 * (DevTools protocol WebAuthn domain: ctap2, internal transport, resident keys, user
 * verification): add a passkey in Settings after a fresh SMS code, sign out, sign in with
 * "Sign in with a passkey" on /login, then remove it. Screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signUpInvestor } from './support/investor-session';
import { waitForOutboxMessage } from './support/outbox';

// WebAuthn needs a domain, not an IP address: the same server, reached as localhost.
const baseUrl = inject('baseUrl').replace('127.0.0.1', 'localhost');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
let browser: Browser;
let tracked: TrackedPage;
let cdp: CDPSession;
let authenticatorId: string;
let phone: string;
const email = `passkey-${Date.now()}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  ({ phone } = await signUpInvestor(tracked.context, baseUrl, { email }));
  cdp = await tracked.context.newCDPSession(tracked.page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  }));
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

async function snapBothWidths(page: Page, name: string, selector?: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      width,
    );
    if (selector) await page.locator(selector).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/${name}-${width}.png`, fullPage: !selector });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('passkeys', () => {
  it('adds a passkey after an SMS code, signs in with it instead of password + SMS, and removes it', async () => {
    const { page } = tracked;
    await page.goto('/settings');
    const section = page.locator('#passkeys');
    await section.getByText('No passkeys yet').waitFor();
    await snapBothWidths(page, 'settings-passkeys-empty', '#passkeys');

    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Name').fill('Work laptop');
    const requestedAfter = new Date(Date.now() - 1000).toISOString();
    await section.getByRole('button', { name: 'Create passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByText('To add a passkey, enter the 6-digit code').waitFor();
    const sms = await waitForOutboxMessage(baseUrl, phone, { channel: 'sms', after: requestedAfter });
    await dialog.getByLabel('Verification code').fill(/\b(\d{6})\b/.exec(sms.text)?.[1] ?? '');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await section.getByText('Passkey added. You can now sign in with it.').waitFor();
    await section.locator('.passkey-name', { hasText: 'Work laptop' }).waitFor();
    const stored = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(stored.credentials).toHaveLength(1);
    expect(stored.credentials[0]?.isResidentCredential).toBe(true);
    await snapBothWidths(page, 'settings-passkeys-added', '#passkeys');

    // Signed out, the passkey alone signs in: no e-mail, password or SMS code.
    await tracked.context.clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await snapBothWidths(page, 'login-with-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const session = await page.evaluate(async () => (await fetch('/api/session')).json());
    expect(JSON.stringify(session)).toContain(email);
    const afterSignIn = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(afterSignIn.credentials[0]?.signCount).toBeGreaterThan(stored.credentials[0]?.signCount ?? 0);

    // The list shows the use; removing the passkey leaves the other factors in place.
    await page.goto('/settings');
    await section.getByText(/last used/).waitFor();
    page.once('dialog', (confirm) => void confirm.accept());
    await section.getByRole('button', { name: 'Remove passkey Work laptop' }).click();
    await section.getByText('No passkeys yet').waitFor();
    expect(tracked.errors.filter((error) => !/status of 40[13]/.test(error))).toEqual([]);
  });
});
