// `npm test`: every test. Unit and API tests on PGlite, the same database tests again on
// PostgreSQL (when TEST_DATABASE_URL is set, and always under CI), then the browser tests.
import { spawnSync } from 'node:child_process';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? (isCi ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const withoutDatabaseUrl = { DATABASE_URL: '' };
run('Unit and API tests on PGlite', 'npx', ['vitest', 'run'], withoutDatabaseUrl);
if (postgresUrl) {
  run('Database tests on PostgreSQL', 'npx', ['vitest', 'run'], {
    DATABASE_URL: postgresUrl,
    REQUIRE_POSTGRES: '1',
  });
} else {
  console.log(
    '\n• PostgreSQL run skipped: set TEST_DATABASE_URL=postgres://... to run the database tests on PostgreSQL too (CI always does).',
  );
}
run('Browser tests', 'node', ['scripts/test-e2e.mjs']);
console.log('\n✔ all test suites passed');
