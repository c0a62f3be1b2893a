/**
 * Renders a page's first HTML on the server (decision 1985), so a phone paints the page's content
 * from the HTML instead of waiting for the app's code to download, run and render it.
 *
 * The renderer is the web app itself, bundled for this purpose (scripts/build-server.mjs writes
 * dist/server/page-renderer.js from src/web/server-render/render-page.tsx). The web app keeps its
 * state in module singletons (the session store, the portal's query cache), which in a browser
 * hold one visitor's data. Here each render runs the bundle in a fresh V8 context of its own, so
 * no state survives a render and no visitor's data can reach another's page. The bundle is
 * compiled once; running it in a new context costs a few milliseconds.
 *
 * The page reads its data as in the browser, through the app's fetch wrapper. In the render's
 * context `fetch` answers GET requests by injecting them into this server with the visitor's
 * cookies and address, so every authorisation check and rate limit applies as usual. Every
 * answer is returned beside the HTML: the page embeds them, and the browser's first reads of the
 * same URLs take them instead of asking again, so its first render matches the server's.
 *
 *   const renderer = loadPageRenderer('dist/server/page-renderer.js');
 *   const page = await renderer?.render({ url: '/account-overview', origin, config, readApi });
 *   // { html: '<!--$--><a href="#main" ...', answers: [{ url: '/api/session', status: 200, body: '{...}' }] }
 */
import { existsSync, readFileSync } from 'node:fs';
import vm from 'node:vm';
import type { FirstAnswer } from '../../shared/pages/server-rendering';

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  answers: FirstAnswer[];
}

/** Answers a GET of the app's own API for this visitor. */
export type ApiReader = (url: string) => Promise<{ status: number; body: string; contentType: string }>;

export interface PageRenderRequest {
  /** Path and query. */
  url: string;
  /** The origin the visitor asked (scheme, host, port). */
  origin: string;
  /** The public config the HTML carries in <meta name="app-config">. */
  config: Record<string, unknown>;
  readApi: ApiReader;
}

export interface PageRenderer {
  /** The page's markup and the answers it read, or null when it could not be rendered in time. */
  render(request: PageRenderRequest): Promise<RenderedPage | null>;
}

/** A render that takes longer is abandoned: the visitor gets the page rendered in the browser. */
export const PAGE_RENDER_TIMEOUT_MS = 2500;

/**
 * At most this many renders at once. Each takes 25-90 ms of the one thread the API also runs on,
 * so in a burst a page beyond them is sent for the browser to render at once, rather than queued
 * behind the others or slowing every API answer.
 */
export const PAGE_RENDER_CONCURRENCY = 4;

type RenderFunction = (url: string) => Promise<string>;

/** The globals the bundle uses; nothing else of this process is reachable from the render. */
function renderGlobals(
  request: PageRenderRequest,
  answers: FirstAnswer[],
  complaints: string[],
): Record<string, unknown> {
  const fetchForRender = async (input: unknown, init?: { method?: string }) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || !url.startsWith('/')) {
      throw new TypeError(`A server render reads only its own API with GET (asked: ${method} ${url})`);
    }
    const answer = await request.readApi(url);
    answers.push({ url, status: answer.status, body: answer.body });
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
    });
  };
  // What the render says on the console is kept, not printed: a render that warns (a <Navigate>,
  // which the server cannot follow) or reports an error is not served.
  const complain = (...parts: unknown[]) => {
    complaints.push(parts.map((part) => (part instanceof Error ? part.message : String(part))).join(' '));
  };
  return {
    console: {
      log: () => undefined,
      info: () => undefined,
      debug: () => undefined,
      warn: complain,
      error: complain,
    },
    setTimeout,
    clearTimeout,
    queueMicrotask,
    setImmediate,
    clearImmediate,
    structuredClone,
    URL,
    URLSearchParams,
    TextEncoder,
    TextDecoder,
    ReadableStream,
    WritableStream,
    TransformStream,
    AbortController,
    AbortSignal,
    DOMException,
    Response,
    Headers,
    Request,
    performance,
    fetch: fetchForRender,
    steadylineServerRender: { config: request.config, url: request.url, origin: request.origin },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The renderer built beside the server, or null when there is none (a development server, most tests). */
export function loadPageRenderer(
  file: string | null,
  onError: (error: unknown) => void,
  concurrency = PAGE_RENDER_CONCURRENCY,
): PageRenderer | null {
  if (!file || !existsSync(file)) return null;
  const script = new vm.Script(readFileSync(file, 'utf8'), { filename: file });

  const renderOnce = async (request: PageRenderRequest): Promise<RenderedPage | null> => {
    const answers: FirstAnswer[] = [];
    const complaints: string[] = [];
    try {
      const context = vm.createContext(renderGlobals(request, answers, complaints));
      script.runInContext(context);
      const renderPage = (context as { renderPage?: RenderFunction }).renderPage;
      if (typeof renderPage !== 'function') throw new Error('The page renderer defines no renderPage()');
      const html = await withTimeout(renderPage(request.url), PAGE_RENDER_TIMEOUT_MS);
      if (html === null) throw new Error(`The render took longer than ${PAGE_RENDER_TIMEOUT_MS} ms`);
      if (complaints.length > 0) throw new Error(`The render said: ${complaints[0]}`);
      return { html, answers };
    } catch (error) {
      onError(error);
      return null;
    }
  };

  let running = 0;
  return {
    async render(request) {
      // A burst beyond the limit is not queued: those pages go out for the browser to render.
      if (running >= concurrency) return null;
      running += 1;
      try {
        return await renderOnce(request);
      } finally {
        running -= 1;
      }
    },
  };
}
