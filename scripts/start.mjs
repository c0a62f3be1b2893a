// `npm start`: builds when the build is missing or older than the sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const isBuilt = outputs.every((file) => existsSync(file));
const sourcesChanged =
  isBuilt &&
  Math.max(newestMtime('src'), statSync('package.json').mtimeMs) >
    Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!isBuilt || sourcesChanged) {
  console.log(
    isBuilt ? 'Sources changed since the last build: rebuilding...' : 'First start: building the app...',
  );
  const result = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
