/**
 * Issue 14 goals 1 and 2, measured in a real browser: headless Chromium (playwright-core,
 * /usr/bin/chromium) against the production build served by dist/server/main.js with demo
 * data. Prints figures; never fails on a time.
 *
 * Cold load: each page (landing, every portal page, the admin dashboard) is opened in a new
 * tab five times with the HTTP cache disabled, with and without 40 ms of emulated latency
 * per request (CDP Network.emulateNetworkConditions). "Content" is the page's data on screen,
 * never a spinner: every selector of the page matches a visible element carrying text that
 * came from the API (the balance figure, a transaction row, a rate, a metric value). The time
 * is taken in the page (performance.now() when a DOM mutation completes the content), so no
 * DevTools round trip is counted; the bench waits for it over DevTools' Runtime.evaluate, so no
 * script of Playwright's runs in the page while it starts (decision 1977). Printed: median time to content, the median request
 * count (all requests of the load, counted until the network is quiet) and the ratio to the
 * landing page's median in the same run. Goal: ratio <= 1.3 and <= 15 requests.
 *
 * Warm navigation: signed in on /account-overview, the pointer rests on a nav link for
 * 100 ms (as a hand does before clicking), then clicks; the time from the click to the
 * next page's content, each page's first visit in that tab (the overview's is a return).
 * Goal: under 150 ms.
 *
 * Also printed: the landing page's JavaScript in gzip bytes (goal <= 100 kB) and the load
 * average before and after (the machine is shared: ratios matter more than absolute times).
 * Two figures per page do not depend on the machine's load (decision 1411): "JS kB", the
 * JavaScript (uncompressed, as built) the page requested before its content showed, and
 * "chain", the longest chain of requests before content in which each was started by the one
 * before (the document, then what its HTML or a script asked for; from DevTools' initiators).
 * BENCH_BROWSER_PORT (default 4351) and BENCH_BROWSER_RUNS (default 5) change the set-up.
 *
 * Issue 29 adds the phone profile beside the desktop ones (decision 1973): a 390x844 touch
 * screen, the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), 150 ms round trip, 1.6 Mbit/s
 * down and 750 kbit/s up (Network.emulateNetworkConditions). Every profile prints, per page,
 * cold (HTTP cache off, no service worker: a first visit) and warm (a repeat visit: the same
 * page opened again in a tab of a browser that has visited it, with its HTTP cache and the
 * installed service worker, in a profile on disk as a returning visitor's browser has: decision
 * 1979): time to content, requests, kB on the wire (what the network
 * carried, compressed, from DevTools' encodedDataLength) and the ratio to the landing page.
 * Goals (issue 29, phone): landing <= 1500 ms to content, every portal page and the dashboard
 * <= 1.1x landing, warm <= 800 ms. BENCH_BROWSER_PROFILES (default `desktop,desktop-40ms,phone`)
 * picks the profiles.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server';
import { launchBrowser } from '../e2e/support/browser';
import {
  openVisitorBrowser,
  type StorageState,
  signedInStates,
  type VisitorBrowser,
} from './support/visitor-browser';
import {
  type Audience,
  contentWatchScript,
  contentWatchStart,
  emulateConditions,
  type LoadConditions,
  type MeasuredPage,
  measuredPages,
  noScriptPage,
  phoneConditions,
  waitForContentShown,
  usableAt,
  firstContentfulPaint,
} from './support/measured-pages';

const port = Number(process.env.BENCH_BROWSER_PORT ?? 4351);
const runs = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
const LATENCY_MS = 40;
const HOVER_MS = 100;
const QUIET_MS = 400;

/** Warm navigation: the nav link to click and the content of the page it opens. */
const warmSteps: { to: string; content: string[] }[] = [
  { to: '/transaction-summary', content: ['.transaction-row'] },
  { to: '/buy-investments', content: ['.buy-plan-rate'] },
  { to: '/transfer', content: ['.transfer-card .balance-value'] },
  { to: '/account-overview', content: ['.balance-card .balance-value'] },
];

interface LoadFigures {
  contentMs: number;
  requests: number;
  /** JavaScript requested before content, uncompressed bytes of the built files. */
  scriptBytes: number;
  /** The longest initiator chain among the requests started before content. */
  chain: number;
  /** First Contentful Paint, ms from the navigation's start. */
  paintMs: number;
  /** When the page could be used: a server-rendered page is inert until the app takes it over. */
  usableMs: number;
  /** Bytes the network carried for the load (compressed, headers included), until it was quiet. */
  wireBytes: number;
  /** When the document's last byte arrived (responseEnd, ms from the navigation's start). */
  documentMs: number;
}

interface Profile extends LoadConditions {
  name: string;
  viewport: { width: number; height: number };
  isMobile: boolean;
  /** Issue 29's goals apply (phone) or issue 14's (desktop: ratio <= 1.3). */
  goals: 'phone' | 'desktop';
}

const desktopViewport = { width: 1280, height: 900 };
const profiles: Profile[] = [
  {
    name: 'desktop',
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
    cpuSlowdown: 1,
    viewport: desktopViewport,
    isMobile: false,
    goals: 'desktop',
  },
  {
    name: 'desktop-40ms',
    latency: LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
    cpuSlowdown: 1,
    viewport: desktopViewport,
    isMobile: false,
    goals: 'desktop',
  },
  {
    name: 'phone',
    ...phoneConditions,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    goals: 'phone',
  },
];
/** BENCH_BROWSER_MODES (default `cold,warm`) picks the loads. */
const chosenModes = (process.env.BENCH_BROWSER_MODES ?? 'cold,warm').split(',');
const chosenProfiles = (
  process.env.BENCH_BROWSER_PROFILES ?? profiles.map((profile) => profile.name).join(',')
)
  .split(',')
  .map((name) => name.trim());

interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
}

/** The URL that started a request: the document for its HTML's links, else the script on top of the stack. */
function initiatorUrl(initiator: Initiator): string | null {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((candidate) => candidate.url);
    if (frame) return frame.url;
  }
  return null;
}

const builtFileBytes = new Map<string, number>();
function builtBytes(url: string): number {
  const path = new URL(url).pathname;
  let size = builtFileBytes.get(path);
  if (size === undefined) {
    try {
      size = readFileSync(join('dist', 'web', path)).length;
    } catch {
      size = 0;
    }
    builtFileBytes.set(path, size);
  }
  return size;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function emulate(page: Page, profile: Profile, isCacheDisabled: boolean): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await emulateConditions(session, profile, isCacheDisabled);
  return session;
}

/** Counts requests until none has started for QUIET_MS (the load is over). */
async function settledRequestCount(counter: { count: number; lastAt: number }): Promise<number> {
  while (Date.now() - counter.lastAt < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 100));
  return counter.count;
}

async function loadPage(
  context: BrowserContext,
  measured: MeasuredPage,
  profile: Profile,
  isCold: boolean,
): Promise<LoadFigures> {
  const page = await context.newPage();
  try {
    const session = await emulate(page, profile, isCold);
    let wireBytes = 0;
    session.on('Network.loadingFinished', (event) => {
      wireBytes += event.encodedDataLength;
    });
    // Each request's start (wall clock, ms) and chain depth; the document is depth 1.
    const started: { url: string; at: number; depth: number }[] = [];
    const depthOf = new Map<string, number>();
    session.on('Network.requestWillBeSent', (event) => {
      const parent = initiatorUrl(event.initiator as Initiator);
      const depth = parent ? (depthOf.get(parent) ?? 1) + 1 : 1;
      if (!depthOf.has(event.request.url)) depthOf.set(event.request.url, depth);
      started.push({ url: event.request.url, at: (event.wallTime ?? 0) * 1000, depth });
    });
    await page.addInitScript({ content: contentWatchScript });
    await page.addInitScript({ content: contentWatchStart(measured.content) });
    const counter = { count: 0, lastAt: Date.now() };
    page.on('request', () => {
      counter.count += 1;
      counter.lastAt = Date.now();
    });
    await page.goto(measured.path, { waitUntil: 'commit' });
    const { doneAt } = await waitForContentShown(session, measured.path).catch((error: unknown) => {
      throw new Error(`${measured.path}: no content (${measured.content.join(', ')}) on ${page.url()}`, {
        cause: error,
      });
    });
    if (new URL(page.url()).pathname !== measured.path) {
      throw new Error(`${measured.path} ended on ${page.url()}`);
    }
    const usableMs = (await usableAt(session)) ?? Number.NaN;
    const paintMs = (await firstContentfulPaint(session)) ?? Number.NaN;
    const { timeOrigin, documentMs } = await page.evaluate(() => ({
      timeOrigin: performance.timeOrigin,
      documentMs: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    }));
    const contentAt = timeOrigin + doneAt;
    const beforeContent = started.filter((request) => request.at <= contentAt);
    const scripts = new Set(
      beforeContent.map((request) => request.url).filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    // Time from the start of navigation (performance's time origin) to content.
    const requests = await settledRequestCount(counter);
    return {
      contentMs: doneAt,
      paintMs,
      usableMs,
      requests,
      scriptBytes: [...scripts].reduce((total, url) => total + builtBytes(url), 0),
      chain: Math.max(0, ...beforeContent.map((request) => request.depth)),
      wireBytes,
      documentMs,
    };
  } finally {
    await page.close();
  }
}

/**
 * Each round opens the app afresh on /account-overview and visits the other pages once, so
 * every navigation but the last (back to the overview) is a first visit with nothing cached.
 */
async function measureWarm(context: BrowserContext, profile: Profile): Promise<Map<string, number[]>> {
  const timings = new Map<string, number[]>(warmSteps.map((step) => [step.to, []]));
  for (let round = 0; round < runs; round += 1) {
    const page = await context.newPage();
    try {
      const session = await emulate(page, profile, false);
      await page.addInitScript({ content: contentWatchScript });
      await page.goto('/account-overview');
      await page.evaluate(() =>
        (window as unknown as { __benchWatch: (selectors: string[]) => void }).__benchWatch([
          '.balance-card .balance-value',
        ]),
      );
      await waitForContentShown(session, '/account-overview');
      for (const step of warmSteps) {
        await page.locator(`#portal-nav a[href="${step.to}"]`).hover();
        await page.waitForTimeout(HOVER_MS);
        await page.evaluate(
          ({ to, content }) => {
            (window as unknown as { __benchWatch: (selectors: string[]) => void }).__benchWatch(content);
            document.querySelector<HTMLAnchorElement>(`#portal-nav a[href="${to}"]`)?.click();
          },
          { to: step.to, content: step.content },
        );
        const { startedAt, doneAt } = await waitForContentShown(session, step.to);
        timings.get(step.to)?.push(doneAt - startedAt);
      }
    } finally {
      await page.close();
    }
  }
  return timings;
}

/** The gzip size of the JavaScript the landing page's HTML loads before anything else. */
function landingJavaScriptGzipBytes(): number {
  const webRoot = join('dist', 'web');
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)) files.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    files.add(match[1] ?? '');
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(webRoot, file))).length;
  return total;
}

/**
 * How fast this machine runs a page's JavaScript right now: the median of 7 runs of a fixed
 * loop in a blank tab, without and with the phone's 4x CPU slowdown. The same build's times
 * move with it (the machine is shared), so it is printed beside the load average.
 */
async function cpuSpeed(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    const loop = () => {
      const startedAt = performance.now();
      let total = 0;
      for (let index = 0; index < 10_000_000; index += 1) total += Math.sqrt(index);
      return total > 0 ? performance.now() - startedAt : 0;
    };
    const timings = async () => {
      const values: number[] = [];
      for (let run = 0; run < 7; run += 1) values.push(await page.evaluate(loop));
      return median(values).toFixed(0);
    };
    const plain = await timings();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: phoneConditions.cpuSlowdown });
    return `a fixed loop takes ${plain} ms, ${await timings()} ms at ${phoneConditions.cpuSlowdown}x`;
  } finally {
    await context.close();
  }
}

function formatLoad(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/**
 * A browser for one profile and audience (support/visitor-browser.ts): a first visit is an
 * off-the-record context with service workers blocked; a repeat visit is a browser with a profile
 * on disk and the app's service worker, as a returning visitor's phone has.
 */
function browserFor(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  state: StorageState,
  isCold: boolean,
): Promise<VisitorBrowser> {
  return openVisitorBrowser(browser, {
    baseUrl,
    viewport: profile.viewport,
    isMobile: profile.isMobile,
    state,
    isFirstVisit: isCold,
  });
}

function printLoads(
  title: string,
  figures: Map<string, LoadFigures[]>,
  profile: Profile,
  isCold: boolean,
): void {
  const landing = median((figures.get('landing') ?? []).map((figure) => figure.contentMs));
  console.log(`\n${profile.name}, ${title}, median of ${runs}:`);
  console.log(
    `${'page'.padEnd(22)}${'content ms'.padStart(12)}${'FCP'.padStart(6)}${'usable'.padStart(8)}${'requests'.padStart(10)}${'kB wire'.padStart(9)}${'ratio'.padStart(8)}${'JS kB'.padStart(8)}${'chain'.padStart(7)}`,
  );
  for (const measured of measuredPages) {
    const loads = figures.get(measured.name) ?? [];
    const contentMs = median(loads.map((load) => load.contentMs));
    const requests = median(loads.map((load) => load.requests));
    const ratio = contentMs / landing;
    const scriptKb = median(loads.map((load) => load.scriptBytes)) / 1024;
    const wireKb = median(loads.map((load) => load.wireBytes)) / 1024;
    const chain = median(loads.map((load) => load.chain));
    let verdict = '';
    if (profile.goals === 'desktop' && isCold && measured.name !== 'landing') {
      verdict = ratio <= 1.3 && requests <= 15 ? '  ok' : '  over goal';
    }
    if (profile.goals === 'phone') {
      const goals: boolean[] = [];
      if (!isCold) goals.push(contentMs <= 800);
      else if (measured.name === 'landing') goals.push(contentMs <= 1500);
      else goals.push(ratio <= 1.1);
      verdict = goals.every(Boolean) ? '  ok' : '  over goal';
    }
    console.log(
      `${measured.name.padEnd(22)}${contentMs.toFixed(0).padStart(12)}${median(
        loads.map((load) => load.paintMs),
      )
        .toFixed(0)
        .padStart(6)}${median(loads.map((load) => load.usableMs))
        .toFixed(0)
        .padStart(8)}${String(requests).padStart(10)}${wireKb
        .toFixed(0)
        .padStart(
          9,
        )}${ratio.toFixed(2).padStart(8)}${scriptKb.toFixed(0).padStart(8)}${String(chain).padStart(7)}${verdict}`,
    );
  }
  const floor = figures.get(noScriptPage.name) ?? [];
  if (floor.length > 0) {
    const contentMs = median(floor.map((load) => load.contentMs));
    const documentMs = median(floor.map((load) => load.documentMs));
    const landingDocumentMs = median((figures.get('landing') ?? []).map((load) => load.documentMs));
    console.log(
      `the floor, ${noScriptPage.path} (no app code): content ${contentMs.toFixed(0)} ms, its HTML in at ${documentMs.toFixed(0)} ms (the landing page's at ${landingDocumentMs.toFixed(0)} ms)`,
    );
  }
}

async function measureProfile(
  browser: Browser,
  baseUrl: string,
  profile: Profile,
  states: Map<Audience, StorageState>,
): Promise<void> {
  for (const isCold of [true, false].filter((cold) => chosenModes.includes(cold ? 'cold' : 'warm'))) {
    const browsers = new Map<Audience, VisitorBrowser>();
    for (const [audience, state] of states) {
      browsers.set(audience, await browserFor(browser, baseUrl, profile, state, isCold));
    }
    const contexts = new Map([...browsers].map(([audience, visitor]) => [audience, visitor.context]));
    try {
      if (!isCold) {
        // The visit before the repeat ones: fills the HTTP cache and installs the service worker.
        for (const measured of measuredPages) {
          await loadPage(contexts.get(measured.audience) as BrowserContext, measured, profile, false);
        }
        for (const context of new Set(contexts.values())) {
          const page = await context.newPage();
          await page.goto('/');
          await page.evaluate(async () => {
            await navigator.serviceWorker?.ready;
          });
          await page.close();
        }
      }
      // The phone's tables end with the floor (decision 1982), loaded in the same rounds.
      const pages = [...measuredPages, ...(profile.goals === 'phone' ? [noScriptPage] : [])];
      const figures = new Map<string, LoadFigures[]>(pages.map((measured) => [measured.name, []]));
      // Rounds interleave the pages, so a burst of load on the shared machine hits them all alike.
      for (let round = 0; round < runs; round += 1) {
        for (const measured of pages) {
          const context = contexts.get(measured.audience) as BrowserContext;
          figures.get(measured.name)?.push(await loadPage(context, measured, profile, isCold));
        }
      }
      printLoads(
        isCold
          ? 'cold load (HTTP cache off, no service worker)'
          : 'warm repeat visit (HTTP cache, service worker)',
        figures,
        profile,
        isCold,
      );
      if (!isCold && profile.goals === 'desktop') {
        const warm = await measureWarm(contexts.get('investor') as BrowserContext, profile);
        console.log(
          `warm navigation (hover ${HOVER_MS} ms, then click), ${profile.name}, median of ${runs}:`,
        );
        for (const [to, timings] of warm) {
          const value = median(timings);
          console.log(
            `  -> ${to.padEnd(22)}${value.toFixed(0).padStart(8)} ms${value < 150 ? '  ok' : '  over goal'}`,
          );
        }
      }
    } finally {
      for (const visitor of browsers.values()) await visitor.close();
    }
    console.log(`load average: ${formatLoad()}`);
  }
}

async function main() {
  const build = spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const server = await startAppServer({
    port,
    env: { RATE_LIMIT_MULTIPLIER: '20' },
    readyTimeoutMs: 600_000,
  });
  const browser = await launchBrowser();
  try {
    console.log(`load average before: ${formatLoad()}; CPU: ${await cpuSpeed(browser)}`);
    console.log(
      `landing JavaScript: ${(landingJavaScriptGzipBytes() / 1024).toFixed(1)} kB gzip (goal <= 100 kB)`,
    );
    const states = await signedInStates(browser, server.baseUrl);
    for (const profile of profiles.filter((candidate) => chosenProfiles.includes(candidate.name))) {
      await measureProfile(browser, server.baseUrl, profile, states);
    }
    console.log(`\nload average after: ${formatLoad()}; CPU: ${await cpuSpeed(browser)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
