import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import { webBuildExtras } from './scripts/web-build-extras.ts';
import { preloadedPageModules, publicPageModules } from './src/shared/pages/route-preloads.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

/*
 * Fewer, larger chunks (decision 1410): each request on the way to a page's content costs a
 * round trip. The entry's static imports stay one chunk (the landing page); what signed-in
 * and auth pages share beyond it (libraries, src/shared, the design system, lib) is one
 * chunk; the portal's shell and pages another; the admin pages a third. The other public
 * pages keep their automatic per-page chunks.
 *
 * Form code stays off the pages that only show data (decision 1411): zod, react-hook-form and
 * every module that statically reaches them (the shared schemas, the form components) never
 * go into those three chunks. The shared schemas and the libraries form one `forms` chunk;
 * the form components load with it, on demand (lazy() or import() in the page that opens them).
 */
const formLibrary = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;
const signedInCommonModule =
  /[\\/](node_modules[\\/]@tanstack|src[\\/](shared|web[\\/](components|lib)))[\\/]/;
const sharedModule = /[\\/]src[\\/]shared[\\/]/;
// Admin-only code, including the shared rules only the back office uses (the jobs' cron
// libraries, campaigns, admin schemas), stays out of the common chunk every portal page loads.
const adminOnlySharedModule =
  /[\\/]src[\\/](shared[\\/](jobs|admin|notifications)[\\/]|web[\\/]lib[\\/]admin-)/;
const portalModule =
  /[\\/]src[\\/]web[\\/](app[\\/](portal-|settings-route)|features[\\/](portal|settings|bank-link)[\\/])/;
const adminModule = /[\\/]src[\\/]web[\\/](app[\\/]admin-|features[\\/]admin-)/;

/** Whether a module's static imports reach zod or react-hook-form (memoised per chunking pass). */
const reachesForms = new WeakMap<ChunkingContext, Map<string, boolean>>();
function needsFormCode(id: string, context: ChunkingContext): boolean {
  let known = reachesForms.get(context);
  if (!known) {
    known = new Map();
    reachesForms.set(context, known);
  }
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const seen = new Set([id]);
  const queue = [id];
  let result = false;
  while (queue.length > 0 && !result) {
    const current = queue.pop() as string;
    if (formLibrary.test(current)) result = true;
    else if (!/[\\/]node_modules[\\/]/.test(current) || current === id) {
      for (const child of context.getModuleInfo(current)?.importedIds ?? []) {
        if (!seen.has(child)) {
          seen.add(child);
          queue.push(child);
        }
      }
    }
  }
  known.set(id, result);
  return result;
}

/** A chunk group for the modules that match and need no form code. */
function withoutFormCode(name: string, matches: (id: string, context: ChunkingContext) => boolean) {
  return (id: string, context: ChunkingContext) =>
    matches(id, context) && !needsFormCode(id, context) ? name : null;
}

/**
 * The code-split points that reach a module through static imports: every module loaded with
 * import() (a page, the portal shell, a lazy dialog) whose static imports lead to it, itself
 * included when it is one (memoised per chunking pass).
 */
const splitPointsReaching = new WeakMap<ChunkingContext, Map<string, ReadonlySet<string>>>();
function splitPointsOf(id: string, context: ChunkingContext): ReadonlySet<string> {
  let known = splitPointsReaching.get(context);
  if (!known) {
    known = new Map();
    splitPointsReaching.set(context, known);
  }
  const cached = known.get(id);
  if (cached) return cached;
  const points = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.pop() as string;
    const info = context.getModuleInfo(current);
    if (!info) continue;
    if (info.dynamicImporters.length > 0 || info.isEntry) points.add(current);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  known.set(id, points);
  return points;
}

/** The route tables: what they load with lazy() is a page (or the portal shell), not a dialog. */
const routeTable =
  /[\\/]src[\\/]web[\\/]app[\\/](router|portal-route-table|settings-routes|auth-routes)\.tsx$/;
function isPageSplitPoint(id: string, context: ChunkingContext): boolean {
  const info = context.getModuleInfo(id);
  return Boolean(info?.isEntry || info?.dynamicImporters.some((importer) => routeTable.test(importer)));
}

// The signed-in shells: what only a shell reaches goes with the code its pages share.
const shell = /[\\/]src[\\/]web[\\/]app[\\/](portal|admin)-layout\.tsx$/;

/**
 * Whether a module belongs in a chunk that several pages load (decision 1412). Code one page
 * alone reaches stays out: Rolldown puts it in that page's own chunk, which the server
 * preloads for that route only. Code only lazy dialogs reach stays out too: it loads when a
 * dialog opens. What two pages (or a page and a dialog) share stays in, so a page never waits
 * for a chunk its HTML did not name.
 */
function sharedByPages(id: string, context: ChunkingContext): boolean {
  const points = [...splitPointsOf(id, context)];
  if (points.length === 1 && shell.test(points[0] as string)) return true;
  return points.length > 1 && points.some((point) => isPageSplitPoint(point, context));
}

/** The bundler's own runtime: it goes with the entry. */
const bundlerRuntime = /^\0?rolldown[\\/]runtime/;

/** Whether the entry (index.html) reaches a module through static imports. */
function isInEntry(id: string, context: ChunkingContext): boolean {
  return [...splitPointsOf(id, context)].some((point) => context.getModuleInfo(point)?.isEntry);
}

/*
 * The public site (decision 1975): its layout and the landing page load with lazy() and the
 * HTML preloads them where they render, so a portal page does not carry them in the entry.
 * Its pages are the layout, the landing page, the other pages of features/public-site and the
 * onboarding layout (which shows the site's header, footer and stylesheet too).
 */
const publicSiteShells = new Set(
  Object.values(publicPageModules).map((module) => resolve(import.meta.dirname, 'src/web', module)),
);
const publicSitePage =
  /[\\/]src[\\/]web[\\/](features[\\/]public-site[\\/]pages[\\/]|app[\\/]get-started-layout\.tsx$)/;
function isPublicSitePoint(point: string): boolean {
  return publicSiteShells.has(point) || publicSitePage.test(point);
}
/** Reached by the public layout or the landing page. */
function publicSiteCode(id: string, context: ChunkingContext): boolean {
  return [...splitPointsOf(id, context)].some((point) => publicSiteShells.has(point));
}
/**
 * What the public site shares with the rest of the app (the design system, the session, money
 * formats) stays in the entry, as before: moving it to the public chunk would make every
 * signed-in page load that chunk, and to a signed-in chunk, the landing page.
 */
function entryCode(id: string, context: ChunkingContext): boolean {
  if (isInEntry(id, context)) return true;
  if (!publicSiteCode(id, context)) return false;
  return [...splitPointsOf(id, context)].some((point) => !isPublicSitePoint(point));
}

/** The pages whose HTML preloads their code (src/shared/pages/route-preloads.ts), by module id. */
const preloadedPages = new Set(
  preloadedPageModules.map((module) => resolve(import.meta.dirname, 'src/web', module)),
);

/** Whether a page whose HTML preloads its code reaches a module through static imports. */
function reachedByPreloadedPage(id: string, context: ChunkingContext): boolean {
  return [...splitPointsOf(id, context)].some((point) => preloadedPages.has(point));
}

/**
 * Whether a module is needed before their content by many of the pages a visit may open first
 * (decision 1975): a shell reaches it, or at least two of the pages whose HTML preloads their
 * code do.
 */
function neededBeforeContentByManyPages(id: string, context: ChunkingContext): boolean {
  const points = [...splitPointsOf(id, context)];
  if (points.some((point) => shell.test(point))) return true;
  return points.filter((point) => preloadedPages.has(point)).length > 1;
}

/*
 * The settings page's own forms and their rules (its API, the e-records consent form and
 * disclosures, the W-9 certification text, TIN rules): onboarding and the purchase dialogs
 * share them, but no other page needs them before its content. They are chunks of their own
 * (decision 1975) instead of riding in the chunks every signed-in page loads: `settings-shared`,
 * what the settings page needs (its HTML preloads it), and `settings-later`, what only the cards
 * below its profile, onboarding and the dialogs need.
 */
const settingsFormsModule =
  /[\\/]src[\\/](web[\\/](features[\\/]settings|components[\\/]electronic-consent)[\\/]|shared[\\/](consents[\\/]|settings[\\/]|tax[\\/](tin|w9-certification-text)\.ts$))/;
function laterSettingsCode(id: string, context: ChunkingContext): boolean {
  return settingsFormsModule.test(id) && !neededBeforeContentByManyPages(id, context);
}

/**
 * The same for the shells' feature code: what one page and its dialogs share stays with that
 * page (Rolldown keeps it in the page's chunk, which is in memory before the dialog loads).
 */
function sharedByPagesOrShell(id: string, context: ChunkingContext): boolean {
  const pages = [...splitPointsOf(id, context)].filter(
    (point) => shell.test(point) || isPageSplitPoint(point, context),
  );
  return pages.length > 1 || (pages.length === 1 && shell.test(pages[0] as string));
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // After the build: the service worker with its precache list, then brotli and gzip siblings
  // of every text file (decisions 1970, 1971).
  plugins: [react(), webBuildExtras({ serviceWorkerSource: 'src/web/service-worker.ts' })],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // The server reads it to write each route's <link rel="modulepreload"> (src/server/http/web-app.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry: what index.html reaches (and the bundler's runtime), and what the public
            // site shares with other pages.
            {
              debugName: 'app',
              name: (id: string, context: ChunkingContext) =>
                bundlerRuntime.test(id) || entryCode(id, context) ? 'app' : null,
              priority: 7,
            },
            {
              debugName: 'public',
              name: withoutFormCode('public', publicSiteCode),
              priority: 6,
            },
            {
              debugName: 'signed-in-common',
              name: withoutFormCode(
                'signed-in-common',
                (id, context) =>
                  signedInCommonModule.test(id) &&
                  !adminOnlySharedModule.test(id) &&
                  !laterSettingsCode(id, context) &&
                  sharedByPages(id, context),
              ),
              priority: 5,
            },
            {
              debugName: 'portal',
              name: withoutFormCode(
                'portal',
                (id, context) => portalModule.test(id) && neededBeforeContentByManyPages(id, context),
              ),
              priority: 4,
            },
            {
              debugName: 'settings-shared',
              name: withoutFormCode(
                'settings-shared',
                // Shared by two code-split points or more (a page, the settings cards below
                // its profile, a dialog), one of them a page whose HTML preloads it: what one
                // alone reaches stays in its chunk.
                (id, context) =>
                  laterSettingsCode(id, context) &&
                  splitPointsOf(id, context).size > 1 &&
                  reachedByPreloadedPage(id, context),
              ),
              priority: 3,
            },
            {
              // The same forms' code that no preloaded page reaches before its content (the
              // consent form, the W-9 text): the settings cards below the profile, onboarding
              // and the purchase dialogs load it on demand.
              debugName: 'settings-later',
              name: withoutFormCode(
                'settings-later',
                (id, context) => laterSettingsCode(id, context) && splitPointsOf(id, context).size > 1,
              ),
              priority: 2,
            },
            {
              debugName: 'admin',
              name: withoutFormCode(
                'admin',
                (id, context) =>
                  (adminModule.test(id) || adminOnlySharedModule.test(id)) &&
                  sharedByPagesOrShell(id, context),
              ),
              priority: 1,
            },
            // Last, so the zod-free modules the schemas import stay in the chunks above.
            {
              debugName: 'forms',
              name: (id: string, context: ChunkingContext) =>
                formLibrary.test(id) ||
                (sharedModule.test(id) && !adminOnlySharedModule.test(id) && needsFormCode(id, context))
                  ? 'forms'
                  : null,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/functions': apiTarget,
      '/dev': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
