/**
 * The engine against a plain reference model over random portfolios, transfers and run
 * dates, equal to the cent. Kept short on PGlite; `npm run bench` runs a longer version.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compareEngineWithModel, scenarioArbitrary } from '../../test-support/money-engine-property';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('posts, accrues and pays exactly what the reference model says', async () => {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary({ maxNotes: 5, maxRuns: 6, horizonDays: 640 }), async (scenario) => {
      await truncateAll(database);
      expect(await compareEngineWithModel(database.db, scenario)).toEqual([]);
    }),
    {
      numRuns: 8,
      endOnFailure: true,
      ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
    },
  );
}, 120_000);
