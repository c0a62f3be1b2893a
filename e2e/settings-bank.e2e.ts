/**
 * Issue 5 end to end: a new investor links a bank through the sandbox wizard from
 * /get-started (identity, institution, success), sees it verified on /settings, and
 * changes notification preferences; with no configuration at all.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signUpInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  await signUpInvestor(tracked.context, baseUrl, { email: `settings-${Date.now()}@example.com` });
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

describe('bank linking and settings', () => {
  it('links a bank from /get-started through the sandbox wizard and shows it verified on /settings', async () => {
    const { page } = tracked;
    await page.goto('/get-started');
    await page.getByRole('link', { name: 'LINK BANK ACCOUNTS' }).click();
    await page.waitForURL('**/link-bank?return=%2Faccount-overview');

    // Identity: the rules show before anything is sent.
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await page.getByRole('button', { name: 'Verify identity' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('Social Security number').pressSequentially('12345678');
    await expect(page.getByLabel('Social Security number').inputValue()).resolves.toBe('123-45-678');
    await page.getByLabel('Date of birth').fill('2015-06-01');
    await page.getByLabel('ZIP code').fill('0211');
    await page.getByLabel('First name').click();
    await page.getByText('Valid SSN is required (9 digits)').waitFor();
    await page.getByText('You must be at least 18 years old').waitFor();
    await page.getByText('Valid ZIP code is required').waitFor();
    const maxBirthDate = await page.getByLabel('Date of birth').getAttribute('max');
    const latest = new Date();
    latest.setFullYear(latest.getFullYear() - 18);
    expect(maxBirthDate?.slice(0, 4)).toBe(String(latest.getFullYear()));

    await page.getByLabel('First name').fill('Ann');
    await page.getByLabel('Last name').fill('Lee');
    await page.getByLabel('Date of birth').fill('1985-04-12');
    await page.getByLabel('Social Security number').fill('');
    await page.getByLabel('Social Security number').pressSequentially('1234567890');
    await expect(page.getByLabel('Social Security number').inputValue()).resolves.toBe('123-45-6789');
    await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await page.getByLabel('City').fill('Boston');
    await page.getByLabel('State').selectOption('MA');
    await page.getByLabel('ZIP code').fill('02110');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Verify identity' }).click();

    // Bank: the sandbox Link page in a popup.
    await page.getByRole('heading', { name: 'Connect your bank' }).waitFor();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect bank account' }).click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Select your bank' }).waitFor();
    await popup.getByRole('button', { name: 'First Harbor Bank' }).click();
    await popup.getByRole('radio', { name: /Everyday Checking/ }).check();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close');

    // Success, then the wizard closes by itself after 2 s.
    await page.getByRole('heading', { name: 'Bank account linked' }).waitFor();
    await page.getByText('Your account is linked and verified.').waitFor();
    await page.waitForURL('**/account-overview', { timeout: 10_000 });

    await page.goto('/settings');
    const bank = page.locator('#bank-account');
    await bank.getByText('First Harbor Bank').waitFor();
    await expect(bank.textContent()).resolves.toMatch(/Everyday Checking.*Checking ••••\d{4}/);
    await bank.getByText('Verified', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change bank account' }).waitFor();
    await expect(page.getByText('Ann Lee').first().isVisible()).resolves.toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('saves notification preferences, with the banner hiding after 3 s', async () => {
    const { page } = tracked;
    await page.goto('/settings');
    const marketingEmail = page.getByRole('switch', { name: 'News and offers by E-mail' });
    const marketingSms = page.getByRole('switch', { name: 'News and offers by SMS' });
    await expect(marketingEmail.getAttribute('aria-checked')).resolves.toBe('false');
    await expect(marketingSms.isEnabled()).resolves.toBe(true);

    await marketingEmail.click();
    await marketingSms.click();
    await page.getByText('By turning on marketing texts you agree').waitFor();
    await page.getByRole('switch', { name: 'Interest payments by E-mail' }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    const banner = page.getByText('Notification preferences saved successfully');
    await banner.waitFor();
    await banner.waitFor({ state: 'hidden', timeout: 6_000 });

    await page.reload();
    await expect(marketingEmail.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(marketingSms.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(
      page.getByRole('switch', { name: 'Interest payments by E-mail' }).getAttribute('aria-checked'),
    ).resolves.toBe('false');
    expect(tracked.errors).toEqual([]);
  });

  it('lands a link to a card on it and keeps it there while the cards around it answer late', async () => {
    const page = await tracked.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    // Every read but the page's own answers 1.5 s late, as on a slow phone network: the cards
    // above and below the bank account grow after the browser has scrolled to it.
    await page.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/settings',
      async (route) => {
        if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.fallback();
      },
    );
    await page.goto('/settings#bank-account');
    await page.locator('#bank-account').waitFor();
    await page.waitForLoadState('networkidle');
    const place = () =>
      page.evaluate(() => ({
        top: Math.round(document.getElementById('bank-account')?.getBoundingClientRect().top ?? -1),
        scrolled: window.scrollY,
      }));
    // html has scroll-behavior: smooth, so the scroll is an animation: on a busy machine it takes
    // more than expect.poll's default second.
    await expect
      .poll(place, { timeout: 5_000 })
      .toMatchObject({ top: expect.toSatisfy((top: number) => Math.abs(top) < 40) });
    expect((await place()).scrolled).toBeGreaterThan(200);
    await page.close();
  });
});
