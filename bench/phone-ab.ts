/**
 * A/B on the phone profile (decision 1974): two builds served side by side (PHONE_AB_BASE: the
 * dist/ of the commit to compare with; this worktree's dist/ is B), each page loaded cold and
 * warm in interleaved rounds (A then B for each page in each round), so the shared machine's
 * load falls on both alike. Prints the median time to content per page and build, and the
 * ratio to the landing page of the same build. Never fails on a time.
 *
 *   PHONE_AB_BASE=/tmp/base PHONE_AB_RUNS=7 npx tsx bench/phone-ab.ts
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server';
import { launchBrowser } from '../e2e/support/browser';
import {
  openVisitorBrowser,
  type StorageState,
  signedInStates,
  type VisitorBrowser,
} from './support/visitor-browser';
import {
  contentWatchScript,
  contentWatchStart,
  firstContentfulPaint,
  emulatePhone,
  measuredPages,
  waitForContentShown,
} from './support/measured-pages';

const runs = Number(process.env.PHONE_AB_RUNS ?? 5);
const base = process.env.PHONE_AB_BASE ?? '/tmp/phone2-base';
/** PHONE_AB_PAGES (names, default all; the landing page is always loaded, for the ratio) and PHONE_AB_MODES (cold,warm). */
const pageNames = process.env.PHONE_AB_PAGES?.split(',');
const pages = measuredPages.filter(
  (measured) => !pageNames || measured.name === 'landing' || pageNames.includes(measured.name),
);
const modes = (process.env.PHONE_AB_MODES ?? 'cold,warm').split(',');
async function load(
  context: BrowserContext,
  path: string,
  content: string[],
  cold: boolean,
): Promise<{ content: number; paint: number }> {
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await emulatePhone(session, cold);
    await page.addInitScript({ content: contentWatchScript });
    await page.addInitScript({ content: contentWatchStart(content) });
    await page.goto(path, { waitUntil: 'commit' });
    const { doneAt } = await waitForContentShown(session, path);
    const paint = (await firstContentfulPaint(session)) ?? Number.NaN;
    await page.waitForTimeout(400);
    return { content: doneAt, paint };
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const load1 = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main() {
  const servers = {
    A: await startAppServer({
      port: 4364,
      entry: join(base, 'dist', 'server', 'main.js'),
      env: { RATE_LIMIT_MULTIPLIER: '20' },
      readyTimeoutMs: 600_000,
    }),
    B: await startAppServer({ port: 4365, env: { RATE_LIMIT_MULTIPLIER: '20' }, readyTimeoutMs: 600_000 }),
  };
  const browser = await launchBrowser();
  try {
    const signedIn = {
      A: await signedInStates(browser, servers.A.baseUrl),
      B: await signedInStates(browser, servers.B.baseUrl),
    };
    for (const cold of [true, false].filter((isCold) => modes.includes(isCold ? 'cold' : 'warm'))) {
      console.log(
        `\n${cold ? 'cold' : 'warm'} (load average ${load1()}), median of ${runs}, interleaved A/B:`,
      );
      const contexts = new Map<string, BrowserContext>();
      const visitors: VisitorBrowser[] = [];
      for (const build of ['A', 'B'] as const) {
        for (const audience of ['visitor', 'investor', 'admin'] as const) {
          const visitor = await openVisitorBrowser(browser, {
            baseUrl: servers[build].baseUrl,
            viewport: { width: 390, height: 844 },
            isMobile: true,
            state: signedIn[build].get(audience) as StorageState,
            isFirstVisit: cold,
          });
          visitors.push(visitor);
          contexts.set(`${build} ${audience}`, visitor.context);
        }
        if (!cold) {
          // One visit of every page (fills the HTTP cache, installs the worker), then one controlled visit.
          for (const measured of pages) {
            await load(
              contexts.get(`${build} ${measured.audience}`)!,
              measured.path,
              measured.content,
              false,
            );
          }
          for (const audience of ['visitor', 'investor', 'admin']) {
            const page = await contexts.get(`${build} ${audience}`)!.newPage();
            await page.goto('/');
            await page.evaluate(async () => {
              await navigator.serviceWorker?.ready;
            });
            await page.close();
          }
        }
      }
      const times = new Map<string, number[]>();
      const paints = new Map<string, number[]>();
      for (let round = 0; round < runs; round += 1) {
        for (const measured of pages) {
          for (const build of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
            const key = `${build} ${measured.name}`;
            const { content: value, paint } = await load(
              contexts.get(`${build} ${measured.audience}`)!,
              measured.path,
              measured.content,
              cold,
            );
            times.set(key, [...(times.get(key) ?? []), value]);
            paints.set(key, [...(paints.get(key) ?? []), paint]);
          }
        }
      }
      const landing = { A: median(times.get('A landing')!), B: median(times.get('B landing')!) };
      console.log(
        `${'page'.padEnd(22)}${'A ms'.padStart(8)}${'ratio'.padStart(7)}${'B ms'.padStart(8)}${'ratio'.padStart(7)}${'B-A'.padStart(7)}   first paint: ${'A ms'.padStart(6)}${'B ms'.padStart(7)}${'B-A'.padStart(6)}`,
      );
      for (const measured of pages) {
        const a = median(times.get(`A ${measured.name}`)!);
        const b = median(times.get(`B ${measured.name}`)!);
        const paintA = median(paints.get(`A ${measured.name}`)!);
        const paintB = median(paints.get(`B ${measured.name}`)!);
        console.log(
          `${measured.name.padEnd(22)}${a.toFixed(0).padStart(8)}${(a / landing.A).toFixed(2).padStart(7)}${b.toFixed(0).padStart(8)}${(b / landing.B).toFixed(2).padStart(7)}${(b - a).toFixed(0).padStart(7)}                ${paintA.toFixed(0).padStart(6)}${paintB.toFixed(0).padStart(7)}${(paintB - paintA).toFixed(0).padStart(6)}`,
        );
      }
      for (const visitor of visitors) await visitor.close();
      console.log(`load average after: ${load1()}`);
    }
  } finally {
    await browser.close();
    await servers.A.stop();
    await servers.B.stop();
  }
}

await main();
