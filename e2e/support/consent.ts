/**
 * The consent to electronic records as an investor gives it (decisions 1920-1921): the code is
 * read from the disclosure PDF the investor opens, then typed back.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pdfTextLines } from '../../src/server/test-support/pdf-text';

export async function accessCodeFromPdf(
  page: Page,
  kind: 'electronic_records' | 'tax_forms',
): Promise<string> {
  const response = await page.request.get(`/api/consents/${kind}/disclosure.pdf`);
  expect(response.status()).toBe(200);
  const code = pdfTextLines(await response.body())
    .map((line) => line.trim())
    .find((line) => /^[A-Z2-9]{6}$/.test(line));
  expect(code).toBeDefined();
  return code!;
}

/** Completes the consent step shown before a first agreement inside `dialog`. */
export async function consentToElectronicRecords(page: Page, dialog: Locator): Promise<void> {
  const form = dialog.getByRole('form', { name: 'Consent to electronic records' });
  await form.getByLabel('Code from the PDF').fill(await accessCodeFromPdf(page, 'electronic_records'));
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'I consent' }).click();
}
