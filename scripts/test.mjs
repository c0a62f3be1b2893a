// `npm test`: every test. Unit and API tests on PGlite, the same database tests again on
// PostgreSQL (when TEST_DATABASE_URL is set, and always under CI), and the browser tests.
// The browser tests spend most of their time waiting (pages, servers, the next authenticator
// step) and use a fraction of a core, so they start first and run beside the PGlite phase and
// then the PostgreSQL phase, their output kept and printed when they end (decision 1414;
// TEST_PHASES_IN_SEQUENCE=1 runs the three phases one after another instead).
// Ends with one line counting every test run: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? (isCi ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
const inSequence = process.env.TEST_PHASES_IN_SEQUENCE === '1';
const resultsDirectory = 'test-results';
rmSync(resultsDirectory, { recursive: true, force: true });
mkdirSync(resultsDirectory, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

function collect(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function finish(code) {
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code);
}

function reporterArgs(reportFile) {
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
}

function minutes(startedAt) {
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * Runs a phase in the foreground; resolves to its exit status. Asynchronous (never spawnSync):
 * the event loop must keep draining a background phase's output while this one runs.
 */
function run(phase) {
  console.log(`\n▶ ${phase.title}`);
  const startedAt = Date.now();
  const child = spawn(phase.command, [...phase.args, ...reporterArgs(phase.reportFile)], {
    stdio: 'inherit',
    env: { ...process.env, ...phase.env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n${phase.title}: ${minutes(startedAt)}`);
      resolve(code ?? 1);
    });
  });
}

/** Starts a phase in the background, its output kept in a log: its exit status, and a way to stop it. */
function start(phase, logFile) {
  console.log(`\n▶ ${phase.title} (in the background; output shown when it ends)`);
  const startedAt = Date.now();
  const log = createWriteStream(logFile);
  // Its own process group, so a failed foreground phase can stop it with everything it started.
  const child = spawn(phase.command, [...phase.args, ...reporterArgs(phase.reportFile)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...phase.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    detached: true,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const status = new Promise((resolve) => {
    child.on('close', (code) => {
      log.end(() => {
        console.log(`\n▼ ${phase.title} (${minutes(startedAt)}):\n`);
        process.stdout.write(readFileSync(logFile));
        resolve(code ?? 1);
      });
    });
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    return status;
  };
  return { status, stop };
}

const pgliteTests = {
  title: 'Unit and API tests on PGlite',
  command: 'npx',
  args: ['vitest', 'run'],
  env: { DATABASE_URL: '' },
  reportFile: `${resultsDirectory}/pglite.json`,
};
// src/shared and src/web cannot reach the database (the import-direction rule), so only the
// server's tests have anything to prove a second time.
const postgresTests = {
  title: 'Database tests on PostgreSQL',
  command: 'npx',
  args: ['vitest', 'run', 'src/server/'],
  env: { DATABASE_URL: postgresUrl, REQUIRE_POSTGRES: '1' },
  reportFile: `${resultsDirectory}/postgres.json`,
};
const browserTests = {
  title: 'Browser tests',
  command: 'node',
  args: ['scripts/test-e2e.mjs'],
  env: {},
  reportFile: `${resultsDirectory}/browser.json`,
};

const failed = [];
const check = (phase, status) => {
  collect(phase.reportFile);
  if (status !== 0) failed.push(phase.title);
};

if (inSequence) {
  check(pgliteTests, await run(pgliteTests));
  if (failed.length === 0 && postgresUrl) check(postgresTests, await run(postgresTests));
  if (failed.length === 0) check(browserTests, await run(browserTests));
} else {
  const browser = start(browserTests, `${resultsDirectory}/browser.log`);
  check(pgliteTests, await run(pgliteTests));
  if (failed.length > 0) {
    // Fail fast, as before: the browser phase stops too.
    await browser.stop();
    console.error(`\n✖ ${failed.join(', ')} failed`);
    finish(1);
  }
  if (postgresUrl) check(postgresTests, await run(postgresTests));
  check(browserTests, await browser.status);
}
if (!postgresUrl) {
  console.log(
    '\n• PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://... to run the database tests on PostgreSQL too (CI always does).',
  );
}
if (failed.length > 0) {
  console.error(`\n✖ ${failed.join(', ')} failed`);
  finish(1);
}
console.log('\n✔ all test suites passed');
finish(0);
