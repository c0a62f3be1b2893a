/**
 * The engine against a plain reference model over random portfolios, transfers and run
 * dates, equal to the cent. Kept short on PGlite; `npm run bench` runs a longer version.
 * Late runs of every kind (decision 1810): the catalogue changes between a maturity and the run
 * that rolls it over, a rollover made 10 or more days late is undone, and some days the interest
 * job does not run, so a pay-out or rollover must post the investor's ended months itself.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compareEngineWithModel, scenarioArbitrary } from '../../test-support/money-engine-property';
import type { DayOrder } from '../../test-support/money-fixtures';
import { createTestDatabase, type TestDatabase, truncateAll } from '../../test-support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Each run date's jobs: the cron order, or without the interest run. */
const orders = fc.array(fc.constantFrom<DayOrder>('cron', 'interest-missed'), {
  minLength: 11,
  maxLength: 11,
});

it('posts, accrues and pays exactly what the reference model says', async () => {
  await fc.assert(
    fc.asyncProperty(
      scenarioArbitrary({ maxNotes: 5, maxRuns: 6, horizonDays: 640 }),
      orders,
      async (scenario, dayOrders) => {
        await truncateAll(database);
        expect(await compareEngineWithModel(database.db, scenario, dayOrders)).toEqual([]);
      },
    ),
    {
      numRuns: 8,
      endOnFailure: true,
      ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
    },
  );
}, 120_000);
