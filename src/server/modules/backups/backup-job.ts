/** The `backup` job function (PRODUCT.md 30 and 46): one backup into BACKUP_DIR, then pruning. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import type { JobFunctionDefinition } from '../../functions/job-functions';
import { pruneBackups } from './backup-files';
import type { BackupManifest } from './backup-manifest';
import { pgliteClientOf, snapshotPglite, writePgliteBackup, writePostgresBackup } from './take-backup';

export const BACKUPS_NOT_SET_UP = 'Backups are not set up: set BACKUP_DIR to the folder they are written to.';

/** A backup of the database this process serves, written into `directory`. */
export async function backupRunningDatabase(
  context: AppContext,
  directory: string,
): Promise<{ manifestPath: string; manifest: BackupManifest }> {
  const now = context.clock.now();
  const pglite = pgliteClientOf(context.db);
  if (pglite) return writePgliteBackup(directory, await snapshotPglite(pglite), now);
  const databaseUrl = context.config.DATABASE_URL;
  if (!databaseUrl) throw new AppError('conflict', { message: 'DATABASE_URL is not set.' });
  const schema = rowsOf<{ schema: string }>(
    await context.db.execute(sql`select current_schema() as schema`),
  )[0]?.schema;
  return writePostgresBackup(directory, databaseUrl, now, schema === 'public' ? undefined : schema);
}

export const backupJob: JobFunctionDefinition = {
  name: 'backup',
  description:
    'Writes a backup of the database with its manifest to BACKUP_DIR and deletes those older than BACKUP_RETENTION_DAYS.',
  async run(context) {
    const directory = context.config.BACKUP_DIR;
    if (!directory) throw new AppError('conflict', { message: BACKUPS_NOT_SET_UP });
    const { manifest } = await backupRunningDatabase(context, directory);
    const pruned = await pruneBackups(directory, context.config.BACKUP_RETENTION_DAYS, context.clock.now());
    return {
      recordsProcessed: 1,
      metadata: {
        file: manifest.dataFile,
        bytes: manifest.dataBytes,
        sha256: manifest.sha256,
        migrationLevel: manifest.migrationLevel,
        notes: manifest.ledgerTotals.notes,
        pruned,
      },
    };
  },
};
