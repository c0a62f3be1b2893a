/**
 * Early redemption in the browser (issue 27 section 3): the demo investor opens a High-Yield
 * note's page, asks to redeem it whole, sees the amount, the penalty and the interest given up
 * (the figures the server quotes) before sending, and the request waits in the card; the demo
 * admin finds it in the staff queue and declines it with a reason, which the investor then reads
 * on the note's page. Screenshots at 1280 and 390 px go to SHOTS_DIR when set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const baseUrl = inject('baseUrl');
const shotsDir = process.env.SHOTS_DIR;
let browser: Browser;
let investor: TrackedPage;
let noteId = '';

interface Quote {
  amount_paid: string;
  penalty: string;
  interest_given_up: string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await openPage(browser, baseUrl, { width: 1280, height: 900 });
  await signInAsDemoInvestor(investor.context, baseUrl);
});
afterAll(async () => {
  await investor?.context.close();
  await browser?.close();
});

/** A dialog is shot as the viewport shows it (it is fixed over the page); a page, whole. */
async function shoot(
  page: Page,
  name: string,
  options: { height?: number; isDialog?: boolean } = {},
): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? (options.height ?? 900) : 900 });
    await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`), fullPage: !options.isDialog });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** "$1,234.56" as the page writes an amount. */
function usd(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `$${Number(whole).toLocaleString('en-US')}.${cents}`;
}

describe('early redemption', () => {
  it('shows the figures before sending, then the request waiting on the note page', async () => {
    const { page } = investor;
    await page.goto('/account-overview');
    noteId = await page.evaluate(async () => {
      const list = await (await fetch('/api/portal/investments?type=high_yield&limit=50')).json();
      for (const row of list.investments as { id: string }[]) {
        const panel = await (await fetch(`/api/portal/notes/${row.id}/early-redemption`)).json();
        if (panel.is_eligible) return row.id;
      }
      return '';
    });
    expect(noteId, 'a demo High-Yield note that can be redeemed early').not.toBe('');
    const quote = (await page.evaluate(
      async (id) => (await fetch(`/api/portal/notes/${id}/early-redemption/quote?kind=whole`)).json(),
      noteId,
    )) as Quote;

    await page.goto(`/notes/${noteId}`);
    const card = page.getByRole('region', { name: 'Early redemption' });
    await card.getByRole('button', { name: 'ASK TO REDEEM EARLY' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem early' });
    await dialog.getByRole('radio', { name: /The whole note/ }).check();
    await shoot(page, 'early-redemption-choose', { height: 844, isDialog: true });
    await dialog.getByRole('button', { name: 'Review figures' }).click();
    const figures = dialog.getByTestId('redemption-quote');
    await figures.waitFor();
    const text = await figures.innerText();
    expect(text).toContain(usd(quote.amount_paid));
    expect(text).toContain(`-${usd(quote.penalty)}`);
    expect(await dialog.innerText()).toContain(`Interest you give up: ${usd(quote.interest_given_up)}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await shoot(page, 'early-redemption-review', { height: 844, isDialog: true });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('REQUEST SENT').waitFor();
    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    const request = card.getByTestId('redemption-request');
    await request.getByText('Waiting for review').waitFor();
    expect(await card.getByRole('button', { name: 'Cancel request' }).isVisible()).toBe(true);
    await shoot(page, 'early-redemption-requested');
  });

  it('is in the staff queue; declined with a reason the investor reads', async () => {
    const staff = await openPage(browser, baseUrl, { width: 1280, height: 900 });
    try {
      const { page } = staff;
      await signInAsDemoAdmin(page);
      await page.getByRole('link', { name: 'Liquidity' }).click();
      await page.waitForURL('**/admin/liquidity');
      await page.getByRole('tab', { name: 'Early redemptions' }).click();
      await page.waitForURL('**/admin/liquidity?section=redemptions');
      const table = page.getByRole('table', { name: 'Early redemption requests' });
      await table.waitFor();
      const row = table.getByRole('row').filter({ hasText: 'Whole' }).first();
      expect(await row.innerText()).toContain('penalty');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await shoot(page, 'early-redemption-queue');
      await row.getByRole('button', { name: 'Decline…' }).click();
      const reason = 'We are not redeeming High-Yield notes early this quarter.';
      await row.getByLabel('Reason the investor sees').fill(reason);
      await row.getByRole('button', { name: 'Decline', exact: true }).click();
      await page.getByRole('tab', { name: 'Declined' }).click();
      await page.getByText(`Declined: ${reason}`).first().waitFor();

      await investor.page.goto(`/notes/${noteId}`);
      await investor.page.getByText(`Reason: ${reason}`).waitFor();
      await shoot(investor.page, 'early-redemption-declined');
    } finally {
      await staff.context.close();
    }
  });
});
