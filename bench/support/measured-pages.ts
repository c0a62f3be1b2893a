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
