/**
 * Interest reinvestment in the browser (issue 17 item 2, decision 1740): the demo investor buys
 * a Standard note choosing to reinvest its interest (the review shows the compounded first
 * year), sees it badged on the overview, then switches reinvestment on for an older Standard
 * note on its page: the page says it starts next month, the choice survives a reload, and the
 * overview says from which month. Screenshots at 1280 and 390 px go to SHOTS_DIR when set.
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
/** The Standard note the purchase test buys. */
let reference = '';

interface NoteDetail {
  id: string;
  reference: string;
  status: string;
  interest_reinvestment: { chosen: boolean; reinvests_this_month: boolean; next_switch_from: string } | null;
  can_change_reinvestment: boolean;
  postings: { credited: boolean }[];
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

async function standardNotes(page: Page): Promise<NoteDetail[]> {
  await page.goto('/account-overview');
  return page.evaluate(async () => {
    const list = await (await fetch('/api/portal/investments?type=standard&limit=50')).json();
    return Promise.all(
      (list.investments as { id: string }[]).map(async (row) =>
        (await fetch(`/api/portal/notes/${row.id}`)).json(),
      ),
    );
  });
}

/** `height`: tall enough for a dialog's whole content (a dialog scrolls inside the viewport). */
async function shoot(page: Page, name: string, height = 900): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? height : 900 });
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

function monthName(period: string): string {
  return new Date(`${period}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

describe('interest reinvestment', () => {
  it('shows the demo note that reinvests, with its compounded months on its page', async () => {
    const { page } = tracked;
    const reinvesting = (await standardNotes(page)).find(
      (note) => note.status === 'active' && note.interest_reinvestment?.reinvests_this_month,
    );
    expect(reinvesting, 'the demo Standard note that reinvests').toBeTruthy();
    expect(reinvesting!.postings.filter((row) => row.credited).length).toBeGreaterThanOrEqual(4);
    await page.goto(`/notes/${reinvesting!.id}`);
    await page.getByTestId('reinvestment-status').waitFor();
    expect(await page.getByTestId('reinvestment-status').innerText()).toMatch(/^Reinvests interest/);
    const math = await page.locator('.math-table').first().innerText();
    expect(math).toContain('WENT TO');
    expect(math).toMatch(/\tAdded to your note(\n|$)/);
    await shoot(page, 'note-page-reinvesting');
  });

  it('reviews a Standard purchase that reinvests, then buys one paying to the bank', async () => {
    const { page } = tracked;
    await page.goto('/buy-investments');
    const standard = page.getByRole('article', { name: 'Standard income plan' });
    // The card shows the plan's terms once the products have loaded (the page renders before).
    await standard.getByText('reinvested in the note to compound', { exact: false }).waitFor();
    expect(await standard.innerText()).toContain('reinvested in the note to compound');
    await standard.getByRole('button', { name: 'BUY INVESTMENT' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (USD)').fill('10000');
    const interest = dialog.getByRole('group', { name: 'Monthly interest' });
    expect(await interest.getByRole('radio', { name: /Pay it to my bank account/ }).isChecked()).toBe(true);
    await dialog
      .getByText(/^\$10,000\.00 earns about \$\d{2}\.\d{2} a month, paid to your bank\.$/)
      .waitFor();
    await interest.getByRole('radio', { name: /Reinvest it in the note/ }).check();
    await dialog
      .getByText(/^\$10,000\.00 grows to about \$10,\d{3}\.\d{2} in 12 months, its interest reinvested\.$/)
      .waitFor();
    await shoot(page, 'purchase-form-standard-reinvest', 1300);
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    const agreement = dialog.getByTestId('agreement-text');
    await agreement.waitFor();
    await agreement.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      element.dispatchEvent(new Event('scroll'));
    });
    await page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('[role=dialog] input[type=checkbox]')?.disabled,
    );
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByText('Please check the details of your investment before you buy.').waitFor();
    const review = await dialog.locator('.review-list').innerText();
    expect(review).toContain('Reinvested monthly in the note, where it compounds');
    expect(review).toMatch(
      /\$\d{3}\.\d{2} added in the first 12 months, compounding: the note is worth \$10,\d{3}\.\d{2} then/,
    );
    await shoot(page, 'purchase-review-standard-reinvest', 1500);

    // BACK to the form keeps the choice; this note pays its interest to the bank instead.
    await dialog.getByRole('button', { name: 'BACK' }).click();
    await dialog.getByRole('button', { name: 'BACK' }).click();
    expect(await interest.getByRole('radio', { name: /Reinvest it in the note/ }).isChecked()).toBe(true);
    await interest.getByRole('radio', { name: /Pay it to my bank account/ }).check();
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    await dialog.getByRole('button', { name: 'NEXT' }).click();
    expect(await dialog.locator('.review-list').innerText()).toContain('Paid monthly to your bank');
    await dialog.getByRole('button', { name: 'BUY' }).click();
    await dialog.getByText('PURCHASE SUCCESSFUL').waitFor();
    reference = (await dialog.locator('.purchase-reference strong').textContent()) ?? '';
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    const bought = (await standardNotes(page)).find((note) => note.reference === reference);
    expect(bought?.interest_reinvestment).toMatchObject({ chosen: false, reinvests_this_month: false });
  });

  it('switches reinvestment on for a Standard note from next month, and the overview says so', async () => {
    const { page } = tracked;
    const note = (await standardNotes(page)).find((candidate) => candidate.reference === reference);
    expect(note?.can_change_reinvestment, 'the Standard note just bought').toBe(true);
    const from = monthName(note!.interest_reinvestment!.next_switch_from);
    await page.goto(`/notes/${note!.id}`);
    const status = page.getByTestId('reinvestment-status');
    await status.waitFor();
    expect(await status.innerText()).toBe('Interest paid monthly to your bank account');
    await page.getByRole('button', { name: 'REINVEST MY INTEREST' }).click();
    await page
      .getByText('Interest reinvestment switched on: it starts with next month’s interest.')
      .waitFor();
    expect(await status.innerText()).toBe(
      `Interest paid monthly to your bank account. From ${from} interest is reinvested in the note.`,
    );
    await page.reload();
    await page.getByRole('button', { name: 'PAY INTEREST TO MY BANK INSTEAD' }).waitFor();
    expect(await page.getByTestId('reinvestment-status').innerText()).toContain(`From ${from}`);
    await shoot(page, 'note-page-reinvestment-switched');

    await page.goto('/account-overview');
    await page.getByText(`Reinvests interest from ${from}`).waitFor();
    // The demo note reinvesting since it was bought carries the badge.
    await page.locator('.note-row .badge', { hasText: 'Reinvests interest' }).first().waitFor();
    expect(await page.getByTestId('standard-monthly-interest').innerText()).toMatch(
      /paid to your bank, \$[\d,]+\.\d{2} reinvested in your notes\.$/,
    );
    await shoot(page, 'overview-reinvestment');
  });
});
