/**
 * Issue 13 item 4 as a property: whether a day's transfers are paid before or after the
 * month-end interest run, every posting, payment and note equals the reference model (which
 * has one answer whatever the order), to the cent. Random portfolios with at least one transfer;
 * each run date picks its own order, or runs without the interest job.
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

// A day without the interest run (decision 1810) still posts a paying investor's ended months first.
const orders = fc.array(fc.constantFrom<DayOrder>('cron', 'withdrawals-first', 'interest-missed'), {
  minLength: 6,
  maxLength: 6,
});

it('posts the same whether transfers are paid before or after the month-end run', async () => {
  const scenarios = scenarioArbitrary({ maxNotes: 4, maxRuns: 6, horizonDays: 540 }).filter(
    (scenario) => scenario.transfers.length > 0,
  );
  await fc.assert(
    fc.asyncProperty(scenarios, orders, async (scenario, dayOrders) => {
      await truncateAll(database);
      expect(await compareEngineWithModel(database.db, scenario, dayOrders)).toEqual([]);
    }),
    {
      numRuns: 10,
      endOnFailure: true,
      ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
    },
  );
}, 180_000);
