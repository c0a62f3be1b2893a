/**
 * The service worker (decision 1971), bundled by scripts/web-build-extras.ts into /sw.js with
 * this build's precache list and version. It keeps only what every visitor gets alike:
 *
 * - install: the hashed assets (assets/*, immutable) and the app shell's public files (the
 *   offline page, the manifest, the icons) go into a cache named after the build.
 * - fetch: a hashed asset or a shell file answers from the cache, else the network (and a hashed
 *   asset is kept). A page (navigation) is asked of the network at once (navigation preload, so
 *   the request does not wait for the worker to start); a page the worker has a copy of is
 *   answered from that copy without waiting for it, and the network's answer replaces the copy
 *   for the next visit (decision 1974: the HTML carries no personal data, only public config and
 *   preload links; only `any` and `signed-in` variants are kept, per path, in a cache of this
 *   release). When the network is gone, a page without a copy answers with the offline page; a
 *   page answered from its copy is told so and reloads into the offline page. API answers (/api,
 *   /functions, /dev, the health checks) are never touched: they pass through to the network and
 *   are never cached, so nothing private (balances, admin data, cookies) is ever kept by the
 *   worker.
 * - update: a new release is a new sw.js; it installs beside the running one and waits. The page
 *   offers a reload (src/web/lib/service-worker-registration.ts); on "Reload" it sends
 *   `skip-waiting`, the new worker takes over, deletes the old caches and the page reloads.
 */

import { KEPT_PAGES_CACHE_PREFIX, PAGE_VARIANT_HEADER } from '../shared/pages/page-variant';

declare const __PRECACHE__: string[];
declare const __BUILD_VERSION__: string;

interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  /** The client (tab) a navigation will create. */
  resultingClientId: string;
  /** The page's answer, asked for while the worker started (navigation preload); undefined if off. */
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = 'steadyline-shell-';
const cacheName = `${CACHE_PREFIX}${__BUILD_VERSION__}`;
const pagesCacheName = `${KEPT_PAGES_CACHE_PREFIX}${__BUILD_VERSION__}`;
const OFFLINE_PAGE = '/offline.html';
/** After a page's request failed, pages go to the network first for this long (offline page). */
const NETWORK_FIRST_AFTER_FAILURE_MS = 30_000;
let networkFailedAt = Number.NEGATIVE_INFINITY;
const precached = new Set(__PRECACHE__);
/** Answers that are per user or per moment: the worker never answers or stores them. */
const passThrough = /^\/(api|functions|dev|healthz|readyz)(\/|$)/;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(cacheName).then((cache) =>
      // Revalidate the shell's unhashed files; hashed assets may come from the HTTP cache.
      cache.addAll(
        __PRECACHE__.map(
          (url) =>
            new Request(url, {
              cache: url.startsWith('/assets/') ? 'default' : 'no-cache',
              credentials: 'omit',
            }),
        ),
      ),
    ),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (name) =>
                (name.startsWith(CACHE_PREFIX) && name !== cacheName) ||
                (name.startsWith(KEPT_PAGES_CACHE_PREFIX) && name !== pagesCacheName),
            )
            .map((name) => caches.delete(name)),
        ),
      )
      // A page's request starts while the worker boots (tens of ms on a slow phone), not after.
      .then(() => worker.registration.navigationPreload?.enable())
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'skip-waiting') event.waitUntil(worker.skipWaiting());
});

async function fromCacheOrNetwork(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(path, { ignoreVary: true, ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && path.startsWith('/assets/')) await cache.put(path, response.clone());
  return response;
}

async function pageOrOffline(network: Promise<Response>): Promise<Response> {
  try {
    return await network;
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName });
    if (offline) return offline;
    throw error;
  }
}

/**
 * Keeps the network's answer for a page as the copy for its next visit, or drops the copy: only
 * a whole HTML page of the `any` or `signed-in` variant is kept (a `signed-out` one would name
 * no data; the visitor is sent to sign in anyway).
 */
async function keepPage(key: string, response: Response): Promise<void> {
  const cache = await caches.open(pagesCacheName);
  const variant = response.headers.get(PAGE_VARIANT_HEADER);
  const isKept =
    response.ok &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    (variant === 'any' || variant === 'signed-in');
  if (isKept) await cache.put(key, response);
  else await cache.delete(key);
}

/** Tells a tab answered from a copy that the network is gone: it reloads into the offline page. */
async function tellNetworkGone(clientId: string): Promise<void> {
  // The tab may not exist yet when the request fails at once (a refused connection).
  for (let attempt = 0; attempt < 50 && clientId; attempt += 1) {
    const client = await worker.clients.get(clientId);
    if (client) {
      client.postMessage({ type: 'network-gone' });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function answerPage(event: WorkerFetchEvent, url: URL): void {
  const { request } = event;
  const network = event.preloadResponse.then((preloaded) => preloaded ?? fetch(request));
  // Pages with a query (a filtered list) are rare and keyed by more than the path: network only.
  const key = url.search === '' ? url.pathname : null;
  if (key === null) {
    event.respondWith(pageOrOffline(network));
    return;
  }
  const copy: Promise<Response | undefined> =
    Date.now() - networkFailedAt > NETWORK_FIRST_AFTER_FAILURE_MS
      ? caches.match(key, { cacheName: pagesCacheName })
      : Promise.resolve(undefined);
  // Registered before the page reads the answer, so the copy is taken from an unread body.
  event.waitUntil(
    network.then(
      (response) => keepPage(key, response.clone()),
      async () => {
        networkFailedAt = Date.now();
        if (await copy) await tellNetworkGone(event.resultingClientId);
      },
    ),
  );
  event.respondWith(copy.then((kept) => kept ?? pageOrOffline(network)));
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || passThrough.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    answerPage(event, url);
    return;
  }
  if (precached.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheOrNetwork(request, url.pathname));
  }
});
