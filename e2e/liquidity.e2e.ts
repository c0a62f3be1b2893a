/**
 * Liquidity in a browser (issue 27 sections 1-2): the demo admin reads the forecast on
 * /admin/liquidity (table, chart, 24 months and 13 weeks), records a balance that counts at once
 * and one above the four-eyes threshold that waits for another admin, publishes the coverage
 * page and runs the daily check; the public /transparency page shows the figures (linked from
 * the footer); the demo investor checks on Documents that their notes are counted. Screenshots
 * at 1280 and 390 px. The page is unpublished again at the end, as the shared server had it.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
const phone = { width: 390, height: 844 };
let browser: Browser;
let admin: TrackedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, baseUrl);
  page = admin.page;
  await signInAsDemoAdmin(page);
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function setPublished(isPublished: boolean): Promise<void> {
  await page.goto('/admin/liquidity');
  const settings = page.getByRole('region', { name: 'Settings' });
  const toggle = settings.getByRole('switch', { name: 'Publish the coverage page' });
  if ((await toggle.getAttribute('aria-checked')) !== String(isPublished)) await toggle.click();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await settings.getByText('Settings saved.').waitFor();
}

describe('/admin/liquidity', () => {
  it('shows the forecast by month and by week, with its chart, to the cent', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Liquidity' }).click();
    await page.waitForURL('**/admin/liquidity');
    await page.getByRole('heading', { level: 1, name: 'Liquidity' }).waitFor();
    const table = page.locator('.liquidity-table tbody tr');
    await table.first().waitFor();
    await expect(table.count()).resolves.toBe(24);
    await expect(page.locator('.liquidity-table thead').innerText()).resolves.toMatch(
      /Standard interest to pay out[\s\S]*High-Yield principal and interest maturing[\s\S]*Coverage/i,
    );
    await expect(table.first().innerText()).resolves.toMatch(/\$[\d,]+\.\d{2}/);
    await expect(page.locator('.coverage-chart svg rect').count()).resolves.toBe(24);
    await page.getByRole('tab', { name: '13 weeks' }).click();
    await expect(table.count()).resolves.toBe(13);
    await page.getByRole('tab', { name: '24 months' }).click();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('counts a balance at once, and one above the threshold only after another admin approves it', async () => {
    const cash = page.getByRole('region', { name: 'Cash positions' });
    await cash.getByRole('textbox', { name: 'Account', exact: true }).fill('Operating at Harbor Bank');
    await cash.getByRole('textbox', { name: 'Balance (USD)' }).fill('250000.00');
    await cash.getByRole('button', { name: 'Record balance' }).click();
    await cash.getByText('Balance recorded.').waitFor();
    await cash.locator('.liquidity-accounts').getByText('Operating at Harbor Bank').waitFor();
    await cash.getByRole('textbox', { name: 'Account', exact: true }).fill('Reserve at Granite Trust');
    await cash.getByRole('combobox', { name: 'Kind' }).selectOption('reserve');
    await cash.getByRole('textbox', { name: 'Balance (USD)' }).fill('5000000.00');
    await cash.getByRole('button', { name: 'Record balance' }).click();
    const pending = cash.locator('tbody tr').filter({ hasText: 'Reserve at Granite Trust' });
    await pending.getByText('Awaiting approval').waitFor();
    await pending.getByText('Another admin approves it').waitFor();
    await expect(page.locator('.liquidity-figures').innerText()).resolves.toContain('$250,000.00');
    await page.screenshot({ path: `${screenshots}/admin-liquidity-1280.png`, fullPage: true });
    await page
      .locator('.liquidity-forecast')
      .screenshot({ path: `${screenshots}/admin-liquidity-forecast-1280.png` });
    await page.setViewportSize(phone);
    await page.screenshot({ path: `${screenshots}/admin-liquidity-390.png`, fullPage: true });
    await page.screenshot({ path: `${screenshots}/admin-liquidity-390-top.png` });
    await cash.screenshot({ path: `${screenshots}/admin-liquidity-cash-390.png` });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(admin.errors).toEqual([]);
  });

  it('runs the daily check from Jobs and keeps it with its figures', async () => {
    await setPublished(true);
    await page.goto('/admin/jobs');
    const row = page.locator('tr, li, .job-row').filter({ hasText: 'Liquidity check' }).first();
    await row.getByRole('button', { name: 'Run Liquidity check now' }).click();
    await page
      .getByRole('dialog', { name: 'Run Liquidity check now?' })
      .getByRole('button', { name: 'Run now' })
      .click();
    await page.getByText(/^Liquidity check finished: \d+ records? processed\.$/).waitFor();
    const snapshot = page.locator('tr, li, .job-row').filter({ hasText: 'Coverage page' }).first();
    await snapshot.getByRole('button', { name: 'Run Coverage page now' }).click();
    await page
      .getByRole('dialog', { name: 'Run Coverage page now?' })
      .getByRole('button', { name: 'Run now' })
      .click();
    await page.getByText(/^Coverage page finished: 1 record processed\.$/).waitFor();
    await page.goto('/admin/liquidity');
    const checks = page.getByRole('region', { name: 'Daily checks' });
    await checks.locator('tbody tr').first().waitFor();
    await expect(checks.locator('tbody tr').first().innerText()).resolves.toContain('$250,000.00');
  });
});

describe('/transparency and the holder’s proof', () => {
  it('shows the published figures, with no personal data, linked from the footer; readable at 390 px', async () => {
    const visitor = await openPage(browser, baseUrl);
    await visitor.page.goto('/');
    await visitor.page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'COVERAGE' })
      .click();
    await visitor.page.waitForURL('**/transparency');
    await visitor.page.getByRole('heading', { name: 'What falls due, month by month' }).waitFor();
    await expect(visitor.page.locator('.transparency-months li').count()).resolves.toBe(12);
    const text = await visitor.page.locator('main').innerText();
    expect(text).toContain('$250,000.00');
    expect(text).not.toContain('demo@steadyline.example');
    expect(text).not.toContain('Avery');
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([]);
    await visitor.page.screenshot({ path: `${screenshots}/transparency-1280.png`, fullPage: true });
    await visitor.page.setViewportSize(phone);
    await visitor.page.screenshot({ path: `${screenshots}/transparency-390.png`, fullPage: true });
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.width,
    );
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it('lets the demo investor check on Documents that each of their notes is counted', async () => {
    const investor = await openPage(browser, baseUrl, phone);
    await signInAsDemoInvestor(investor.context, baseUrl);
    await investor.page.goto('/documents');
    const section = investor.page.getByRole('region', { name: 'Your notes are counted' });
    await section.getByRole('button', { name: 'Check my notes' }).click();
    await section.getByText('Every one of your notes is counted in the published total.').waitFor();
    await expect(section.getByText('Verified').count()).resolves.toBeGreaterThan(0);
    await expect(section.getByText('Does not verify').count()).resolves.toBe(0);
    await section.screenshot({ path: `${screenshots}/documents-coverage-proof-390.png` });
    expect(investor.errors).toEqual([]);
    await investor.context.close();
    await setPublished(false);
  });
});
