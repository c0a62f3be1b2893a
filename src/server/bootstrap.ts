import { type BuiltApp, buildApp, type BuildAppOptions } from './app';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { settleWithholdingStart } from './modules/backup-withholding/repository';
import { seedDemoData } from './modules/demo/seed-demo-data';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';

export interface PreparedApp extends BuiltApp {
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds and builds the app: what `npm start` and integration tests share. */
export async function prepareApp(
  config: AppConfig,
  options: Omit<BuildAppOptions, 'config' | 'database'> & { clock?: Clock; searchPath?: string } = {},
): Promise<PreparedApp> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    searchPath: options.searchPath,
  });
  await migrate(database.db);
  const clock = options.clock ?? systemClock(config.BUSINESS_TZ);
  await settleWithholdingStart(database.db, clock.today());
  await seedReferenceData(database.db);
  if (config.isDemoMode) await seedDemoData(database.db, config, clock);
  const built = await buildApp({ ...options, config, database, clock });
  return {
    ...built,
    async close() {
      await built.app.close();
      await built.context.providers.email.close();
      await database.close();
    },
  };
}
