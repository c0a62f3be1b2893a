/**
 * The service worker (decision 1971), bundled by scripts/web-build-extras.ts into /sw.js with
 * this build's precache list and version. It keeps only what every visitor gets alike:
 *
 * - install: the hashed assets (assets/*, immutable) and the app shell's public files (the
 *   offline page, the manifest, the icons) go into a cache named after the build.
 * - fetch: a hashed asset or a shell file answers from the cache, else the network (and a hashed
 *   asset is kept). A page (navigation) always goes to the network and is never stored (with
 *   navigation preload, so the request does not wait for the worker to start); when the network
 *   is gone it answers with the offline page. API answers (/api, /functions, /dev, the
 *   health checks) are never touched: they pass through to the network and are never cached, so
 *   nothing private (balances, admin data, cookies) is ever kept by the worker.
 * - update: a new release is a new sw.js; it installs beside the running one and waits. The page
 *   offers a reload (src/web/lib/service-worker-registration.ts); on "Reload" it sends
 *   `skip-waiting`, the new worker takes over, deletes the old caches and the page reloads.
 */

declare const __PRECACHE__: string[];
declare const __BUILD_VERSION__: string;

interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
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
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = 'steadyline-shell-';
const cacheName = `${CACHE_PREFIX}${__BUILD_VERSION__}`;
const OFFLINE_PAGE = '/offline.html';
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
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
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

async function pageOrOffline(request: Request, preloaded: Promise<Response | undefined>): Promise<Response> {
  try {
    return (await preloaded) ?? (await fetch(request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName });
    if (offline) return offline;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || passThrough.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request, event.preloadResponse));
    return;
  }
  if (precached.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheOrNetwork(request, url.pathname));
  }
});
