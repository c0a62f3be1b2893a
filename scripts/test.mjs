// `npm test`: every test. Unit and API tests on PGlite, the same database tests again on
// PostgreSQL (when TEST_DATABASE_URL is set, and always under CI), and the browser tests.
// The browser tests spend most of their time waiting (pages, servers, the next authenticator
// step) and use a fraction of a core, so they start first; the PostgreSQL phase starts beside
// them and the PGlite phase (decisions 1414 and 1981). A background phase's output is kept and
// printed when it ends (TEST_PHASES_IN_SEQUENCE=1 runs the three phases one after another).
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

/** The phase's command, under `nice -n 10` when it yields to the browser phase. */
function niced(phase, yieldToBrowser) {
  return yieldToBrowser && process.platform !== 'win32'
    ? ['nice', ['-n', '10', phase.command, ...phase.args]]
    : [phase.command, phase.args];
}

/**
 * Runs a phase in the foreground; resolves to its exit status. Asynchronous (never spawnSync):
 * the event loop must keep draining a background phase's output while this one runs.
 */
function run(phase, { yieldToBrowser = false } = {}) {
  console.log(`\n▶ ${phase.title}`);
  const startedAt = Date.now();
  // Beside the browser phase, the CPU-bound phases run at a lower priority (nice 10): they take
  // whatever CPU is free, and the browser phase's server and Chromium, which use a fraction of a
  // core in bursts that the run waits on, are not queued behind them (decision 1414).
  const [command, args] = niced(phase, yieldToBrowser);
  const child = spawn(command, [...args, ...reporterArgs(phase.reportFile)], {
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

/**
 * Starts a phase in the background, its output kept in a log: its exit status, and a way to
 * stop it. `yieldToBrowser` runs it at nice 10, as `run` does.
 */
function start(phase, logFile, { yieldToBrowser = false } = {}) {
  console.log(`\n▶ ${phase.title} (in the background; output shown when it ends)`);
  const startedAt = Date.now();
  const log = createWriteStream(logFile);
  const [command, args] = niced(phase, yieldToBrowser);
  // Its own process group, so a failed foreground phase can stop it with everything it started.
  const child = spawn(command, [...args, ...reporterArgs(phase.reportFile)], {
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
  // The PostgreSQL phase starts beside the PGlite phase rather than after it (decision 1981):
  // much of its time is waiting on PostgreSQL and on the child processes some files start, time
  // in which the PGlite phase can use the CPU.
  const postgres = postgresUrl
    ? start(postgresTests, `${resultsDirectory}/postgres.log`, { yieldToBrowser: true })
    : null;
  check(pgliteTests, await run(pgliteTests, { yieldToBrowser: true }));
  if (failed.length > 0) {
    // Fail fast, as before: the other phases stop too.
    await Promise.all([browser.stop(), postgres?.stop()]);
    console.error(`\n✖ ${failed.join(', ')} failed`);
    finish(1);
  }
  if (postgres) check(postgresTests, await postgres.status);
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
