// `npm run test:e2e`: builds the app if needed, finds (or, as root on Debian, installs) a
// headless Chromium, runs e2e/*.e2e.ts.
//
// The tests run in Debian's headless shell (package chromium-headless-shell, Chromium's "old
// headless" build, the one Playwright itself runs headless): the same engine as the browser
// without its browser UI, which used half the CPU of the full browser over the whole browser
// phase and shortened the CI run (decision 1980). The full browser (`/usr/bin/chromium`) is the
// fallback when the shell cannot be had; CHROMIUM_PATH picks any binary. The benches keep the
// full browser: they measure what a visitor's browser does.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';
const fullBrowser = '/usr/bin/chromium';
const installCommand = 'apt-get install -y --no-install-recommends chromium-headless-shell';

/** As root on Debian, install the headless shell the way the README says instead of stopping with a hint. */
function installHeadlessShellWithApt() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Chromium's headless shell is missing: installing Debian's package (${installCommand})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'],
    { stdio: 'inherit', env },
  );
  return install.status === 0 && existsSync(headlessShell);
}

/** The binary the tests drive: CHROMIUM_PATH, else the headless shell (installed if it can be), else the full browser. */
function chromiumForTests() {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  if (existsSync(headlessShell) || installHeadlessShellWithApt()) return headlessShell;
  if (existsSync(fullBrowser)) {
    console.log(
      `Chromium's headless shell is missing: the browser tests use ${fullBrowser}, which is slower.`,
    );
    return fullBrowser;
  }
  return null;
}

const chromium = chromiumForTests();
if (!chromium) {
  console.error(
    `Chromium was not found at ${process.env.CHROMIUM_PATH ?? `${headlessShell} or ${fullBrowser}`}. The browser tests need Debian's headless Chromium; install it with:\n\n  sudo ${installCommand}\n\n(or set CHROMIUM_PATH to a Chromium binary).`,
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
    env: { ...process.env, DATABASE_URL: '', CHROMIUM_PATH: chromium },
  },
);
process.exit(result.status ?? 1);
