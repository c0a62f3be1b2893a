/**
 * What a failed browser test leaves behind, so a failure seen once in CI can be read rather than
 * guessed at: for every page the test had open (or closed during the test), its address, its
 * last API answers and console errors, and, while it is still open, the text it showed and a
 * screenshot in test-results/e2e-failures/. `openPage` watches its pages; e2e/support/setup.ts
 * prints the report when a test fails.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const keptAnswers = 30;
const shownTextCharacters = 2000;

interface WatchedPage {
  page: Page;
  label: string;
  /** "POST /api/… 200", the latest last. */
  events: string[];
  closedAt: number | null;
  /** Where the page was and what it showed just before its context was closed. */
  lastSeen: string | null;
}

const watched = new Set<WatchedPage>();

function remember(entry: WatchedPage, line: string) {
  entry.events.push(line);
  if (entry.events.length > keptAnswers) entry.events.shift();
}

async function shownText(page: Page): Promise<string> {
  const text = await page.locator('body').innerText({ timeout: 2000 });
  return text.replace(/\s+/g, ' ').slice(0, shownTextCharacters);
}

/**
 * Records the page's API answers, failed requests and console errors from now on. Returns what
 * to call before the page's context is closed: a test often closes a second context in a
 * `finally`, before its failure is reported, so what that page showed is kept then.
 */
export function watchPage(page: Page, label: string): () => Promise<void> {
  const entry: WatchedPage = { page, label, events: [], closedAt: null, lastSeen: null };
  watched.add(entry);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/^\/(api|functions)\//.test(url.pathname)) return;
    remember(entry, `${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    remember(
      entry,
      `${request.method()} ${url.pathname}${url.search} failed: ${request.failure()?.errorText}`,
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') remember(entry, `console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => remember(entry, `page error: ${error.message}`));
  page.on('close', () => {
    entry.closedAt = Date.now();
  });
  return async () => {
    if (page.isClosed()) return;
    try {
      entry.lastSeen = `${page.url()}\n  text: ${await shownText(page)}`;
    } catch {
      // a page that cannot be read is reported without its text
    }
  };
}

/** Forgets the pages closed before a test starts: a report covers the failing test's own pages. */
export function forgetClosedPages(): void {
  for (const entry of watched) if (entry.closedAt !== null) watched.delete(entry);
}

/** The report of every watched page, printed; screenshots of the open ones. */
export async function reportFailedTest(testName: string): Promise<void> {
  const folder = join('test-results', 'e2e-failures');
  mkdirSync(folder, { recursive: true });
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const lines = [`── what the browser showed when "${testName}" failed ──`];
  let index = 0;
  for (const entry of watched) {
    index += 1;
    const closed = entry.closedAt !== null;
    lines.push(`page ${index} (${entry.label}): ${closed ? 'closed' : entry.page.url()}`);
    lines.push(...entry.events.map((event) => `  ${event}`));
    if (closed) {
      if (entry.lastSeen) lines.push(`  before it closed: ${entry.lastSeen}`);
      continue;
    }
    try {
      lines.push(`  text: ${await shownText(entry.page)}`);
      const file = join(folder, `${slug}-${index}.png`);
      await entry.page.screenshot({ path: file, fullPage: true, timeout: 5000 });
      lines.push(`  screenshot: ${file}`);
    } catch (error) {
      lines.push(`  (could not read the page: ${(error as Error).message.split('\n')[0]})`);
    }
  }
  console.error(lines.join('\n'));
}
