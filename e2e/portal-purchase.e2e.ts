/**
 * A signed-in investor buys a High-Yield note through the four steps (with the spec's
 * messages, the agreement's scroll gate and BACK), then finds it on the overview and in
 * the transaction summary, exports the CSV and downloads its promissory note.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;
let page: Page;
let reference = '';

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  page = tracked.page;
  await signInAsDemoInvestor(tracked.context, baseUrl);
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

async function textOf(download: import('playwright-core').Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

describe('buying a High-Yield note', () => {
  it('walks the four steps with the spec’s checks, the scroll gate and BACK', async () => {
    await page.goto('/buy-investments');
    await page.getByRole('heading', { level: 1, name: 'Choose your plan' }).waitFor();
    const highYield = page.getByRole('article', { name: 'High-Yield growth plan' });
    await highYield.getByRole('button', { name: 'BUY INVESTMENT' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'High-Yield growth plan · $5K minimum' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Step 1: the messages in the spec's order.
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByText('Please select a term length').waitFor();
    const term = dialog.getByLabel('Term');
    const labels = await term.locator('option').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining(['2 YEARS - 9.00%', '3 YEARS - 9.40%', '4 YEARS - 9.80%', '5 YEARS - 10.24%']),
    );
    await term.selectOption({ label: '3 YEARS - 9.40%' });
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByText('Please enter a valid amount').waitFor();
    await dialog.getByLabel('Amount (USD)').fill('4000');
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByText('Minimum purchase amount is $5,000.00').waitFor();
    await dialog.getByLabel('Amount (USD)').fill('12500');
    const funding = dialog.getByLabel('Funding account');
    await funding.selectOption('');
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByText('Please select a funding account').waitFor();
    await funding.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // Step 2: the consent box opens only at the end of the agreement.
    const agreement = dialog.getByTestId('agreement-text');
    await agreement.waitFor();
    await expect(agreement.textContent()).resolves.toContain('Early withdrawal and penalties');
    const consent = dialog.getByRole('checkbox');
    expect(await consent.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'NEXT' }).isDisabled()).toBe(true);
    await agreement.evaluate((element) => {
      element.scrollTop = element.scrollHeight - element.clientHeight - 40;
      element.dispatchEvent(new Event('scroll'));
    });
    expect(await consent.isDisabled()).toBe(true);
    await agreement.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.dispatchEvent(new Event('scroll'));
    });
    await page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('[role=dialog] input[type=checkbox]')?.disabled,
    );
    await consent.check();

    // BACK from agreement to the form keeps what was entered.
    await dialog.getByRole('button', { name: 'BACK' }).click();
    await expect(dialog.getByLabel('Amount (USD)').inputValue()).resolves.toBe('12500');
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // Step 3: review, BACK to the agreement and forward again.
    await dialog.getByText('Please check the details of your investment before you buy.').waitFor();
    await expect(dialog.locator('.review-list').textContent()).resolves.toContain('$12,500.00');
    await dialog.getByRole('button', { name: 'BACK' }).click();
    await agreement.waitFor();
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // Step 4: BUY.
    await dialog.getByRole('button', { name: 'BUY' }).click();
    await dialog.getByText('PURCHASE SUCCESSFUL').waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      'appears in your account immediately and interest starts today',
    );
    reference = (await dialog.locator('.purchase-reference strong').textContent()) ?? '';
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(tracked.errors).toEqual([]);
  });

  it('shows the new note on the overview', async () => {
    await page.goto('/account-overview');
    const panel = page.locator('.investments-panel');
    await panel.getByText('High Yield · 9.40%').first().waitFor();
    await expect(panel.textContent()).resolves.toContain('$12,500.00 since');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('lists the purchase in the transaction summary with its details', async () => {
    await page.goto('/transaction-summary');
    const row = page
      .locator('.transaction-row', { hasText: 'Purchase' })
      .filter({ hasText: '+$12,500.00' })
      .first();
    await row.click();
    const detail = page.getByRole('complementary', { name: 'Transaction details' });
    await detail.getByText(reference.toLowerCase(), { exact: true }).waitFor();
    await expect(detail.textContent()).resolves.toContain(`High Yield · 9.40% · ${reference.toLowerCase()}`);
    await expect(detail.textContent()).resolves.toContain('High Yield · $12,500.00 at 9.40%');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('exports the current view as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'EXPORT' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transactions-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await textOf(download)).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'Date,Time,Type,Amount,Investment type,Principal,Rate (%),Transaction ID,Investment ID,Notes,Balance change',
    );
    expect(lines.some((line) => line.includes(',Purchase,+12500.00,High Yield,12500.00,9.40,'))).toBe(true);
  });

  it('downloads the promissory note of the new investment', async () => {
    await page.goto('/account-overview');
    await page.getByRole('button', { name: 'Notes' }).click();
    const link = page.getByRole('link', { name: new RegExp(`High Yield note ${reference}`) });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`promissory-note-${reference}.pdf`);
    expect((await textOf(download)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
