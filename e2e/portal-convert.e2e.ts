/**
 * CONVERT TO HIGH-YIELD is a purchase (PRODUCT.md 37, issue 13 item 12): amount and term,
 * then the Perpetual Note Agreement (consent only after reading to the end), then the
 * purchase's review with the maturity date and projected value, and only then CONVERT.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl, { width: 390, height: 844 });
  await signInAsDemoInvestor(tracked.context, baseUrl);
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

describe('convert to High-Yield', () => {
  it('asks for the agreement and shows the review before converting', async () => {
    const { page } = tracked;
    await page.goto('/transfer');
    await page.getByRole('button', { name: 'CONVERT TO HIGH-YIELD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Convert to High-Yield' });
    const term = dialog.getByLabel('Term');
    await expect.poll(() => term.locator('option').count()).toBeGreaterThan(1);
    await term.selectOption({ index: 1 });
    await dialog.getByLabel('Amount (USD)').fill('5000');
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // Nothing is converted yet: the agreement comes first, its box opens only at its end.
    const agreement = dialog.getByTestId('agreement-text');
    await agreement.waitFor();
    const consent = dialog.getByRole('checkbox');
    expect(await consent.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'NEXT' }).isDisabled()).toBe(true);
    await expect(consent.locator('xpath=..').textContent()).resolves.toContain(
      'new High-Yield note of $5,000.00',
    );
    await agreement.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.dispatchEvent(new Event('scroll'));
    });
    await page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('[role=dialog] input[type=checkbox]')?.disabled,
    );
    await consent.check();
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // The purchase's review, with what locks the money and until when.
    await dialog.getByText('before you convert').waitFor();
    const review = await dialog.locator('.review-list').innerText();
    expect(review).toContain('$5,000.00');
    expect(review).toMatch(/Rate\s+\d+\.\d{2}% a year/);
    expect(review).toMatch(/Matures on\s+[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(review).toMatch(/Projected value at maturity\s+\$\d{1,3}(,\d{3})*\.\d{2}/);
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await dialog.getByRole('button', { name: 'CONVERT' }).click();
    await dialog.getByText('CONVERSION COMPLETE').waitFor();
    await expect(dialog.textContent()).resolves.toContain('Your new High-Yield note of $5,000.00');
  });
});
