/**
 * Registers the service worker (/sw.js, decision 1971) once the page has loaded, so it never
 * competes with the first visit's own requests, and tells the page when a new release has
 * installed and waits: `useUpdateReady()` drives the reload toast, `applyUpdate()` lets the new
 * worker take over and reloads once it has. Nothing happens where service workers are missing
 * (or in the Vite dev server, which has no /sw.js).
 */
import { useSyncExternalStore } from 'react';
import { KEPT_PAGES_CACHE_PREFIX } from '../../shared/pages/page-variant';
import { SERVICE_WORKER_PATH } from '../../shared/pages/service-worker-path';

const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

let waitingWorker: ServiceWorker | null = null;
let isReloadRequested = false;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

function watch(registration: ServiceWorkerRegistration): void {
  // A worker that waits while another controls the page is a new release; the first install
  // (no controller yet) is not an update.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
  const check = () => {
    registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isReloadRequested) window.location.reload();
  });
  // The worker answered this page from its copy and then found the network gone (decision
  // 1974): reloading asks the network first, so the offline page shows.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'network-gone') window.location.reload();
  });
  navigator.serviceWorker.startMessages();
  const start = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).then(watch, () => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Lets the waiting release take over; the page reloads when it controls the page. */
export function applyUpdate(): void {
  if (!waitingWorker) return;
  isReloadRequested = true;
  waitingWorker.postMessage({ type: 'skip-waiting' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new release has installed and waits for a reload. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waitingWorker !== null,
    () => false,
  );
}

/**
 * Drops the worker's copies of pages (decision 1974), so the next visit of each page asks the
 * network: after a sign-out, or when a page drawn from a signed-in copy finds the session gone
 * (`sessionUrl`: the page's HTML named that session read, so it was a signed-in copy).
 */
export function forgetKeptPages(sessionUrl?: string): void {
  if (typeof caches === 'undefined') return;
  if (sessionUrl && !document.querySelector(`link[rel="preload"][href="${sessionUrl}"]`)) return;
  caches
    .keys()
    .then((names) =>
      Promise.all(
        names.filter((name) => name.startsWith(KEPT_PAGES_CACHE_PREFIX)).map((name) => caches.delete(name)),
      ),
    )
    .catch(() => undefined);
}
