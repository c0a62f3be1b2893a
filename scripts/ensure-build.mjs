// Builds the app when dist/ is missing or older than the sources (used by start and the browser tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const outputs = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/page-renderer.js'];
const isBuilt = outputs.every((file) => existsSync(file));
const isStale =
  isBuilt &&
  Math.max(newestMtime('src'), statSync('package.json').mtimeMs) >
    Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!isBuilt || isStale) {
  console.log(
    isBuilt
      ? 'Sources changed since the last build: rebuilding...'
      : 'Building the app (the first start takes a minute)...',
  );
  // Warnings and errors only: a newcomer's first screen is the start-up banner, not a list of chunks.
  for (const step of [['build:web', '--', '--logLevel', 'warn'], ['build:server']]) {
    const result = spawnSync('npm', ['run', '--silent', ...step], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
