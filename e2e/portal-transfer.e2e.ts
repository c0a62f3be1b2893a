/**
 * TRANSFER TO BANK from /transfer: the amount, a fresh SMS code, the confirmation, then the
 * pending transfer in the history (cancellable until the quarter end).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { demoInvestor, signInAsDemoInvestor } from './support/investor-session';
import { waitForOutboxMessage } from './support/outbox';

const baseUrl = inject('baseUrl');
let browser: Browser;
let tracked: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  await signInAsDemoInvestor(tracked.context, baseUrl);
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

describe('transfer to bank', () => {
  it('requests a transfer with an SMS code and shows it pending in the history', async () => {
    const { page } = tracked;
    await page.goto('/transfer');
    await page.getByRole('heading', { level: 1, name: 'Move your money' }).waitFor();
    await page.getByText('funds will not appear in your bank account until').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const pendingBefore = await page.locator('.transfer-table tbody tr', { hasText: 'Pending' }).count();

    await page.getByRole('button', { name: 'TRANSFER TO BANK' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer to bank' });
    await dialog.getByLabel('Amount (USD)').fill('1000000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The amount is more than you have available to withdraw').waitFor();

    await dialog.getByLabel('Amount (USD)').fill('1,000');
    const asked = new Date(Date.now() - 1000).toISOString();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Verification code').waitFor();
    const sms = await waitForOutboxMessage(baseUrl, demoInvestor.phone, { channel: 'sms', after: asked });
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm transfer' }).click();
    await dialog.getByText('TRANSFER REQUESTED').waitFor();
    await expect(dialog.textContent()).resolves.toContain('We will pay $1,000.00 to your account ending');
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();

    const pending = page.locator('.transfer-table tbody tr', { hasText: 'Pending' });
    await expect.poll(() => pending.count()).toBe(pendingBefore + 1);
    const row = pending.filter({ hasText: '$1,000.00' }).first();
    await expect(row.textContent()).resolves.toContain('To be paid');

    // Cancellable until paid.
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => pending.count()).toBe(pendingBefore);
    expect(tracked.errors).toEqual([]);
  });
});
