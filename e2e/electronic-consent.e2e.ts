/**
 * Consents to electronic delivery in the browser (issues 25 and 26, section 3; decisions
 * 1920-1924), as the demo investor and the demo admin: withdrawing the ESIGN consent in Settings
 * (the app says what changed), the consent step that then comes before the purchase agreement
 * (a code read from the disclosure PDF, typed back), the separate consent to electronic tax
 * forms, a paper copy asked for on Documents, and the paper batch made, downloaded and marked
 * mailed on /admin/tax. Screenshots of every changed page at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { accessCodeFromPdf } from './support/consent';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
const screenshots = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/screenshots';
let browser: Browser;
let investor: TrackedPage;
let staff: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await openPage(browser, baseUrl);
  await signInAsDemoInvestor(investor.context, baseUrl);
  staff = await openPage(browser, baseUrl);
  await signInAsDemoAdmin(staff.page);
  mkdirSync(screenshots, { recursive: true });
});
afterAll(async () => {
  await investor?.context.close();
  await staff?.context.close();
  await browser?.close();
});

/** A dialog is fixed to the viewport: its shots are of the viewport, pages' of the whole page. */
async function shoot(page: Page, name: string, options: { isDialog?: boolean } = {}) {
  const fullPage = !options.isDialog;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${screenshots}/${name}-1280.png`, fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('consent to electronic records (ESIGN)', () => {
  it('withdraws in Settings, says what changed, and asks again before the next agreement', async () => {
    const { page } = investor;
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Electronic delivery' });
    await card.waitFor();
    await card.getByText('Electronic', { exact: true }).first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'settings-electronic-delivery');

    await card.getByRole('button', { name: 'Withdraw consent' }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw consent to electronic records?' });
    await confirm.getByText('Your account stays open').waitFor();
    await confirm.getByRole('button', { name: 'Withdraw consent' }).click();
    await card.getByText('What changed:').waitFor();
    await expect(card.textContent()).resolves.toContain(
      'we mail your monthly statements and account notices on paper',
    );
    await card.getByRole('button', { name: 'Consent to electronic records' }).waitFor();
    await shoot(page, 'settings-esign-withdrawn');

    await page.goto('/buy-investments');
    const standard = page.getByRole('article', { name: /Standard/ });
    await standard.getByRole('button', { name: 'BUY INVESTMENT' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (USD)').fill('5000');
    await dialog.getByLabel('Funding account').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'NEXT' }).click();

    // The consent step comes before the agreement: the disclosure, the PDF, the code.
    const form = dialog.getByRole('form', { name: 'Consent to electronic records' });
    await form.waitFor();
    await expect(form.textContent()).resolves.toContain('You withdrew your consent to electronic records');
    for (const heading of [
      'Paper copies',
      'Withdrawing your consent',
      'Keeping your contact details current',
      'What you need',
    ]) {
      await form.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The link opens the PDF in a new tab. What it opens is read with the page's cookies: a
    // browser without a PDF viewer (the headless shell the tests run in) saves the file instead of
    // showing it, and its new tab keeps no address to check.
    const pdfLink = form.getByRole('link', { name: 'Open the PDF' });
    const pdfHref = await pdfLink.getAttribute('href');
    expect(pdfHref).toContain('/api/consents/electronic_records/disclosure.pdf');
    expect(await pdfLink.getAttribute('target')).toBe('_blank');
    const [pdfTab] = await Promise.all([page.context().waitForEvent('page'), pdfLink.click()]);
    await pdfTab.close();
    const pdf = await page.context().request.get(pdfHref ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const consentButton = form.getByRole('button', { name: 'I consent' });
    expect(await consentButton.isDisabled()).toBe(true);
    await form.getByLabel('Code from the PDF').fill('ZZZZZZ');
    await form.getByRole('checkbox').check();
    await consentButton.click();
    await form.getByText('That code does not match').waitFor();
    await form.getByText('That code does not match').scrollIntoViewIfNeeded();
    await shoot(page, 'purchase-esign-consent-step', { isDialog: true });

    await form.getByLabel('Code from the PDF').fill(await accessCodeFromPdf(page, 'electronic_records'));
    await consentButton.click();
    await dialog.getByTestId('agreement-text').waitFor();
    await dialog.getByRole('button', { name: 'Close and start over' }).click();

    await page.goto('/settings');
    await card.getByRole('button', { name: 'Withdraw consent' }).first().waitFor();
    // The wrong code's refusal is the only failed request the browser saw.
    expect(investor.errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    investor.errors.length = 0;
  });
});

describe('consent to electronic tax forms and paper copies', () => {
  it('is a separate consent in Settings, and Documents takes a paper copy request', async () => {
    const { page } = investor;
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Electronic delivery' });
    await card.getByRole('button', { name: 'Get tax forms electronically' }).click();
    const modal = page.getByRole('dialog', { name: 'Consent to electronic tax forms' });
    const form = modal.getByRole('form', { name: 'Consent to electronic tax forms' });
    await form.getByText('October 15').waitFor();
    await form.getByLabel('Code from the PDF').fill(await accessCodeFromPdf(page, 'tax_forms'));
    await form.getByRole('checkbox').check();
    await shoot(page, 'settings-tax-consent', { isDialog: true });
    await form.getByRole('button', { name: 'Consent to electronic tax forms' }).click();
    await modal.waitFor({ state: 'detached' });
    await card.getByText('Your Form 1099-INT will be in your account instead of the mail.').waitFor();

    await page.goto('/documents');
    const paper = page.getByRole('region', { name: 'Paper copies' });
    await paper.getByText('Your tax forms come electronically').waitFor();
    await paper.getByRole('button', { name: 'Request a paper copy' }).click();
    await paper.getByText(/We will mail a paper copy of your \d{4} Form 1099-INT/).waitFor();
    await paper
      .getByRole('table', { name: 'Paper copies' })
      .getByText('Waiting for the next mailing')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'documents-paper-copies');

    await page.goto('/settings');
    await card.getByRole('button', { name: 'Withdraw consent' }).nth(1).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw consent to electronic tax forms?' });
    await confirm.getByRole('button', { name: 'Withdraw consent' }).click();
    await card.getByText('We will mail your Form 1099-INT on paper by January 31.').waitFor();
    expect(investor.errors).toEqual([]);
  });
});

describe('paper mail in the back office', () => {
  it('shows the calendar, makes a print batch, downloads its PDF and marks it mailed', async () => {
    const { page } = staff;
    await page.goto('/admin/tax');
    const calendar = page.getByRole('region', { name: /calendar/ });
    await calendar.getByText('Recipient copies furnished (electronic or mailed)').waitFor();
    await calendar.getByText('Electronic filing with the IRS').waitFor();
    await calendar.getByText('Paper copies not yet in a batch').waitFor();
    const panel = page.getByRole('region', { name: /Paper copies of \d{4} forms/ });
    const waiting = panel.getByRole('table', { name: 'Waiting for paper' });
    await waiting.getByText('Avery Johnson').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'admin-tax-paper');

    await panel.getByRole('button', { name: 'Make print batch' }).click();
    await page
      .getByRole('dialog', { name: 'Make a print batch?' })
      .getByRole('button', { name: 'Make batch' })
      .click();
    await panel.getByText(/Batch made with \d+ piece/).waitFor();
    const batches = panel.getByRole('table', { name: 'Print batches' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      batches.getByRole('button', { name: 'PDF' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^paper-batch-\d{4}-tax-forms-.*\.pdf$/);
    await batches.getByRole('button', { name: 'Mark mailed' }).first().click();
    const mark = page.getByRole('dialog', { name: 'Mark this batch mailed?' });
    await mark.getByLabel('Pieces mailed').waitFor();
    await mark.getByRole('button', { name: 'Mark mailed' }).click();
    await mark.waitFor({ state: 'detached' });
    await batches.getByText('admin@steadyline.example').first().waitFor();
    await shoot(page, 'admin-tax-paper-mailed');

    await page.goto('/admin/print-queue');
    await page.getByRole('heading', { level: 1, name: 'Print queue' }).waitFor();
    // The ESIGN withdrawal above wrote its confirmation: it went to paper.
    await page
      .getByRole('table', { name: 'Waiting for paper' })
      .getByText('You withdrew your consent to electronic records')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'admin-print-queue');
    expect(staff.errors).toEqual([]);
  });
});
