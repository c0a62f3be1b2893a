import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedPgliteKey } from '../../src/server/test-support/migrated-pglite-key';

/**
 * A new PGlite data folder costs an app server most of its start-up (initdb and every migration:
 * about 8 of its 11 CPU seconds, decision 1414). The browser run starts about ten servers, so the
 * global setup migrates one folder once per set of migrations (keyed by their content and the
 * PGlite version) and each server starts from a copy of it; migrations added since still apply
 * at start-up, and the demo data is seeded by each server as before. The server-lifecycle test
 * keeps one start from an empty folder, as a new user's first start is.
 */
const migrationsFolder = join(process.cwd(), 'src/server/db/migrations');

export function pgliteTemplateDirectory(): string {
  return join(tmpdir(), `steadyline-e2e-pglite-${migratedPgliteKey(migrationsFolder)}`);
}

/** Creates the migrated template folder if it is missing (global setup, before any server starts). */
export async function ensurePgliteTemplate(): Promise<string> {
  const directory = pgliteTemplateDirectory();
  if (existsSync(directory)) return directory;
  const { openDatabase } = await import('../../src/server/db/client');
  const { migrate } = await import('../../src/server/db/migrate');
  const partDirectory = `${directory}.${process.pid}.part`;
  rmSync(partDirectory, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: partDirectory });
  try {
    await migrate(handle.db, migrationsFolder);
  } finally {
    await handle.close();
  }
  // Another run may have finished the same template meanwhile: keep whichever landed first.
  if (existsSync(directory)) rmSync(partDirectory, { recursive: true, force: true });
  else renameSync(partDirectory, directory);
  return directory;
}

/** Copies the template into a server's new data folder; false when there is no template yet. */
export function copyPgliteTemplate(dataDir: string): boolean {
  const directory = pgliteTemplateDirectory();
  if (!existsSync(directory)) return false;
  cpSync(directory, dataDir, { recursive: true });
  return true;
}
