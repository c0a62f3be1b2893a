/**
 * The Documents page (issue 17 item 3) as the demo investor: statements made by the demo
 * seed's run of the statement job, tax forms, promissory notes and signed agreements, each a
 * PDF download; another investor's statement is refused. Screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor, signUpInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
let browser: Browser;
let demo: TrackedPage;
let stranger: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  demo = await openPage(browser, baseUrl);
  await signInAsDemoInvestor(demo.context, baseUrl);
  stranger = await openPage(browser, baseUrl);
  await signUpInvestor(stranger.context, baseUrl, { email: `documents-${Date.now()}@example.com` });
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await demo?.context.close();
  await stranger?.context.close();
  await browser?.close();
});

describe('documents page', () => {
  it('is in the portal navigation and lists every kind of document, each downloadable', async () => {
    const { page } = demo;
    await page.goto('/account-overview');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Documents' }).click();
    await page.waitForURL('**/documents');
    await page.getByRole('heading', { name: 'Your documents' }).waitFor();
    const statements = page.getByRole('table', { name: 'Monthly statements' });
    await statements.waitFor();
    // Two years of demo history: a statement for each month that has ended.
    expect(await statements.locator('tbody tr').count()).toBeGreaterThan(20);
    await page.getByRole('table', { name: 'Promissory notes' }).waitFor();
    await page.getByRole('table', { name: 'Signed agreements' }).waitFor();
    await page.getByRole('table', { name: 'Tax forms' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const links = await page
      .locator('a.document-link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute('href') ?? ''),
      );
    for (const prefix of ['statements/', 'tax-forms/', 'promissory-notes/', 'agreements/']) {
      const href = links.find((link) => link.includes(`/api/portal/documents/${prefix}`));
      expect(href).toBeDefined();
      const download = await page.request.get(href!);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect(download.headers()['cache-control']).toBe('private, no-store');
      expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Another investor asking for the demo investor's statement gets nothing.
    const statementHref = links.find((link) => link.includes('/statements/'))!;
    const refused = await stranger.page.request.get(statementHref);
    expect(refused.status()).toBe(404);
    const agreementHref = links.find((link) => link.includes('/agreements/'))!;
    expect((await stranger.page.request.get(agreementHref)).status()).toBe(404);

    await page.screenshot({ path: `${screenshots}/documents-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}/documents-390.png`, fullPage: false });
    expect(demo.errors).toEqual([]);
  });

  it('shows the designed empty states to an investor with no documents yet', async () => {
    const { page } = stranger;
    await page.goto('/documents');
    await page.getByText('No statements yet').waitFor();
    await page.getByText('No notes yet').waitFor();
    await page.screenshot({ path: `${screenshots}/documents-empty-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${screenshots}/documents-empty-390.png`, fullPage: true });
  });
});
