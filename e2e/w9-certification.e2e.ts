/**
 * Issue 25 section 2 end to end (decisions 1910-1913): an investor with a TIN on file but no
 * Form W-9 certification sees the banner on every portal page, certifies from Settings › Tax
 * information (the form refuses without the box ticked), and the banner goes; staff record a
 * B notice on the investor detail, which then shows interest withheld from, and resolve it.
 * Screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signUpInvestor } from './support/investor-session';
import { businessDateOf, DEFAULT_BUSINESS_TZ } from '../src/shared/dates/business-time';

const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
let browser: Browser;
let investor: TrackedPage;
const email = `w9-${Date.now()}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await openPage(browser, baseUrl);
  await signUpInvestor(investor.context, baseUrl, { email });
  // A TIN on file, as the bank wizard's identity step leaves it: no certification yet.
  const identity = await investor.context.request.post(`${baseUrl}/api/banking/identity`, {
    headers: { origin: baseUrl },
    data: {
      firstName: 'Wren',
      lastName: 'Ninefield',
      dateOfBirth: '1981-09-09',
      ssn: '527-31-8699',
      address1: '9 Harbor Way',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
    },
  });
  expect(identity.status()).toBe(200);
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await investor?.context.close();
  await browser?.close();
});

/** The page at 1280 and at 390 px (no sideways scroll at 390), each saved to look at. */
async function snapBoth(page: Page, name: string, target?: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (width === 390) {
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
        390,
      );
    }
    const path = `${screenshots}/${name}-${width}.png`;
    if (target) await page.locator(target).screenshot({ path });
    else {
      // From the top: the sticky header would otherwise be drawn where the page was scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the Form W-9 certification and backup withholding', () => {
  it('asks with a banner until the investor certifies in Settings', async () => {
    const { page } = investor;
    await page.goto('/account-overview');
    const banner = page.locator('.certification-banner');
    await banner.getByText('Certify your taxpayer ID.').waitFor();
    await banner.getByText(/we must withhold 24% of the interest we pay you/).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await snapBoth(page, 'w9-banner-overview');

    await banner.getByRole('link', { name: 'Certify now' }).click();
    await page.waitForURL('**/settings#tax');
    const section = page.locator('#w9-certification');
    await section.getByText('Under penalties of perjury, I certify that:').waitFor();
    // Settings asks in its own section: no banner there.
    await expect(page.locator('.certification-banner').count()).resolves.toBe(0);
    await snapBoth(page, 'w9-settings-ask');
    await section.getByRole('button', { name: 'Certify' }).click();
    await section.getByText('Read the statements and tick the box to certify them').waitFor();
    await section.getByLabel(/cross out item 2/).check();
    await expect(section.locator('.w9-crossed-out').count()).resolves.toBe(1);
    await section.getByLabel(/cross out item 2/).uncheck();
    await section.getByLabel(/^Under penalties of perjury, I certify the items above/).check();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Certify' }).click();
    await section.getByText('Thank you. Your Form W-9 certification is on file.').waitFor();
    await section.getByText(/You certified your taxpayer ID ending 8699 on/).waitFor();
    await snapBoth(page, 'w9-settings-certified');

    await page.goto('/account-overview');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect(page.locator('.certification-banner').count()).resolves.toBe(0);
    expect(investor.errors).toEqual([]);
  }, 120_000);

  it('lets staff record a B notice on the investor detail and resolve it', async () => {
    const admin = await openPage(browser, baseUrl);
    const { page } = admin;
    try {
      await signInAsDemoAdmin(page);
      await page.getByPlaceholder('Search by id, name, email or phone').fill(email);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.locator('.result-row').filter({ hasText: email }).click();
      const detail = page.getByRole('dialog');
      const panel = detail
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'W-9 and backup withholding' }) });
      await panel.getByText('Certified', { exact: true }).waitFor();
      await panel.getByText('No B notices recorded.').waitFor();

      // The server's business day (America/New_York), not UTC's: after 7 pm there they differ.
      const today = businessDateOf(new Date(), DEFAULT_BUSINESS_TZ);
      await panel.getByLabel('B notice', { exact: true }).selectOption('first');
      await panel.getByLabel('Date received').fill(today);
      await panel.getByRole('button', { name: 'Record B notice' }).click();
      await panel.getByText('Open', { exact: true }).waitFor();
      await panel.getByText('Yes, 24%').waitFor();
      await panel.getByText('IRS notice of an incorrect name/TIN combination').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await snapBoth(page, 'w9-admin-b-notice-open', 'section[aria-labelledby="withholding-panel-heading"]');

      await panel.getByLabel('Note (optional)').fill('Signed W-9 received by mail');
      await panel.getByRole('button', { name: 'Resolve B notice' }).click();
      await panel.getByText('Resolved', { exact: true }).waitFor();
      await panel.getByText(/Signed W-9 received by mail/).waitFor();
      await expect(panel.getByText('Yes, 24%').count()).resolves.toBe(0);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 120_000);
});
