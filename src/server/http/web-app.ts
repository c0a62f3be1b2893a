/**
 * Serves the built web app: files from the build, and index.html for every other GET path
 * (the client router decides; unknown -> home). For a page in the shared route table
 * (src/shared/pages/route-preloads.ts) the HTML also names what the page will ask for, so the
 * browser fetches it in parallel with the entry chunk (decision 1410):
 *   <link rel="modulepreload"> and <link rel="stylesheet"> for the route's chunks, found in
 *   Vite's build manifest; when a session cookie came with the request, <link rel="preload"
 *   as="fetch"> for the session and the page's first data; for every visitor, the public answers
 *   the page reads first (the landing page's catalogue, decision 1973).
 * No inline script: the CSP allows scripts from 'self' only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_VARIANT_HEADER, type PageVariant } from '../../shared/pages/page-variant';
import { FIRST_ANSWERS_ELEMENT_ID, RENDERED_ATTRIBUTE } from '../../shared/pages/server-rendering';
import type { PageRenderer, RenderedPage } from './page-renderer';
import {
  publicDataPreloadsFor,
  publicPageCodeFor,
  publicPageModules,
  type RoutePreload,
  routePreloadsFor,
} from '../../shared/pages/route-preloads';

const apiPrefixes = ['/api/', '/functions/', '/dev/', '/healthz', '/readyz'];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface WebAppOptions {
  publicConfig: Record<string, unknown>;
  /** The cookie names that carry an investor's and an admin's session. */
  sessionCookies: { investor: string; admin: string };
  /** Renders a page's first HTML (decision 1985); null serves every page for the browser to render. */
  pageRenderer?: PageRenderer | null;
}

/**
 * Cache lifetimes of the built files (decision 1970): a file under assets/ has its content's hash
 * in its name, so it never changes: a year, immutable. Everything else keeps its name across
 * releases (the service worker, the manifest, icons, the offline page) and is revalidated on
 * every use (an ETag answer of 304 when unchanged), so a release is seen at once.
 */
export function cacheControlFor(file: string): string {
  const served = file.replace(/\.(br|gz)$/, '');
  return served.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function readManifest(webRoot: string): Manifest {
  const path = join(webRoot, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : {};
}

/**
 * The scripts and styles of the named chunks and what they import, minus the entry (already in
 * the HTML). A name is a chunk group's name or a module's path (the manifest's key for a chunk
 * of its own: a page loaded with lazy()).
 */
function chunkFilesOf(manifest: Manifest, names: readonly string[]): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    const named = names.includes(key) || (chunk.name !== undefined && names.includes(chunk.name));
    if (named && chunk.file.endsWith('.js')) visit(key);
  }
  return { scripts, styles };
}

const noFiles = { scripts: [], styles: [] };

/**
 * The links for one route. The fetch preloads use crossorigin="anonymous": credentials mode
 * "same-origin", the mode of the app's fetch wrapper (src/web/lib/api-client.ts), so the
 * browser reuses the preloaded answer instead of asking again.
 */
function preloadLinks(files: { scripts: string[]; styles: string[] }, data: readonly string[]): string {
  return [
    ...files.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`),
    ...files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ...data.map(
      (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`,
    ),
  ].join('');
}

export function registerWebApp(app: FastifyInstance, webRoot: string, options: WebAppOptions): void {
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8').replace(
    '__APP_CONFIG__',
    escapeAttribute(JSON.stringify(options.publicConfig)),
  );
  const manifest = readManifest(webRoot);

  /**
   * What a page needs beyond the entry, for the HTML to name (decision 1410): the route's code and
   * styles, the public answers it reads first, and, with a session cookie, the session and the
   * page's first data. `preload` is the route's entry of the shared table (null for public pages).
   */
  const linksFor = (request: FastifyRequest, path: string) => {
    const publicData = publicDataPreloadsFor(path);
    const preload: RoutePreload | null = routePreloadsFor(path, new URLSearchParams(request.query as never));
    if (!preload) {
      // A public page: the public site's chunk (its layout, the landing page) and its
      // stylesheet, named by the module or by its chunk group (vite.config.ts), decision 1975.
      const publicCode = publicPageCodeFor(path).map((name) => publicPageModules[name]);
      const files = publicCode.length > 0 ? chunkFilesOf(manifest, ['public', ...publicCode]) : noFiles;
      return { preload, files, data: publicData, hasSessionCookie: false };
    }
    const hasSessionCookie = Boolean(request.cookies?.[options.sessionCookies[preload.audience]]);
    // Without a session cookie the page will send the visitor to sign in: the session and its
    // data would only answer 401 (a console error in every browser), so nothing is fetched early.
    const data = hasSessionCookie ? [...publicData, preload.session, ...preload.data] : publicData;
    return { preload, files: chunkFilesOf(manifest, preload.chunks), data, hasSessionCookie };
  };

  /**
   * The page's HTML for the browser to render, and which of its variants it is
   * (PAGE_VARIANT_HEADER, decision 1974): `any` when it is the same for every visitor,
   * `signed-in` when it names the session's data, `signed-out` when a signed-in page was asked
   * for without the session cookie.
   */
  const htmlFor = (links: ReturnType<typeof linksFor>): { html: string; variant: PageVariant } => {
    const variant: PageVariant = !links.preload ? 'any' : links.hasSessionCookie ? 'signed-in' : 'signed-out';
    if (links.data.length === 0 && links.files.scripts.length === 0 && links.files.styles.length === 0)
      return { html: indexHtml, variant };
    return { html: indexHtml.replace('</head>', `${preloadLinks(links.files, links.data)}</head>`), variant };
  };

  /**
   * The page rendered on the server (decision 1985): the landing page for everyone, and a page
   * of the shared table for a visitor with its session cookie. Null when it is not rendered:
   * another page, no renderer, a render that failed or took too long, or a session that has
   * ended (the browser sends the visitor to sign in).
   */
  const renderedFor = async (
    request: FastifyRequest,
    path: string,
    links: ReturnType<typeof linksFor>,
  ): Promise<RenderedPage | null> => {
    const renderer = options.pageRenderer;
    const isRendered = path === '/' || (links.preload !== null && links.hasSessionCookie);
    if (!renderer || !isRendered) return null;
    const rendered = await renderer.render({
      url: request.url,
      origin: `${request.protocol}://${request.host}`,
      config: options.publicConfig,
      readApi: async (url) => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: {
            cookie: request.headers.cookie ?? '',
            accept: 'application/json',
            'user-agent': request.headers['user-agent'] ?? '',
          },
          remoteAddress: request.ip,
        });
        return {
          status: response.statusCode,
          body: response.body,
          contentType: String(response.headers['content-type'] ?? 'application/json'),
        };
      },
    });
    if (!rendered || (links.preload && !isSignedInAnswer(rendered, links.preload))) return null;
    return rendered;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const links = linksFor(request, path);
    const rendered = await renderedFor(request, path, links);
    if (rendered) {
      return (
        reply
          .type('text/html; charset=utf-8')
          // A signed-in page carries the visitor's data: never stored (decision 1985).
          .header('cache-control', links.preload ? 'no-store' : 'no-cache')
          .header(PAGE_VARIANT_HEADER, 'rendered' satisfies PageVariant)
          .send(renderedHtml(indexHtml, links, rendered))
      );
    }
    const { html, variant } = htmlFor(links);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header(PAGE_VARIANT_HEADER, variant)
      .send(html);
  };

  app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // x.br / x.gz beside each text file, made at build time (scripts/web-build-extras.ts), picked
    // by Accept-Encoding; the answer says `Vary: Accept-Encoding` and the sibling's length.
    preCompressed: true,
    // The siblings are found on disk per request; they need no routes of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(relative(webRoot, path).split(sep).join('/')));
    },
  });
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${path}` } });
    }
    const file = path.slice(1);
    const isBuildInternal = file.split('/').some((segment) => segment.startsWith('.'));
    if (file && !isBuildInternal && existsSync(join(webRoot, file)) && /\.[a-z0-9]+$/i.test(file)) {
      return reply.sendFile(file);
    }
    return sendPage(request, reply, path);
  });
}

/** Whether the render's read of the session found the visitor signed in. */
function isSignedInAnswer(rendered: RenderedPage, preload: RoutePreload): boolean {
  const answer = rendered.answers.find((candidate) => candidate.url === preload.session);
  if (answer?.status !== 200) return false;
  if (preload.audience === 'admin') return true;
  try {
    return (JSON.parse(answer.body) as { authenticated?: unknown }).authenticated === true;
  } catch {
    return false;
  }
}

/** React writes a render's resource hints (`<link rel="preload">`) ahead of its markup. */
const leadingLinks = /^(?:<link [^>]*\/>)+/;

/**
 * A rendered page: the route's code and styles named in the head (the data it read is in the
 * page, so only what it did not read is preloaded), the markup in the root, inert until the app takes it over, and the answers
 * it was drawn from as JSON data (not a script: the CSP stays strict), `<` escaped so no answer
 * can end the element.
 */
export function renderedHtml(
  indexHtml: string,
  links: { files: { scripts: string[]; styles: string[] }; data: readonly string[] },
  rendered: RenderedPage,
): string {
  // Data the render did not read (a filtered list's page, which the page reads after its first
  // render) is still fetched early, as for a page the browser renders.
  const read = new Set(rendered.answers.map((answer) => answer.url));
  const unread = links.data.filter((url) => !read.has(url));
  const hints = leadingLinks.exec(rendered.html)?.[0] ?? '';
  const markup = rendered.html.slice(hints.length);
  const answers = JSON.stringify(rendered.answers).replace(/</g, '\\u003c');
  // Replaced by functions: a `$` in the page's text is not a replacement pattern.
  return indexHtml
    .replace('</head>', () => `${preloadLinks(links.files, unread)}${hints}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" inert ${RENDERED_ATTRIBUTE}>${markup}</div><script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${answers}</script>`,
    );
}
