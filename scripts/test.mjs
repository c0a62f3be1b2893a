// `npm test`: every test. Unit and API tests on PGlite, the same database tests again on
// PostgreSQL (when TEST_DATABASE_URL is set, and always under CI), then the browser tests.
// Ends with one line counting every test run: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? (isCi ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
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

function run(title, command, args, env, reportFile) {
  console.log(`\n▶ ${title}`);
  const reporterArgs = reportFile
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`]
    : [];
  const result = spawnSync(command, [...args, ...reporterArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (reportFile) collect(reportFile);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    finish(result.status ?? 1);
  }
}

run(
  'Unit and API tests on PGlite',
  'npx',
  ['vitest', 'run'],
  { DATABASE_URL: '' },
  `${resultsDirectory}/pglite.json`,
);
if (postgresUrl) {
  // src/shared and src/web cannot reach the database (the import-direction rule), so only the
  // server's tests have anything to prove a second time.
  run(
    'Database tests on PostgreSQL',
    'npx',
    ['vitest', 'run', 'src/server/'],
    { DATABASE_URL: postgresUrl, REQUIRE_POSTGRES: '1' },
    `${resultsDirectory}/postgres.json`,
  );
} else {
  console.log(
    '\n• PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://... to run the database tests on PostgreSQL too (CI always does).',
  );
}
run('Browser tests', 'node', ['scripts/test-e2e.mjs'], {}, `${resultsDirectory}/browser.json`);
console.log('\n✔ all test suites passed');
finish(0);
