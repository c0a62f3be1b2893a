/**
 * What the browser benches measure (bench/browser.bench.ts, phone-ab.ts, phone-trace.ts): the
 * pages, what counts as each one's content, and the phone profile's link and CPU (issue 29).
 */
import type { CDPSession } from 'playwright-core';

export type Audience = 'visitor' | 'investor' | 'admin';

export interface MeasuredPage {
  name: string;
  path: string;
  audience: Audience;
  /** All must be visible with text (an svg counts when it has a size). */
  content: string[];
}

export const measuredPages: MeasuredPage[] = [
  { name: 'landing', path: '/', audience: 'visitor', content: ['.hero-title', '.plan-rate-value'] },
  {
    name: 'account-overview',
    path: '/account-overview',
    audience: 'investor',
    content: ['.balance-card .balance-value', '.balance-card :is(.balance-chart svg, .chart-empty)'],
  },
  {
    name: 'transaction-summary',
    path: '/transaction-summary',
    audience: 'investor',
    content: ['.transaction-row'],
  },
  { name: 'buy-investments', path: '/buy-investments', audience: 'investor', content: ['.buy-plan-rate'] },
  { name: 'transfer', path: '/transfer', audience: 'investor', content: ['.transfer-card .balance-value'] },
  { name: 'settings', path: '/settings', audience: 'investor', content: ['.settings-card .detail-value'] },
  {
    name: 'admin-dashboard',
    path: '/admin/dashboard',
    audience: 'admin',
    content: ['.metric-cards[aria-busy="false"] .metric-value'],
  },
];

/**
 * The floor under every figure (decision 1982): the offline page, static HTML with a stylesheet
 * and a few lines of deferred script, none of the app's code. What it takes is what the browser
 * itself takes here to open a tab, commit a document and paint it on this machine and profile.
 */
export const noScriptPage: MeasuredPage = {
  name: 'no-script page',
  path: '/offline.html',
  audience: 'visitor',
  content: ['.offline h1'],
};

/** Issue 29's mid-range phone: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4x. */
export const phoneConditions = {
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
  cpuSlowdown: 4,
} as const;

/** A link and a CPU to put a tab on: bytes per second (-1 leaves the link unthrottled), CPU slowdown. */
export interface LoadConditions {
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
  cpuSlowdown: number;
}

/** Puts a tab on a link and CPU; `cold` turns its HTTP cache off. */
export async function emulateConditions(
  session: CDPSession,
  conditions: LoadConditions,
  cold: boolean,
): Promise<void> {
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: cold });
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: conditions.latency,
    downloadThroughput: conditions.downloadThroughput,
    uploadThroughput: conditions.uploadThroughput,
  });
  if (conditions.cpuSlowdown !== 1)
    await session.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpuSlowdown });
}

/** Puts a tab on the phone's link and CPU; `cold` turns its HTTP cache off. */
export function emulatePhone(session: CDPSession, cold: boolean): Promise<void> {
  return emulateConditions(session, phoneConditions, cold);
}

/**
 * Runs in every document before the app's scripts (DevTools injects it, so the page's CSP is
 * untouched): records performance.now() in the first frame in which every content selector
 * matches an element that has text (or is an svg) and a size. An element without text is passed
 * over before its box is read. Plain JavaScript
 * text: tsx would wrap a TypeScript function in helpers the page does not have.
 *
 * `__benchWatch(selectors)` starts a watch (again after a click, for a navigation inside the
 * app), `__benchResult()` is the current one, and `__benchShown(ms)` answers it once the content
 * shows, or null after `ms`; `__benchUsable(ms)` answers when the page could be used (a
 * server-rendered page is inert until the app takes it over, decision 1985), or null.
 */
export const contentWatchScript = `(() => {
  let watch = null;
  let waiters = [];
  let isScheduled = false;
  const isShown = (selector) => {
    for (const element of document.querySelectorAll(selector)) {
      if (!(element instanceof SVGElement) && (element.textContent || '').trim().length === 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return true;
    }
    return false;
  };
  const isUsable = () => !document.getElementById('root')?.hasAttribute('inert');
  const check = () => {
    if (!watch) return;
    if (watch.doneAt === null && watch.selectors.every(isShown)) {
      watch.doneAt = performance.now();
      for (const resolve of waiters) resolve(watch);
      waiters = [];
    }
    if (watch.doneAt !== null && watch.usableAt === null && isUsable()) watch.usableAt = performance.now();
  };
  // Checked in the next frame, never in between: the frame lays the page out anyway, so the
  // watch forces no extra layout while the HTML is parsed, and content counts in the frame that
  // paints it (no frame runs while a stylesheet the page waits for is loading).
  const schedule = () => {
    if (isScheduled) return;
    isScheduled = true;
    requestAnimationFrame(() => {
      isScheduled = false;
      check();
    });
  };
  new MutationObserver(schedule).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.__benchWatch = (selectors) => {
    watch = { selectors, startedAt: performance.now(), doneAt: null, usableAt: null };
    schedule();
  };
  window.__benchResult = () => watch;
  window.__benchShown = (ms) => new Promise((resolve) => {
    if (watch && watch.doneAt !== null) return resolve(watch);
    waiters.push(resolve);
    setTimeout(() => resolve(null), ms);
  });
  // When the page could be used: a server-rendered page is inert until the app has taken it over.
  window.__benchUsable = (ms) => new Promise((resolve) => {
    const started = performance.now();
    const poll = () => {
      if (watch && watch.usableAt !== null) return resolve(watch.usableAt);
      if (performance.now() - started > ms) return resolve(null);
      setTimeout(poll, 20);
    };
    poll();
  });
})();`;

/** The init script that starts the watch for a page's content. */
export function contentWatchStart(selectors: string[]): string {
  return `window.__benchWatch(${JSON.stringify(selectors)});`;
}

export interface ContentShown {
  /** performance.now() when the watch started (0-ish for a load, the click for a navigation). */
  startedAt: number;
  /** performance.now() when the content showed: the frame that paints it. */
  doneAt: number;
}

/** performance.now() when the page could be used (no longer inert), waiting up to `timeoutMs`; null if never. */
export async function usableAt(session: CDPSession, timeoutMs = 10_000): Promise<number | null> {
  const answer = await session.send('Runtime.evaluate', {
    expression: `window.__benchUsable ? window.__benchUsable(${timeoutMs}) : null`,
    awaitPromise: true,
    returnByValue: true,
  });
  return (answer.result.value as number | null) ?? null;
}

/**
 * Waits for the watched content over DevTools' Runtime.evaluate (decision 1977). Playwright's
 * waitForFunction would first evaluate its own injected script in the page, about 40-55 ms of
 * the main thread at the phone's 4x CPU, while the page starts; a user's browser runs no such
 * script. Before the new document has its watch (the navigation has not committed, or its context
 * was just replaced) the answer is empty and the wait asks again.
 */
export async function waitForContentShown(
  session: CDPSession,
  description: string,
  timeoutMs = 30_000,
): Promise<ContentShown> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await session
      .send('Runtime.evaluate', {
        expression: 'window.__benchShown ? window.__benchShown(1000) : "not yet"',
        awaitPromise: true,
        returnByValue: true,
      })
      .catch(() => null);
    const value = answer?.result.value as ContentShown | 'not yet' | null | undefined;
    if (value && value !== 'not yet') return value;
    if (value !== null) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no content within ${timeoutMs} ms: ${description}`);
}

/**
 * When the page first painted content (First Contentful Paint, ms from the navigation's start):
 * what the visitor sees, which can come after the content is laid out (a font that arrives
 * then lays the page out again before the frame). Waits for the entry up to `timeoutMs`; null
 * when the page painted nothing by then.
 */
export async function firstContentfulPaint(session: CDPSession, timeoutMs = 3_000): Promise<number | null> {
  const answer = await session.send('Runtime.evaluate', {
    expression: `new Promise((resolve) => {
      const read = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      if (read() !== null) return resolve(read());
      new PerformanceObserver(() => { if (read() !== null) resolve(read()); }).observe({ type: 'paint' });
      setTimeout(() => resolve(read()), ${timeoutMs});
    })`,
    awaitPromise: true,
    returnByValue: true,
  });
  return (answer.result.value as number | null) ?? null;
}
