/**
 * Decision 1985 (issue 29 goal 1): the landing page, the portal's pages and the admin dashboard
 * arrive from the server with their content in the HTML, so a phone paints them before the app's
 * code has run; the app then takes the markup over (hydration) without drawing it again.
 * - the HTML carries the page's content and the answers it was drawn from, inert until the app
 *   takes over, under the strict CSP (no inline script, no style attribute: no console error);
 * - a signed-in page carries the visitor's own data only, is never stored (no-store, and the
 *   worker keeps no copy), and is not rendered for a session that has ended;
 * - before the app takes over nothing can be typed or submitted; after, everything works.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../src/shared/validation/email';
import { signInAsDemoAdmin } from './support/admin-sign-in';
import { launchBrowser, openPage } from './support/browser';
import { demoInvestor, signInAsDemoInvestor, signUpInvestor } from './support/investor-session';
import { carriedAnswers } from './support/rendered-page';
import type { FirstAnswer } from '../src/shared/pages/server-rendering';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The portal pages the server renders for a signed-in investor, and an element of each one's content. */
const portalPages = [
  { path: '/account-overview', content: '.balance-card .balance-value' },
  { path: '/transaction-summary', content: '.transaction-row' },
  { path: '/buy-investments', content: '.buy-plan-rate' },
  { path: '/transfer', content: '.transfer-card .balance-value' },
  { path: '/settings', content: '.settings-card .detail-value' },
  { path: '/documents', content: 'h1' },
  { path: '/link-bank', content: 'h1' },
] as const;

interface ServedPage {
  status: number;
  variant: string | null;
  cacheControl: string | null;
  html: string;
  root: string;
  answers: FirstAnswer[];
}

/** The HTML the server sends for `path` with the context's cookies, taken apart. */
async function served(context: BrowserContext, path: string): Promise<ServedPage> {
  const response = await context.request.get(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  return {
    status: response.status(),
    variant: response.headers()['x-page-variant'] ?? null,
    cacheControl: response.headers()['cache-control'] ?? null,
    html,
    root: /<div id="root"[^>]*>/.exec(html)?.[0] ?? '',
    answers: carriedAnswers(html),
  };
}

/** Waits until the app has taken the page over, and says how: `hydrated` or `redrawn`. */
async function takenOver(page: Page): Promise<string | null> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && !root.hasAttribute('inert');
  });
  return page.locator('#root').getAttribute('data-rendered');
}

describe('server-rendered pages', () => {
  it('the landing page arrives with its plan rates from the catalogue, and the app takes it over without a redraw', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      const landing = await served(context, '/');
      expect(landing.status).toBe(200);
      expect(landing.variant).toBe('rendered');
      expect(landing.cacheControl).toBe('no-cache');
      expect(landing.root).toBe('<div id="root" inert data-rendered>');
      // The one script is the app's entry: the page's data is JSON, never run.
      expect([...landing.html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual([
        expect.stringMatching(/^<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">$/),
        '<script type="application/json" id="first-answers">',
      ]);
      expect(landing.html).not.toMatch(/\sstyle="/);
      // The headline rate in the HTML is the catalogue's highest rate.
      const catalogue = landing.answers.find((answer) => answer.url === '/api/products');
      expect(catalogue?.status).toBe(200);
      const { products } = JSON.parse(catalogue?.body ?? '{}') as {
        products: { interest_rate_annual: string }[];
      };
      const highest = Math.max(...products.map((product) => Number(product.interest_rate_annual)));
      const headline = /Earn up to ([\d.]+)% per year/.exec(landing.html)?.[1];
      expect(Number(headline)).toBeCloseTo(highest * 100, 6);

      await page.goto('/');
      expect(await takenOver(page)).toBe('hydrated');
      // It works as a page the browser rendered: the sign-up form checks the address it is given.
      await page.getByRole('textbox').first().fill('not-an-address');
      await page.getByRole('button', { name: 'GET STARTED' }).click();
      await expect.poll(() => page.getByText(INVALID_EMAIL_MESSAGE).count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("each portal page arrives with the investor's own data, is never stored, and is taken over without a redraw", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl, { width: 390, height: 844 });
    try {
      await signInAsDemoInvestor(context, baseUrl);
      for (const { path, content } of portalPages) {
        const html = await served(context, path);
        expect(html.variant, path).toBe('rendered');
        expect(html.cacheControl, path).toBe('no-store');
        expect(html.root, path).toBe('<div id="root" inert data-rendered>');
        expect(html.html, path).toContain(demoInvestor.email);
        expect(html.html, path).not.toMatch(/\sstyle="/);
        // Its data is in the page: no fetch is preloaded.
        expect(html.html, path).not.toContain('as="fetch"');
        expect(html.answers.map((answer) => answer.url)).toContain('/api/session');

        await page.goto(path);
        await expect.poll(() => page.locator(content).count(), { message: path }).toBeGreaterThan(0);
        expect(await takenOver(page), path).toBe('hydrated');
      }
      expect(errors).toEqual([]);
      // The worker keeps no copy of a rendered page.
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys())
          if (name.startsWith('steadyline-pages-'))
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      });
      expect(kept).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("one investor's page never carries another's data", async () => {
    const demo = await openPage(browser, baseUrl);
    const other = await openPage(browser, baseUrl);
    try {
      await signInAsDemoInvestor(demo.context, baseUrl);
      const email = `rendered-${Date.now()}@example.com`;
      await signUpInvestor(other.context, baseUrl, { email });
      // Asked for at the same moment, so the two renders run side by side.
      const [demoPage, otherPage] = await Promise.all([
        served(demo.context, '/account-overview'),
        served(other.context, '/account-overview'),
      ]);
      expect(demoPage.html).toContain(demoInvestor.email);
      expect(demoPage.html).not.toContain(email);
      expect(otherPage.variant).toBe('rendered');
      expect(otherPage.html).toContain(email);
      expect(otherPage.html).not.toContain(demoInvestor.email);
      expect(otherPage.html).not.toContain('Avery');
    } finally {
      await demo.context.close();
      await other.context.close();
    }
  });

  it('a page is not rendered for a session that has ended: the visitor is sent to sign in', async () => {
    const { page, context } = await openPage(browser, baseUrl);
    try {
      await context.addCookies([{ name: 'sl_session', value: 'ended-session-token', url: baseUrl }]);
      const html = await served(context, '/account-overview');
      expect(html.variant).toBe('signed-in');
      expect(html.root).toBe('<div id="root">');
      await page.goto('/account-overview');
      await page.waitForURL(/\/login/);
    } finally {
      await context.close();
    }
  });

  it('before the app takes over, nothing can be typed into or submitted', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      await signInAsDemoInvestor(context, baseUrl);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/transfer`);
      // The content is painted without any of the app's code...
      await expect.poll(() => page.locator('.transfer-card .balance-value').first().isVisible()).toBe(true);
      // ...but it is inert: a click waits for the app, which never comes here.
      await expect(page.locator('#root button').first().click({ timeout: 1000 })).rejects.toThrow(/inert/);
      // And nothing can be typed: the landing page's first field keeps the value it came with.
      await page.goto(`${baseUrl}/`);
      const field = page.locator('#root input').first();
      const before = await field.inputValue();
      await expect(field.fill('123', { timeout: 1000 })).rejects.toThrow(/inert/);
      expect(await field.inputValue()).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('the admin dashboard arrives with its figures for a signed-in admin', async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    try {
      await signInAsDemoAdmin(page);
      const html = await served(context, '/admin/dashboard');
      expect(html.variant).toBe('rendered');
      expect(html.cacheControl).toBe('no-store');
      expect(html.html).toMatch(/class="metric-cards" aria-busy="false"/);
      expect(html.html).toMatch(/class="metric-value"/);
      await page.goto('/admin/dashboard');
      expect(await takenOver(page)).toBe('hydrated');
      await expect
        .poll(() => page.locator('.metric-cards[aria-busy="false"] .metric-value').count())
        .toBeGreaterThan(0);
      // A browser that has the session cookie but no cached profile (another tab cleared it) still
      // opens the dashboard: the page carries the server's answer about the session.
      await page.evaluate(() => localStorage.clear());
      await page.goto('/admin/dashboard');
      expect(await takenOver(page)).toBe('hydrated');
      expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
