/**
 * The portal shell on every portal page (spec 2): the profile card with its fallbacks, the
 * gear to /settings and back, the highlighted nav item, the phone menu, Sign Out, and the
 * way to /login for a visitor without a session.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInAsDemoInvestor, signUpInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;

const portalPages = [
  { path: '/account-overview', nav: 'Account Overview' },
  { path: '/transaction-summary', nav: 'Transaction Summary' },
  { path: '/buy-investments', nav: 'Buy Investments' },
  { path: '/transfer', nav: 'Transfer' },
] as const;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('portal shell', () => {
  it('sends a visitor without a session to sign in, with the page to return to', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto('/transfer');
    await page.waitForURL('**/login?next=%2Ftransfer');
    await context.close();
  });

  it('has the profile card, the highlighted item and a gear that goes to /settings and back, on every page', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signInAsDemoInvestor(context, baseUrl);
    for (const portalPage of portalPages) {
      await page.goto(portalPage.path);
      const header = page.getByRole('banner');
      await header.getByText(/VERIFIED \| MEMBER SINCE \d{4}/).waitFor();
      await expect(header.textContent()).resolves.toContain('demo@steadyline.example');
      const nav = page.getByRole('navigation', { name: 'Portal' });
      await expect(
        nav.getByRole('link', { name: portalPage.nav }).getAttribute('aria-current'),
      ).resolves.toBe('page');
      const gear = header.getByRole('link', { name: 'Account settings' });
      await expect(gear.getAttribute('href')).resolves.toBe(
        `/settings?from=${encodeURIComponent(portalPage.path)}`,
      );
      await gear.click();
      await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
      await page
        .getByRole('button', { name: /Back/ })
        .or(page.getByRole('link', { name: /Back/ }))
        .first()
        .click();
      await page.waitForURL(`**${portalPage.path}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the fallbacks for a new investor, collapses the nav on a phone, and signs out from any page', async () => {
    const { page, context } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await signUpInvestor(context, baseUrl, { email: `shell-${Date.now()}@example.com` });
    await page.goto('/transaction-summary');
    await page.getByText('No transactions found').waitFor();
    const nav = page.getByRole('navigation', { name: 'Portal' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByText('Investor', { exact: true }).waitFor();
    await nav.getByRole('link', { name: 'Transfer' }).click();
    await page.waitForURL('**/transfer');
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('heading', { level: 1, name: 'Move your money' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/account-overview');
    await page.waitForURL('**/login?next=%2Faccount-overview');
    await context.close();
  });
});
