/**
 * Maturity instructions in the browser (issue 17 item 1): on the note page the demo investor
 * changes a High-Yield note's instruction from a rollover to a pay-out and back to a rollover
 * of another term, each saved and still there after a reload; the note rolled over a few days
 * ago is undone (paid out). "Show the math" lists the postings. Screenshots at 1280 and 390 px
 * go to SHOTS_DIR when it is set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
const shotsDir = process.env.SHOTS_DIR;
let browser: Browser;
let tracked: TrackedPage;

interface NoteSummary {
  id: string;
  origin: string;
  can_change_instruction: boolean;
  can_undo_rollover: boolean;
  maturity_instruction: { kind: string; term_years?: number } | null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  tracked = await openPage(browser, baseUrl, { width: 1280, height: 900 });
  await signInAsDemoInvestor(tracked.context, baseUrl);
});
afterAll(async () => {
  await tracked?.context.close();
  await browser?.close();
});

async function demoNotes(page: Page): Promise<NoteSummary[]> {
  await page.goto('/account-overview');
  return page.evaluate(async () => {
    const list = await (await fetch('/api/portal/investments?type=high_yield&limit=50')).json();
    return Promise.all(
      (list.investments as { id: string }[]).map(async (row) =>
        (await fetch(`/api/portal/notes/${row.id}`)).json(),
      ),
    );
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('maturity instructions', () => {
  it('changes a rollover to a pay-out and back to another term, saved across reloads', async () => {
    const { page } = tracked;
    const note = (await demoNotes(page)).find(
      (candidate) =>
        candidate.origin === 'purchase' &&
        candidate.can_change_instruction &&
        candidate.maturity_instruction?.kind === 'roll_over',
    );
    expect(note, 'the demo note maturing in two weeks with a rollover chosen').toBeTruthy();
    await page.goto(`/notes/${note!.id}`);
    const instruction = page.getByRole('group', { name: 'At maturity' });
    const rollover = instruction.getByRole('radio', { name: /Roll over into a new High-Yield note/ });
    await rollover.waitFor();
    expect(await rollover.isChecked()).toBe(true);
    expect(await instruction.getByLabel('New term').inputValue()).toBe('3');
    await page.getByRole('heading', { name: 'Show the math' }).waitFor();
    // Cents in the tables; the ten-place figures and the rounding carried behind "Exact figures".
    expect(await page.locator('.math-table').first().innerText()).not.toMatch(/\.\d{10}/);
    await page.getByText('Exact figures', { exact: true }).click();
    expect(await page.locator('.exact-figures .math-table').first().innerText()).toMatch(/rounding/i);
    await shoot(page, 'note-page-high-yield');

    await instruction.getByRole('radio', { name: /Pay out to my bank account/ }).check();
    await page.getByRole('button', { name: 'SAVE INSTRUCTION' }).click();
    await page.getByText('Maturity instruction saved.').waitFor();
    await page.reload();
    await instruction.getByRole('radio', { name: /Pay out to my bank account/ }).waitFor();
    expect(await instruction.getByRole('radio', { name: /Pay out to my bank account/ }).isChecked()).toBe(
      true,
    );

    await rollover.check();
    await instruction.getByLabel('New term').selectOption('2');
    await page.getByRole('button', { name: 'SAVE INSTRUCTION' }).click();
    await page.getByText('Maturity instruction saved.').waitFor();
    await page.reload();
    await rollover.waitFor();
    expect(await rollover.isChecked()).toBe(true);
    expect(await instruction.getByLabel('New term').inputValue()).toBe('2');
  });

  it('undoes the rollover made a few days ago: the note is paid out', async () => {
    const { page } = tracked;
    const note = (await demoNotes(page)).find((candidate) => candidate.can_undo_rollover);
    expect(note, 'the demo note rolled over four days ago').toBeTruthy();
    await page.goto(`/notes/${note!.id}`);
    await page.getByRole('button', { name: 'UNDO ROLLOVER' }).waitFor();
    await shoot(page, 'note-page-rolled-over');
    await page.getByRole('button', { name: 'UNDO ROLLOVER' }).click();
    await page.getByText('Rollover undone: the note is being paid out to your bank account.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('Closed');
  });

  it('works out the amount entered on the public plan cards and in the purchase form', async () => {
    const { page } = tracked;
    await page.goto('/investments');
    const amount = page.getByLabel('How much would you invest?');
    await amount.fill('10000');
    await page.getByText(/\$10,000\.00 earns about \$\d+\.\d{2} a month/).waitFor();
    expect(await page.locator('.plan-terms').innerText()).toMatch(/\$10,000\.00 grows to/);
    await shoot(page, 'public-plan-cards');

    await page.goto('/buy-investments');
    const highYield = page.getByRole('article', { name: 'High-Yield growth plan' });
    await highYield.getByRole('button', { name: 'BUY INVESTMENT' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Term').selectOption({ index: 1 });
    await dialog.getByLabel('Amount (USD)').fill('10000');
    await dialog.getByText(/\$10,000\.00 grows to \$[\d,]+\.\d{2} at maturity/).waitFor();
    const atMaturity = dialog.getByRole('group', { name: 'At maturity' });
    await atMaturity.getByRole('radio', { name: /Roll over/ }).check();
    await atMaturity.getByLabel('New term').waitFor();
    await shoot(page, 'purchase-form-high-yield');
  });
});
