/**
 * The browser a measured load runs in (decision 1979).
 *
 * - A first visit (cold): a fresh off-the-record context, HTTP cache off, service workers blocked.
 * - A repeat visit (warm): a browser with a profile on disk, as a returning visitor's phone has.
 *   An off-the-record context is not what a returning visitor has: its pages evaluated the same
 *   scripts 2-4x slower on a warm load (1.4-1.9 s to content against 2.3-3.1 s on
 *   /account-overview at 4x), so the warm figures measured a browser nobody uses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { signInAsDemoAdmin } from '../../e2e/support/admin-sign-in';
import { chromiumArgs } from '../../e2e/support/browser';
import { signInAsDemoInvestor } from '../../e2e/support/investor-session';
import type { Audience } from './measured-pages';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The sign-ins, once each: every browser a bench opens for an audience starts from its cookies. */
export async function signedInStates(
  browser: Browser,
  baseUrl: string,
): Promise<Map<Audience, StorageState>> {
  const states = new Map<Audience, StorageState>();
  for (const audience of ['visitor', 'investor', 'admin'] as const) {
    const context = await browser.newContext({ baseURL: baseUrl });
    if (audience === 'investor') await signInAsDemoInvestor(context, baseUrl);
    if (audience === 'admin') {
      const page = await context.newPage();
      await signInAsDemoAdmin(page);
      await page.close();
    }
    states.set(audience, await context.storageState());
    await context.close();
  }
  return states;
}

export interface VisitorBrowserOptions {
  baseUrl: string;
  viewport: { width: number; height: number };
  isMobile: boolean;
  /** Cookies and local storage to start from (a signed-in audience). */
  state: StorageState;
  /** A first visit (off the record, no service worker) or a repeat one (a profile on disk). */
  isFirstVisit: boolean;
}

export interface VisitorBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Opens the context for one audience's loads; `close` also removes the profile folder. */
export async function openVisitorBrowser(
  browser: Browser,
  options: VisitorBrowserOptions,
): Promise<VisitorBrowser> {
  const device = {
    baseURL: options.baseUrl,
    viewport: options.viewport,
    isMobile: options.isMobile,
    hasTouch: options.isMobile,
    deviceScaleFactor: options.isMobile ? 3 : 1,
  };
  if (options.isFirstVisit) {
    const context = await browser.newContext({
      ...device,
      storageState: options.state,
      serviceWorkers: 'block',
    });
    return { context, close: () => context.close() };
  }
  const profileDir = mkdtempSync(join(tmpdir(), 'steadyline-bench-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...device,
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    serviceWorkers: 'allow',
  });
  await context.addCookies(options.state.cookies);
  for (const origin of options.state.origins) {
    if (origin.localStorage.length === 0) continue;
    const page = await context.newPage();
    await page.goto(`${origin.origin}/healthz`).catch(() => undefined);
    await page.evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, origin.localStorage);
    await page.close();
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}
