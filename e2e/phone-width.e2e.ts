/**
 * Every page fits a 390 px phone (issue 13 item 11): no page-level sideways scroll on any
 * route the router defines, signed in as the demo investor (whose demo data fills the
 * tables) or, for /admin pages, as the demo admin. A tapped transaction opens in view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';
import { isAdminPath, routerPaths } from './support/route-list';

const baseUrl = inject('baseUrl');
const phone = { width: 390, height: 844 };
let browser: Browser;
let investor: TrackedPage;
let admin: TrackedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  investor = await openPage(browser, baseUrl, phone);
  await signInAsDemoInvestor(investor.context, baseUrl);
  admin = await openPage(browser, baseUrl, phone);
  await signInAsDemoAdmin(admin.page);
});
afterAll(async () => {
  await investor?.context.close();
  await admin?.context.close();
  await browser?.close();
});

/** Loads a path and waits until its data has arrived (no request in flight, no loading state). */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .loading-state'), null, {
    timeout: 15_000,
  });
}

interface WidthReport {
  scrollWidth: number;
  /** The element that overflows the page furthest, named so a failure says where to look. */
  widest: string;
  /** Elements wider than the box they sit in (cut off or spilling over a card's edge). */
  spilling: string[];
}

async function measureWidth(page: Page): Promise<WidthReport> {
  return page.evaluate(() => {
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('')}`;
    const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
    const limit = document.documentElement.clientWidth;
    let widest = '';
    let right = limit;
    const spilling: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      if (/absolute|fixed/.test(getComputedStyle(element).position)) continue; // badges placed over an edge on purpose
      if (box.right > right + 0.5) {
        right = box.right;
        widest = `${name(element)} (${Math.round(box.right)} px)`;
      }
      const parent = element.parentElement;
      if (!parent || parent === document.body || scrolls(parent)) continue;
      if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') continue;
      let inScroller = false;
      for (
        let ancestor: HTMLElement | null = parent;
        ancestor && ancestor !== document.body;
        ancestor = ancestor.parentElement
      ) {
        if (scrolls(ancestor)) inScroller = true;
      }
      if (inScroller) continue;
      const style = getComputedStyle(parent);
      const parentBox = parent.getBoundingClientRect();
      const contentRight =
        parentBox.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
      const marginRight = parseFloat(getComputedStyle(element).marginRight);
      if (box.right > contentRight + Math.max(0, -marginRight) + 1) {
        spilling.push(`${name(element)} in ${name(parent)} by ${Math.round(box.right - contentRight)} px`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, widest, spilling };
  });
}

describe('every route at 390 px', () => {
  it('reads the route list from the router (portal, back office and public pages)', () => {
    const paths = routerPaths();
    expect(paths).toEqual(
      expect.arrayContaining([
        '/transfer',
        '/transaction-summary',
        '/documents',
        '/admin/dashboard',
        '/admin/payments',
        '/',
      ]),
    );
  });

  // Every route in one test (one report of all offenders); the route count sets its time.
  it('has no page-level sideways scroll and nothing spilling out of its box on any route', async () => {
    const tooWide: string[] = [];
    for (const path of routerPaths()) {
      const { page } = isAdminPath(path) ? admin : investor;
      await settle(page, path);
      const { scrollWidth, widest, spilling } = await measureWidth(page);
      if (scrollWidth > phone.width)
        tooWide.push(`${path} (now ${page.url()}): ${scrollWidth} px, widest ${widest}`);
      if (spilling.length > 0) tooWide.push(`${path}: ${spilling.join('; ')}`);
    }
    expect(tooWide).toEqual([]);
  }, 300_000);

  // /notes/:investmentId has a parameter, so the router list leaves it out: every demo note is measured here.
  it('fits every note page (/notes/:investmentId), its math table included', async () => {
    const { page } = investor;
    await settle(page, '/account-overview');
    const ids = await page.evaluate(async () => {
      const list = await (await fetch('/api/portal/investments?type=all&limit=50')).json();
      return (list.investments as { id: string }[]).map((row) => row.id);
    });
    expect(ids.length).toBeGreaterThan(0);
    const tooWide: string[] = [];
    for (const id of ids) {
      await settle(page, `/notes/${id}`);
      await page.locator('details.math-projection').evaluateAll((elements) => {
        for (const element of elements) (element as HTMLDetailsElement).open = true;
      });
      const { scrollWidth, widest, spilling } = await measureWidth(page);
      if (scrollWidth > phone.width) tooWide.push(`/notes/${id}: ${scrollWidth} px, widest ${widest}`);
      if (spilling.length > 0) tooWide.push(`/notes/${id}: ${spilling.join('; ')}`);
    }
    expect(tooWide).toEqual([]);
  }, 120_000);

  it('opens a tapped transaction in view, and it closes again', async () => {
    const { page } = investor;
    await settle(page, '/transaction-summary');
    await page.locator('.transaction-row').first().click();
    const detail = page.getByRole('dialog', { name: /./ });
    await detail.waitFor();
    const box = await detail.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(phone.height);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });
    expect((await measureWidth(page)).scrollWidth).toBeLessThanOrEqual(phone.width);
  });
});
