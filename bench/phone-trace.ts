/**
 * One-off measurement (decision 1974): where a phone-profile load of a page spends its time.
 * Cold (HTTP cache off, no service worker) and warm (after one visit with the worker installed)
 * loads of the given paths; prints the request waterfall (Resource Timing, ms from navigation
 * start), the main thread's script evaluation and task time per script from a DevTools trace, and
 * when the content showed. Never fails on a time.
 *
 *   PHONE_TRACE_PORT=4362 PHONE_TRACE_PATHS=/account-overview,/admin/dashboard npx tsx bench/phone-trace.ts
 *
 * PHONE_TRACE_MODES=warm (or cold) loads one kind only; PHONE_TRACE_TASKS=1 lists every
 * main-thread task over 8 ms; PHONE_TRACE_OFF=1 loads without tracing; PHONE_TRACE_DUMP=folder
 * writes each trace there (DevTools' Performance panel opens it).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startAppServer } from '../e2e/support/app-server';
import { launchBrowser } from '../e2e/support/browser';
import { openVisitorBrowser, type StorageState, signedInStates } from './support/visitor-browser';
import {
  contentWatchScript,
  contentWatchStart,
  emulatePhone,
  measuredPages,
  waitForContentShown,
} from './support/measured-pages';

const port = Number(process.env.PHONE_TRACE_PORT ?? 4362);
const paths = (process.env.PHONE_TRACE_PATHS ?? '/,/account-overview,/admin/dashboard').split(',');
/** The content of each measured page (a path not measured waits for nothing). */
const content: Record<string, string[]> = Object.fromEntries(
  measuredPages.map((measured) => [measured.path, measured.content]),
);
/** Marks the first render: when #root first has a child. */
const firstRenderMark = `(() => {
  window.__marks = [];
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (root && root.childElementCount > 0) { window.__marks.push(['first render', performance.now()]); observer.disconnect(); }
  }).observe(document, { subtree: true, childList: true });
})();`;

async function emulate(page: Page, cold: boolean) {
  const session = await page.context().newCDPSession(page);
  await emulatePhone(session, cold);
  return session;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string; functionName?: string } };
}

async function loadOnce(context: BrowserContext, path: string, cold: boolean) {
  const page = await context.newPage();
  const session = await emulate(page, cold);
  await page.addInitScript({ content: firstRenderMark });
  await page.addInitScript({ content: contentWatchScript });
  await page.addInitScript({ content: contentWatchStart(content[path] ?? []) });
  const isTracing = process.env.PHONE_TRACE_OFF !== '1';
  // Traced through the tab's own DevTools session: a browser with a profile on disk (a warm
  // load) has no Browser object to trace from.
  const traceEvents: TraceEvent[] = [];
  session.on('Tracing.dataCollected', (collected) => {
    traceEvents.push(...(collected.value as unknown as TraceEvent[]));
  });
  const traceComplete = new Promise((resolve) => session.once('Tracing.tracingComplete', resolve));
  if (isTracing)
    await session.send('Tracing.start', {
      categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    });
  await page.goto(path, { waitUntil: 'commit' });
  const { doneAt } = await waitForContentShown(session, path);
  await page.waitForTimeout(300);
  if (isTracing) {
    await session.send('Tracing.end');
    await traceComplete;
  }
  const measured = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name.replace(location.origin, ''),
      start: r.startTime,
      workerStart: r.workerStart,
      reqStart: r.requestStart,
      respStart: r.responseStart,
      end: r.responseEnd,
      size: r.transferSize,
      type: r.initiatorType,
    }));
    const paint = performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]);
    return {
      marks: (window as unknown as { __marks: [string, number][] }).__marks,
      nav: {
        reqStart: nav.requestStart,
        respStart: nav.responseStart,
        respEnd: nav.responseEnd,
        domInteractive: nav.domInteractive,
        dcl: nav.domContentLoadedEventEnd,
        workerStart: nav.workerStart,
      },
      resources,
      paint,
      timeOrigin: performance.timeOrigin,
    };
  });
  const result = { ...measured, done: doneAt };
  await session.detach().catch(() => {});
  await page.close();
  const trace = { traceEvents };
  // PHONE_TRACE_DUMP=folder writes each trace, to open in DevTools' Performance panel.
  if (process.env.PHONE_TRACE_DUMP)
    writeFileSync(
      join(
        process.env.PHONE_TRACE_DUMP,
        `${path.replaceAll('/', '_') || '_'}-${cold ? 'cold' : 'warm'}-${Date.now()}.json`,
      ),
      JSON.stringify(trace),
    );
  // navigationStart in trace clock: the main frame's navigationStart mark.
  const navStart = trace.traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data)?.ts ?? 0;
  const perScript = new Map<
    string,
    { evaluate: number; compile: number; calls: number; first: number; last: number }
  >();
  let mainThreadBusy = 0;
  // The page's main thread: the one that ran the entry script (a navigation answered by the
  // worker may commit in another renderer than the one that marked navigationStart).
  const entryRuns = new Map<number, number>();
  for (const event of trace.traceEvents)
    if (event.ph === 'X' && /\/assets\/index-/.test(event.args?.data?.url ?? ''))
      entryRuns.set(event.tid, (entryRuns.get(event.tid) ?? 0) + (event.dur ?? 0));
  const rendererMain =
    [...entryRuns].sort((a, b) => b[1] - a[1])[0]?.[0] ??
    trace.traceEvents.find((e) => e.name === 'navigationStart')?.tid;
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || event.tid !== rendererMain) continue;
    if (event.name === 'RunTask' && event.ts >= navStart && event.ts - navStart < result.done * 1000)
      mainThreadBusy += event.dur ?? 0;
    const url = event.args?.data?.url ?? '';
    const key = url.replace(/^https?:\/\/[^/]+/, '') || '(none)';
    if (
      !['EvaluateScript', 'v8.compile', 'FunctionCall', 'v8.compileModule', 'v8.evaluateModule'].includes(
        event.name,
      )
    )
      continue;
    const entry = perScript.get(`${event.name} ${key}`) ?? {
      evaluate: 0,
      compile: 0,
      calls: 0,
      first: Infinity,
      last: 0,
    };
    entry.evaluate += event.dur ?? 0;
    entry.calls += 1;
    entry.first = Math.min(entry.first, (event.ts - navStart) / 1000);
    entry.last = Math.max(entry.last, (event.ts + (event.dur ?? 0) - navStart) / 1000);
    perScript.set(`${event.name} ${key}`, entry);
  }
  console.log(
    `\n=== ${path} ${cold ? 'COLD' : 'WARM'}: content at ${result.done.toFixed(0)} ms; main thread busy before content ${(mainThreadBusy / 1000).toFixed(0)} ms`,
  );
  console.log(
    `nav: ${JSON.stringify(Object.fromEntries(Object.entries(result.nav).map(([k, v]) => [k, Math.round(v)])))} paint ${JSON.stringify(result.paint.map(([n, t]) => [n, Math.round(t as number)]))} marks ${JSON.stringify(result.marks.map(([n, t]) => [n, Math.round(t)]))}`,
  );
  for (const r of result.resources.sort((a, b) => a.start - b.start)) {
    console.log(
      `  ${r.start.toFixed(0).padStart(5)} sw ${r.workerStart.toFixed(0).padStart(5)} req ${r.reqStart.toFixed(0).padStart(5)} ttfb ${r.respStart.toFixed(0).padStart(5)} end ${r.end.toFixed(0).padStart(5)} ${String(r.size).padStart(7)}B ${r.type.padEnd(6)} ${r.name.slice(0, 70)}`,
    );
  }
  if (process.env.PHONE_TRACE_TASKS === '1') {
    // Every main-thread task over 8 ms before content, with what it spent its time on.
    const mainEvents = trace.traceEvents
      .filter((e) => e.ph === 'X' && e.tid === rendererMain && e.ts >= navStart)
      .sort((a, b) => a.ts - b.ts);
    for (const task of mainEvents.filter(
      (e) => e.name === 'RunTask' && (e.dur ?? 0) > Number(process.env.PHONE_TRACE_TASK_MS ?? 8) * 1000,
    )) {
      const at = (task.ts - navStart) / 1000;
      if (at > result.done + 50) break;
      const inside = new Map<string, number>();
      for (const e of mainEvents) {
        if (e.ts < task.ts || e.ts >= task.ts + (task.dur ?? 0) || e === task || e.name === 'RunTask')
          continue;
        const label = `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 40)}` : ''}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}`;
        inside.set(label, (inside.get(label) ?? 0) + (e.dur ?? 0));
      }
      const top = [...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.PHONE_TRACE_TOP ?? 4))
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
      console.log(
        `  task ${at.toFixed(0).padStart(5)} +${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms: ${top.join(' | ')}`,
      );
    }
  }
  const rows = [...perScript.entries()]
    .filter(([, v]) => v.evaluate > 2000)
    .sort((a, b) => a[1].first - b[1].first);
  for (const [key, v] of rows) {
    console.log(
      `  cpu ${(v.evaluate / 1000).toFixed(0).padStart(5)} ms x${v.calls} ${v.first.toFixed(0)}-${v.last.toFixed(0)} ${key.slice(0, 90)}`,
    );
  }
}

async function main() {
  const server = await startAppServer({
    port,
    env: { RATE_LIMIT_MULTIPLIER: '20' },
    readyTimeoutMs: 600_000,
  });
  const browser = await launchBrowser();
  try {
    console.log(
      `load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
    const states = await signedInStates(browser, server.baseUrl);
    const modes = (process.env.PHONE_TRACE_MODES ?? 'cold,warm').split(',');
    for (const cold of [true, false].filter((isCold) => modes.includes(isCold ? 'cold' : 'warm'))) {
      for (const path of paths) {
        const audience = path === '/' ? 'visitor' : path.startsWith('/admin') ? 'admin' : 'investor';
        const visitor = await openVisitorBrowser(browser, {
          baseUrl: server.baseUrl,
          viewport: { width: 390, height: 844 },
          isMobile: true,
          state: states.get(audience) as StorageState,
          isFirstVisit: cold,
        });
        const { context } = visitor;
        if (!cold) {
          const first = await context.newPage();
          await first.goto(path);
          await first.evaluate(async () => {
            await navigator.serviceWorker?.ready;
          });
          await first.waitForTimeout(1500);
          await first.close();
        }
        await loadOnce(context, path, cold);
        await loadOnce(context, path, cold);
        await visitor.close();
      }
    }
    console.log(
      `load ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
