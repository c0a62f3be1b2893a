/**
 * /admin/payments in a browser (decision 1521): the demo admin opens Payments from the
 * navigation, reads the demo investor's payments, filters them by state, investor and dates,
 * sees the designed empty and error states, exports the CSV and reads the owed-credits panel.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  page = tracked.page;
  await signInAsDemoAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

const paymentRows = () => page.locator('.payment-table tbody tr');

describe('/admin/payments', () => {
  it('is in the admin navigation and lists payments with investor, type, amount and state', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL('**/admin/payments');
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await paymentRows().first().waitFor();
    expect(await paymentRows().count()).toBeGreaterThan(0);
    expect(await paymentRows().count()).toBeLessThanOrEqual(20);
    await expect(paymentRows().first().innerText()).resolves.toMatch(/Avery Johnson[\s\S]*\$[\d,]+\.\d{2}/);
    await expect(page.locator('.admin-pagination').innerText()).resolves.toMatch(
      /\d+ payments? · page 1 of \d+/,
    );
    await page.getByRole('heading', { name: 'Owed to investors' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('filters by state and investor, and shows the empty state when nothing matches', async () => {
    await page.getByLabel('Status', { exact: true }).selectOption('settled');
    // The unfiltered rows stay on screen until the filtered answer replaces them: wait for it.
    const statesShown = async () =>
      (await page.locator('.payment-table tbody td[data-label="Status"]').allInnerTexts()).map((state) =>
        state.trim(),
      );
    await expect
      .poll(async () => [...new Set(await statesShown())], { timeout: 10_000 })
      .toEqual(['Settled']);

    await page.getByLabel('Investor', { exact: true }).fill('avery');
    await expect(paymentRows().first().innerText()).resolves.toContain('Avery Johnson');
    await page.getByLabel('Investor', { exact: true }).fill('nobody-here');
    await page.getByText('No payments match these filters').waitFor();
    await page.getByLabel('Investor', { exact: true }).fill('');
    await paymentRows().first().waitFor();
  });

  it('refuses a date range that ends before it starts, then accepts a good one', async () => {
    await page.getByLabel('From', { exact: true }).fill('2026-03-01');
    await page.getByLabel('To', { exact: true }).fill('2026-02-01');
    await page.getByText('The start date must be on or before the end date.').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await page.getByLabel('From', { exact: true }).fill('1990-01-01');
    await page.getByLabel('To', { exact: true }).fill('1990-12-31');
    await page.getByText('No payments match these filters').waitFor();
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    await paymentRows().first().waitFor();
  });

  it('exports the filtered payments as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payments-settled-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path())).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'Payment id,Created,Effective date,Settled,Investor,Investor e-mail,Investor id,Note id,Note,Type,Amount,Status,Return code,Reason',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toContain(',Settled,');
    expect(tracked.errors).toEqual([]);
  });
});
