/**
 * Issue 13 item 14 end to end, at the default settings (SMS resend wait included): the tax
 * forms panel of an investor without tax details links to Settings › Tax information, the
 * link lands on the section, adding the details asks for a step-up code, and afterwards the
 * page shows the TIN by its last four only. Screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signUpInvestor } from './support/investor-session';
import { waitForOutboxMessage } from './support/outbox';

const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
let browser: Browser;
let tracked: TrackedPage;
let phone: string;
const email = `tax-${Date.now()}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl);
  ({ phone } = await signUpInvestor(tracked.context, baseUrl, { email }));
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

async function isInViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}

/** The whole page from the top (the sticky header stays at the top), and the section close up. */
async function snap(page: Page, name: string): Promise<void> {
  await page.locator('#tax').screenshot({ path: `${screenshots}/${name}-section.png` });
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
}

/** Every page fits 390 px: no sideways page scroll; a screenshot of each state to look at. */
async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function enterStepUpCode(page: Page, requestedAfter: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByText('To change your tax information, enter the 6-digit code').waitFor();
  const sms = await waitForOutboxMessage(baseUrl, phone, { channel: 'sms', after: requestedAfter });
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('tax information in settings', () => {
  it('goes from the tax forms message to the section, steps up, saves and shows only the last four', async () => {
    const { page } = tracked;
    await page.goto('/account-overview');
    await page.getByRole('button', { name: /Tax forms/ }).click();
    await page.getByText('We don’t have your tax details yet').waitFor();
    await page.getByRole('link', { name: 'Settings › Tax information' }).click();

    await page.waitForURL('**/settings?from=%2Faccount-overview#tax');
    const section = page.locator('#tax');
    await section.getByText('No tax details yet.').waitFor();
    // The scroll is smooth (global.css): an animation, which a busy machine draws slowly.
    await expect.poll(() => isInViewport(page, '#tax'), { timeout: 5_000 }).toBe(true);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('tax-heading');
    await snap(page, 'settings-tax-empty-1280');
    await atPhoneWidth(page, 'settings-tax-empty');

    const requested = new Date(Date.now() - 1000).toISOString();
    await section.getByRole('button', { name: 'Add tax information' }).click();
    await enterStepUpCode(page, requested);

    const form = page.getByRole('form', { name: 'Tax information' });
    await form.getByLabel('Legal first name').fill('Ann');
    await form.getByLabel('Legal last name').fill('Lee');
    await form.getByLabel('Date of birth').fill('1985-04-12');
    await form.getByLabel('Social Security number').pressSequentially('666123456');
    await expect(form.getByLabel('Social Security number').inputValue()).resolves.toBe('666-12-3456');
    await form.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await form.getByLabel('City').fill('Boston');
    await form.getByLabel('State').selectOption('MA');
    await form.getByLabel('ZIP code').fill('02110');
    await form.getByRole('button', { name: 'Save tax information' }).click();
    await form.getByText('This is not a valid SSN: it cannot start with 000, 666 or 9').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await snap(page, 'settings-tax-form-1280');

    await form.getByLabel('Social Security number').fill('');
    await form.getByLabel('Social Security number').pressSequentially('527318642');
    // A new number is certified with it (Form W-9 Part II, decision 1910): the form asks first.
    await form.getByRole('button', { name: 'Save tax information' }).click();
    await form.getByText('Read the statements and tick the box to certify them').waitFor();
    await form.getByText('Under penalties of perjury, I certify that:').waitFor();
    await form
      .locator('.w9-statements')
      .screenshot({ path: `${screenshots}/settings-tax-w9-statements-1280.png` });
    await form.getByLabel(/^Under penalties of perjury, I certify the items above/).check();
    await form.getByRole('button', { name: 'Save tax information' }).click();

    await section.getByText('Your tax information was saved.').waitFor();
    // The form it replaces was taller: the message is brought into view and holds the focus.
    // (once the cards around it have refreshed from the saved answer)
    await expect.poll(() => isInViewport(page, '.tax-saved-note'), { timeout: 3000 }).toBe(true);
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('tax-saved-note')),
    ).resolves.toBe(true);
    await section.getByText('SSN ending 8642').waitFor();
    await section.getByText('Verified', { exact: true }).waitFor();
    await section.getByText('Certified', { exact: true }).waitFor();
    await section.getByText(/You certified your taxpayer ID ending 8642 on/).waitFor();
    await section.getByText('1 Main Street').waitFor();
    await page
      .getByText(/^VERIFIED \| MEMBER SINCE \d{4}$/)
      .first()
      .waitFor();
    const shown = await page.content();
    expect(shown).not.toContain('527-31-8642');
    expect(shown).not.toContain('527318642');
    await snap(page, 'settings-tax-saved-1280');
    await atPhoneWidth(page, 'settings-tax-saved');

    const notice = await waitForOutboxMessage(baseUrl, email, { channel: 'email' });
    expect(notice.subject).toContain('Tax information added');

    // Editing asks for a fresh code first; the number is never filled in.
    const editRequested = new Date(Date.now() - 1000).toISOString();
    await section.getByRole('button', { name: 'Edit' }).click();
    await enterStepUpCode(page, editRequested);
    await expect(form.getByLabel('Social Security number').inputValue()).resolves.toBe('');
    await form.getByText('Leave empty to keep your SSN ending 8642.').waitFor();
    await atPhoneWidth(page, 'settings-tax-edit');
    await form.getByLabel('City').fill('Cambridge');
    await form.getByRole('button', { name: 'Save tax information' }).click();
    await section.getByText('Cambridge, MA 02110').waitFor();
    await section.getByText('SSN ending 8642').waitFor();
    expect(tracked.errors).toEqual([]);
    // Two step-ups, two saves and six screenshots: about 15 s on an idle machine.
  }, 150_000);
});
