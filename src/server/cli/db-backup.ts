/**
 * npm run db:backup -- --to DIR
 *
 * Writes a backup of the database and its manifest into DIR (decision 1880). With PostgreSQL
 * (DATABASE_URL) it runs pg_dump. With the embedded database it asks the running server for a
 * snapshot of its data folder; when no server holds DATA_DIR it opens the folder itself. Exits 0
 * on success, 1 on a failure, 2 on a wrong command line, 78 on a bad configuration.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type CommandOutput, configOrReport, reportingBackupErrors, runWhenInvoked } from './backup-command';
import {
  OPERATOR_SNAPSHOT_PATH,
  operatorFilePath,
  readOperatorFile,
} from '../modules/backups/operator-snapshot';
import {
  BackupError,
  snapshotPglite,
  writePgliteBackup,
  writePostgresBackup,
} from '../modules/backups/take-backup';

async function snapshotOfDataDir(dataDir: string): Promise<Uint8Array> {
  const server = readOperatorFile(dataDir);
  if (server) {
    const response = await fetch(`${server.url}${OPERATOR_SNAPSHOT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (!response.ok)
      throw new BackupError(`The running server refused the snapshot (HTTP ${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  }
  // PGlite keeps postmaster.pid while a process has the folder open: never open it beside one.
  if (existsSync(join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `${dataDir} is open in another process and no running server offers a snapshot of it (its ${operatorFilePath(dataDir)} is missing). Check the server can write that file, or stop the server and run the backup again. After a crash, start and stop the server once first.`,
    );
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    return await snapshotPglite(client);
  } finally {
    await client.close();
  }
}

export async function runDbBackup(
  argv: string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ args: argv, options: { to: { type: 'string' } } }));
  } catch (error) {
    output.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  if (!to) {
    output.error('Usage: npm run db:backup -- --to DIR');
    return 2;
  }
  const config = configOrReport(env, output);
  if (!config) return 78;
  return reportingBackupErrors(output, async () => {
    const now = new Date();
    const { manifestPath, manifest } = config.DATABASE_URL
      ? await writePostgresBackup(to, config.DATABASE_URL, now)
      : await writePgliteBackup(to, await snapshotOfDataDir(config.DATA_DIR), now);
    output.out(
      `Backup written: ${manifest.dataFile} (${manifest.dataBytes} bytes, sha256 ${manifest.sha256}), manifest ${manifestPath}`,
    );
    output.out(
      `  migration ${manifest.migrationLevel}; ${manifest.ledgerTotals.investors} investors, ${manifest.ledgerTotals.notes} notes, balances ${manifest.ledgerTotals.balances}`,
    );
    output.out('  FIELD_ENCRYPTION_KEY is not in the backup: keep it apart, a restore needs it.');
    return 0;
  });
}

runWhenInvoked(import.meta.url, 'db:backup', runDbBackup);
