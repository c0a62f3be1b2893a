/**
 * Keyboard reach in the portal (issue 24 item 18): the purchase dialog keeps focus inside it
 * as it moves from step to step (it used to fall to the page body), and the bell's scrolling
 * notification list can be reached and scrolled from the keyboard (axe
 * `scrollable-region-focusable`).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

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

/** What has focus: its tag and accessible text, or "body" when focus was lost. */
function focused(): Promise<{ tag: string; text: string; isInDialog: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return {
      tag: element?.tagName.toLowerCase() ?? 'none',
      text: element?.textContent?.trim() ?? '',
      isInDialog: Boolean(element?.closest('[role=dialog]')),
    };
  });
}

describe('the purchase dialog moves focus with its steps', () => {
  it('puts focus on the new step’s heading after NEXT and after BACK, never on the page body', async () => {
    await page.goto('/buy-investments');
    await page
      .getByRole('article', { name: 'Standard income plan' })
      .getByRole('button', { name: 'BUY INVESTMENT' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (USD)').fill('6000');
    await dialog.getByLabel('Funding account').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByTestId('agreement-text').waitFor();
    expect(await focused()).toEqual({ tag: 'h3', text: 'Step 2 of 4: Agreement', isInDialog: true });

    await dialog.getByRole('button', { name: 'BACK' }).click();
    await dialog.getByLabel('Amount (USD)').waitFor();
    expect(await focused()).toEqual({ tag: 'h3', text: 'Step 1 of 4: Details', isInDialog: true });
    // Tab goes on from the heading into the step's fields.
    await page.keyboard.press('Tab');
    expect((await focused()).isInDialog).toBe(true);
    expect(tracked.errors).toEqual([]);
  });
});

describe('the bell panel', () => {
  it('lets the keyboard reach its scrolling list', async () => {
    await page.goto('/account-overview');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Recent notifications' });
    await panel.locator('.bell-item').first().waitFor();
    expect(await panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.map((violation) => violation.id)).not.toContain('scrollable-region-focusable');
    expect(violations).toEqual([]);
    await page.getByRole('button', { name: /^Notifications/ }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Recent notifications',
    );
  });

  it('opens inside the screen on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account-overview');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('region', { name: 'Recent notifications' });
    await panel.locator('.bell-item').first().waitFor();
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  });
});
