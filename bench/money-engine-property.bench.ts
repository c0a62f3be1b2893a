/**
 * Issue 7, the long version of the money-engine property test: many random portfolios,
 * transfers and run dates over a longer horizon, the engine against the reference model
 * to the cent (the unit test keeps a short version). PGlite by default; PostgreSQL with
 * BENCH_PROPERTY_DATABASE_URL. BENCH_PROPERTY_RUNS sets the number of portfolios.
 */
import fc from 'fast-check';
import { compareEngineWithModel, scenarioArbitrary } from '../src/server/test-support/money-engine-property';
import { createTestDatabase, truncateAll } from '../src/server/test-support/test-database';

const runs = Number(process.env.BENCH_PROPERTY_RUNS ?? 40);
if (process.env.BENCH_PROPERTY_DATABASE_URL)
  process.env.DATABASE_URL = process.env.BENCH_PROPERTY_DATABASE_URL;
else delete process.env.DATABASE_URL;

const database = await createTestDatabase();
const started = performance.now();
let checked = 0;
try {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary({ maxNotes: 8, maxRuns: 24, horizonDays: 900 }), async (scenario) => {
      await truncateAll(database);
      const differences = await compareEngineWithModel(database.db, scenario);
      checked += 1;
      if (differences.length > 0) throw new Error(differences.join('\n'));
    }),
    { numRuns: runs, endOnFailure: true },
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `engine = reference model on ${checked} random portfolios (${database.kind}) in ${seconds.toFixed(1)} s`,
  );
} finally {
  await database.close();
}
