// `npm run test:e2e`: builds the app if needed, finds (or, as root on Debian, installs) Chromium, runs e2e/*.e2e.ts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const installCommand = 'apt-get install -y --no-install-recommends chromium';

/** As root on Debian, install Chromium the way the README says instead of stopping with a hint. */
function installChromiumWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || process.env.CHROMIUM_PATH || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Chromium is missing: installing Debian's package (${installCommand})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0 && existsSync(chromium);
}

if (!existsSync(chromium) && !installChromiumWithApt()) {
  console.error(
    `Chromium was not found at ${chromium}. The browser tests need it; install it with:\n\n  sudo ${installCommand}\n\n(or set CHROMIUM_PATH to a Chromium binary).`,
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
