// Bundles the server into dist/server/main.js (dependencies stay external) and copies the migrations beside it.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
mkdirSync('dist/server', { recursive: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');

// The web app bundled to render pages' first HTML on the server (decision 1985): one script,
// every dependency inside, run by src/server/http/page-renderer.ts in a V8 context of its own
// per render. The browser's builds of React and the router (no Node built-ins); styles and
// fonts are the browser's business, so they are left out.
await build({
  entryPoints: ['src/web/server-render/render-page.tsx'],
  outfile: 'dist/server/page-renderer.js',
  bundle: true,
  platform: 'neutral',
  format: 'iife',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['edge-light', 'worker', 'browser'],
  loader: { '.css': 'empty' },
  define: { 'import.meta.env.PROD': 'true', 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log('page renderer built: dist/server/page-renderer.js');
