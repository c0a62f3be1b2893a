/**
 * The web build's last step (decisions 1970, 1971), run by Vite after it has written dist/web:
 *
 * 1. The service worker: src/web/service-worker.ts bundled by esbuild into dist/web/sw.js with
 *    this build's precache list (every hashed file under assets/ and the public app-shell files)
 *    and a version taken from their names and contents, so a new release is a new sw.js.
 * 2. Precompression: every text file the server sends from disk gets a brotli (quality 11) and a
 *    gzip (level 9) sibling, `x.js.br` and `x.js.gz`, made with Node's zlib; @fastify/static
 *    picks one by the request's Accept-Encoding (src/server/http/web-app.ts). A sibling is kept
 *    only when it is smaller than the file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Files the server sends as they are on disk and that compress (fonts and PNGs already are). */
const compressible = /\.(js|mjs|css|svg|json|webmanifest|txt|html|map)$/;
/** Not sent from disk: the server fills index.html in memory; .vite/ holds the build manifest. */
const notServedFromDisk = (file: string) => file === 'index.html' || file.startsWith('.vite/');
/** Public files of the app shell the worker keeps (the offline page, the manifest, icons). */
const shellFile =
  /^(offline\.(html|css|js)|manifest\.webmanifest|favicon\.svg|logo-mark\.svg|icons\/.+\.png)$/;
const MIN_BYTES = 512;

function filesUnder(root: string, directory = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) files.push(...filesUnder(root, path));
    else files.push(relative(root, path).split(sep).join('/'));
  }
  return files;
}

/**
 * Font files of other scripts than Latin (Cyrillic, Greek, Vietnamese): the browser asks for one
 * only when a page shows such text, so the worker keeps them when first used, not at install.
 */
const otherScriptFont = /^assets\/inter-(?!latin-wght)[^/]*\.woff2$/;

/** What the worker precaches: hashed assets and the shell, as root-relative URLs, sorted. */
export function precacheListOf(files: readonly string[]): string[] {
  return files
    .filter((file) => !/\.(br|gz)$/.test(file) && !file.endsWith('.map') && !otherScriptFont.test(file))
    .filter((file) => file.startsWith('assets/') || shellFile.test(file))
    .map((file) => `/${file}`)
    .sort();
}

async function writeServiceWorker(outDir: string, source: string): Promise<void> {
  const precache = precacheListOf(filesUnder(outDir));
  const version = createHash('sha256');
  version.update(readFileSync(source));
  for (const url of precache) version.update(url).update(readFileSync(join(outDir, url.slice(1))));
  await build({
    entryPoints: [source],
    outfile: join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: {
      __PRECACHE__: JSON.stringify(precache),
      __BUILD_VERSION__: JSON.stringify(version.digest('hex').slice(0, 16)),
    },
  });
}

export function precompress(outDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of filesUnder(outDir)) {
    if (!compressible.test(file) || notServedFromDisk(file)) continue;
    const content = readFileSync(join(outDir, file));
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(join(outDir, `${file}.br`), brotli);
    if (gzip.length < content.length) writeFileSync(join(outDir, `${file}.gz`), gzip);
    files += 1;
    bytes += content.length;
    brotliBytes += Math.min(brotli.length, content.length);
  }
  return { files, bytes, brotliBytes };
}

export function webBuildExtras(options: { serviceWorkerSource: string }): Plugin {
  let outDir = '';
  return {
    name: 'steadyline-web-build-extras',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await writeServiceWorker(outDir, options.serviceWorkerSource);
      const { files, bytes, brotliBytes } = precompress(outDir);
      this.info?.(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB -> ${(brotliBytes / 1024).toFixed(0)} kB brotli`,
      );
    },
  };
}
