// `npm run test:e2e`: builds the app if needed, checks for Chromium, runs e2e/*.e2e.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. The browser tests need it; install it with:\n\n  sudo apt-get install -y --no-install-recommends chromium\n\n(or set CHROMIUM_PATH to a Chromium binary).`,
  );
  process.exit(1);
}
const build = spawnSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '' },
  },
);
process.exit(result.status ?? 1);
