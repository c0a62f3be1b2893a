import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchPage } from './failure-report';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

let clientCounter = 0;

/**
 * A network address of its own for each browser context (documentation range 198.18.0.0/15),
 * sent as X-Forwarded-For to the test server, which trusts its proxy as a deployment behind a
 * load balancer does (global-setup). Each test is then one client among many, as in
 * production, so the per-address limits keep their real values (decision 1360).
 */
export function nextClientAddress(): string {
  clientCounter += 1;
  const processPart = process.pid % 512;
  return `198.${18 + (processPart >> 8)}.${processPart & 255}.${(clientCounter % 254) + 1}`;
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A page in a fresh context (own cookies) that records console errors and page errors. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<TrackedPage> {
  const address = nextClientAddress();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  const beforeClose = watchPage(page, `${viewport.width}x${viewport.height}, from ${address}`);
  const close = context.close.bind(context);
  context.close = async (options) => {
    await beforeClose();
    await close(options);
  };
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}
