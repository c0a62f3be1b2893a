import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute } from '../app';
import { type Clock, movableClock, type MovableClock } from '../clock';
import { type AppConfig, loadConfig } from '../config';
import type { AppContext } from '../context';
import { campaignDispatcherOf } from '../modules/notifications/campaign-dispatcher';
import { noticeSenderOf } from '../modules/notifications/notice-sender';
import { fundingDebitSenderOf } from '../modules/purchases/funding-debit-sender';
import { seedReferenceData } from '../modules/reference-data/seed-reference-data';
import { createTestDatabase, type TestDatabase, truncateAll } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  clock: MovableClock;
  database: TestDatabase;
  config: AppConfig;
  /** Fastify's route table: every method and URL pattern the app registered. */
  routes: RegisteredRoute[];
  /** Empties the tables and re-seeds reference data (products, jobs, hotspots). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    DEMO_MODE: 'false',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** One app per test file on a migrated test database, with a clock the test moves. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    start?: string;
    build?: Partial<Parameters<typeof buildApp>[0]>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const clock = movableClock(options.start ?? '2026-03-10T15:00:00Z', config.BUSINESS_TZ);
  await seedReferenceData(database.db);
  const { app, context, routes } = await buildApp({
    config,
    database,
    clock,
    webRoot: null,
    logger: false,
    ...options.build,
  });
  await app.ready();
  const backgroundWorkDone = () =>
    Promise.all([
      noticeSenderOf(context).idle(),
      fundingDebitSenderOf(context).idle(),
      campaignDispatcherOf(context).idle(),
    ]);
  return {
    app,
    context,
    clock,
    database,
    config,
    routes,
    async reset() {
      // Work a request started in the background (a notice kicked, a debit sent) still writes:
      // truncating under it deadlocks on PostgreSQL (40P01), so it finishes first.
      await backgroundWorkDone();
      await truncateAll(database);
      await seedReferenceData(database.db);
    },
    async close() {
      // The database may serve the worker's next file (decision 1980): nothing of this one may
      // still write to it.
      await backgroundWorkDone();
      await app.close();
      await database.close();
    },
  };
}
