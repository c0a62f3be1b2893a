/**
 * Issue 29 goal 3 (decision 1971), in a real browser against a copy of the production build
 * served by its own server (the test changes the copy to make a new release):
 * - the page links a manifest with 192, 512 and maskable icons, and the service worker installs
 *   and controls the next page, under the strict CSP (no console error);
 * - it keeps the app shell and hashed assets, never an API answer;
 * - after a new release, the page offers a reload; "Reload" brings the new worker in;
 * - a repeat visit asks for the font before the first render (decision 1979), a first visit after it;
 * - a repeat visit of a page is answered from the worker's copy of its HTML (decision 1974), which
 *   holds no personal data and is refreshed from the network each time; a page the server rendered
 *   with the visitor's data (decision 1985) is never kept;
 * - with the network gone (the server stopped), a page opens as the offline page, also one the
 *   worker has a copy of (it opens, learns the network is gone and reloads into the offline page).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/web-build-extras';
import { type AppServer, startAppServer } from './support/app-server';
import { launchBrowser, openPage, type TrackedPage } from './support/browser';
import { signInAsDemoInvestor } from './support/investor-session';

const PORT = 4471;
let browser: Browser;
let server: AppServer;
let buildCopy: string;
let tracked: TrackedPage;

/** The worker that controls the page's scope: its script's text, and whether one waits. */
async function workerState(
  page: Page,
): Promise<{ active: string | null; waiting: boolean; controlled: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return {
      active: registration?.active?.scriptURL ?? null,
      waiting: Boolean(registration?.waiting),
      controlled: Boolean(navigator.serviceWorker.controller),
    };
  });
}

beforeAll(async () => {
  // A copy of dist/ beside a link to node_modules, so the copied server finds its packages.
  buildCopy = mkdtempSync(join(tmpdir(), 'steadyline-release-'));
  cpSync('dist', join(buildCopy, 'dist'), { recursive: true });
  symlinkSync(resolve('node_modules'), join(buildCopy, 'node_modules'), 'dir');
  server = await startAppServer({
    port: PORT,
    entry: join(buildCopy, 'dist', 'server', 'main.js'),
    readyTimeoutMs: 300_000,
  });
  browser = await launchBrowser();
  tracked = await openPage(browser, server.baseUrl, { width: 390, height: 844 });
  await signInAsDemoInvestor(tracked.context, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (buildCopy) rmSync(buildCopy, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('links a manifest with its icons and installs a worker that controls the next page', async () => {
    const { page } = tracked;
    await page.goto('/account-overview');
    await page.locator('.balance-card .balance-value').first().waitFor();
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(manifestUrl!)).json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      const png = await response.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    }

    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.locator('.balance-card .balance-value').first().waitFor();
    const state = await workerState(page);
    expect(state.active).toBe(`${server.baseUrl}/sw.js`);
    expect(state.controlled).toBe(true);
    // Pages are asked for while the worker starts, not after.
    const preload = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return (await registration?.navigationPreload.getState())?.enabled ?? false;
    });
    expect(preload).toBe(true);
    expect(tracked.errors).toEqual([]);
  });

  it('asks for the font before the first render on a repeat visit, and after it on a first visit', async () => {
    // When the page first drew into #root, and when it asked for Inter (decision 1979): on a page
    // the browser renders (the FAQ); a server-rendered page is drawn from its HTML (decision 1985).
    const fontTiming = async (page: Page) => {
      await page.addInitScript({
        content: `(() => {
          window.__firstRenderAt = null;
          const observer = new MutationObserver(() => {
            const root = document.getElementById('root');
            if (root && root.childElementCount > 0) { window.__firstRenderAt = performance.now(); observer.disconnect(); }
          });
          observer.observe(document, { subtree: true, childList: true });
        })();`,
      });
      await page.goto('/faq');
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/inter-latin-wght-[\w-]+\.woff2$/.test(entry.name)),
      );
      return page.evaluate(() => ({
        firstRenderAt: (window as unknown as { __firstRenderAt: number }).__firstRenderAt,
        fontAskedAt: performance
          .getEntriesByType('resource')
          .find((entry) => /\/inter-latin-wght-[\w-]+\.woff2$/.test(entry.name))!.startTime,
        controlled: Boolean(navigator.serviceWorker.controller),
      }));
    };
    const visited = await tracked.context.newPage();
    await visited.goto('/faq');
    await visited.close();
    const repeat = await tracked.context.newPage();
    const again = await fontTiming(repeat);
    await repeat.close();
    expect(again.controlled).toBe(true);
    expect(again.fontAskedAt).toBeLessThan(again.firstRenderAt);

    const firstVisitContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
      storageState: await tracked.context.storageState(),
    });
    try {
      const first = await fontTiming(await firstVisitContext.newPage());
      expect(first.controlled).toBe(false);
      expect(first.fontAskedAt).toBeGreaterThan(first.firstRenderAt);
    } finally {
      await firstVisitContext.close();
    }
  });

  it('keeps the shell and hashed assets, and no API answer', async () => {
    const { page } = tracked;
    await page.goto('/transaction-summary');
    await page.locator('.transaction-row').first().waitFor();
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        // The pages' HTML copies are checked in the next test.
        if (name.startsWith('steadyline-pages-')) continue;
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/offline.html');
    expect(kept).toContain('/offline.js');
    expect(kept).toContain('/manifest.webmanifest');
    expect(kept.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
    expect(
      kept.filter(
        (url) =>
          !url.startsWith('/assets/') && !/^\/(offline\.|manifest|favicon|logo-mark|icons\/)/.test(url),
      ),
    ).toEqual([]);
    expect(kept.filter((url) => /^\/(api|functions|admin)\b/.test(url))).toEqual([]);
  });

  it("keeps a copy of a visited page's HTML, with no personal data, and answers the next visit from it; never of a page the server rendered", async () => {
    const { page } = tracked;
    // A server-rendered page (decision 1985) carries the investor's data: it is never kept.
    await page.goto('/transaction-summary');
    await page.locator('.transaction-row').first().waitFor();
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    const copies = () =>
      page.evaluate(async () => {
        const found: { name: string; path: string; variant: string | null; html: string }[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            const response = await (await caches.open(name)).match(request);
            const path = new URL(request.url).pathname;
            if (response?.headers.get('content-type')?.startsWith('text/html') && path !== '/offline.html')
              found.push({
                name,
                path,
                variant: response.headers.get('x-page-variant'),
                html: await response.text(),
              });
          }
        }
        return found;
      });
    await expect.poll(async () => (await copies()).map((copy) => copy.path)).toContain('/faq');
    expect((await copies()).map((copy) => copy.path)).not.toContain('/transaction-summary');
    expect((await copies()).map((copy) => copy.path)).not.toContain('/account-overview');
    for (const copy of await copies()) {
      expect(copy.name, copy.path).toMatch(/^steadyline-pages-/);
      expect(['any', 'signed-in'], copy.path).toContain(copy.variant);
      expect(copy.path).not.toMatch(/^\/(api|functions)\b/);
      // The signed-in variant names the data to fetch, never the data itself.
      expect(copy.html).toContain('<div id="root"></div>');
      expect(copy.html).not.toContain('demo@steadyline.example');
      expect(copy.html).not.toMatch(/\$\d/);
    }
    expect((await copies()).find((copy) => copy.path === '/faq')?.variant).toBe('any');

    // The next visit draws the page from the copy (no wait for the network), fully working.
    const mark = await page.evaluate(async () => {
      const cache = await caches.open(
        (await caches.keys()).find((name) => name.startsWith('steadyline-pages-'))!,
      );
      const copy = await cache.match('/faq');
      const html = (await copy!.text()).replace('<head>', '<head><meta name="kept-copy" content="1">');
      const headers = new Headers(copy!.headers);
      headers.delete('content-length');
      headers.delete('content-encoding');
      await cache.put('/faq', new Response(html, { headers }));
      return 'kept-copy';
    });
    await page.goto('/faq');
    expect(await page.locator(`meta[name="${mark}"]`).count()).toBe(1);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    // ...and the network's answer replaced the copy for the visit after.
    await expect
      .poll(async () => (await copies()).find((copy) => copy.path === '/faq')?.html ?? '')
      .not.toContain('kept-copy');
    expect(tracked.errors).toEqual([]);
  });

  it('offers a reload after a new release, and the new worker takes over on Reload', async () => {
    const { page } = tracked;
    const before = readFileSync(join(buildCopy, 'dist', 'web', 'sw.js'), 'utf8');
    // A new release: a new worker script (and its compressed siblings, as the build makes them).
    writeFileSync(join(buildCopy, 'dist', 'web', 'sw.js'), `${before}\n// the next release\n`);
    precompress(join(buildCopy, 'dist', 'web'));

    await page.goto('/account-overview');
    const toast = page.getByRole('status', { name: 'New version' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('A new version of Steadyline is ready.');
    expect((await workerState(page)).waiting).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'steadyline-update-toast-390.png') });

    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click()]);
    await page.locator('.balance-card .balance-value').first().waitFor();
    const after = await workerState(page);
    expect(after.waiting).toBe(false);
    expect(after.controlled).toBe(true);
    const running = await page.evaluate(async () => (await fetch('/sw.js')).text());
    expect(running).toContain('the next release');
    expect(await toast.count()).toBe(0);
  });

  it('opens the offline page when the network is gone', async () => {
    const { page } = tracked;
    await page.goto('/faq');
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const name of await caches.keys())
            if (name.startsWith('steadyline-pages-') && (await (await caches.open(name)).match('/faq')))
              return true;
          return false;
        }),
      )
      .toBe(true);
    await server.stop();
    // A page the worker has a copy of opens from it (the app's script runs), learns that the
    // network is gone and reloads into the offline page.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) scripts.push(request.url());
    });
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    // A page without a copy (a server-rendered one) goes straight to the offline page.
    await page.goto('/transaction-summary');
    await expect(page.getByRole('heading', { name: 'You are offline' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Try again' }).isVisible()).resolves.toBe(true);
    // Styled by its own stylesheet from the worker's cache (the CSP allows no inline style).
    const background = await page
      .locator('.offline-retry')
      .evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(background).toBe('rgb(11, 95, 84)');
    await page.screenshot({ path: join(tmpdir(), 'steadyline-offline-390.png') });
  });
});
