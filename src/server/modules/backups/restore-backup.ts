/**
 * Restoring a backup (PRODUCT.md 46): an operator's command only, into an empty data folder or
 * an empty PostgreSQL database. The file must match its manifest's checksum and come from a
 * migration level this version knows; afterwards the figures are read again and compared with
 * the manifest, and the ledger check runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { migrate, migrationsDirectory } from '../../db/migrate';
import { type LedgerReport, runLedgerCheck } from '../money/ledger-check';
import { manifestPathOf } from './backup-files';
import { type BackupManifest, collectBackupFigures, compareFigures, sha256OfFile } from './backup-manifest';
import { BackupError } from './take-backup';

export const PG_RESTORE_MISSING =
  'pg_restore was not found on PATH. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) of the same major version as the server or newer.';

export interface RestoreTarget {
  /** A PostgreSQL URL, for a backup of PostgreSQL. */
  databaseUrl?: string;
  /** A data folder, for a backup of the embedded database. */
  dataDir?: string;
}

export interface RestoreResult {
  manifest: BackupManifest;
  differences: string[];
  ledger: LedgerReport;
}

/** The manifest for `from`: the manifest itself, or the data file beside it. */
export function manifestPathFor(from: string): string {
  if (from.endsWith('.manifest.json')) return from;
  const name = basename(from).replace(/\.(tar|pgdump)$/, '');
  return manifestPathOf(dirname(from), name);
}

/** Reads and checks a backup before anything is written: manifest, checksum, migration level. */
export async function checkBackup(from: string): Promise<{ manifest: BackupManifest; dataPath: string }> {
  const manifestPath = manifestPathFor(from);
  if (!existsSync(manifestPath))
    throw new BackupError(
      `No manifest at ${manifestPath}: a backup without its manifest is incomplete and is not restored.`,
    );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BackupManifest;
  const dataPath = join(dirname(manifestPath), manifest.dataFile);
  if (!existsSync(dataPath)) throw new BackupError(`The backup's data file ${dataPath} is missing.`);
  if ((await sha256OfFile(dataPath)) !== manifest.sha256)
    throw new BackupError(
      `${dataPath} does not match the checksum in its manifest: the file is damaged or incomplete. Nothing was restored.`,
    );
  const known = readdirSync(migrationsDirectory()).filter((file) => file.endsWith('.sql'));
  if (manifest.migrationLevel && !known.includes(manifest.migrationLevel)) {
    const latest = known.sort().at(-1);
    throw new BackupError(
      `This backup comes from a newer version (migration ${manifest.migrationLevel}); this version knows migrations up to ${latest}. Restore it with the version that made it (${manifest.appVersion}) or a later one.`,
    );
  }
  return { manifest, dataPath };
}

function runPgRestore(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_restore', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(PG_RESTORE_MISSING) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`pg_restore failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

async function restorePglite(dataPath: string, dataDir: string): Promise<DatabaseHandle> {
  if (dataDir !== 'memory://' && existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(`${dataDir} is not empty: a backup is restored only into an empty data folder.`);
  if (dataDir !== 'memory://') await mkdir(dataDir, { recursive: true, mode: 0o700 });
  return openDatabase({ dataDir, pgliteSnapshot: new Blob([readFileSync(dataPath)]) });
}

async function restorePostgres(
  dataPath: string,
  databaseUrl: string,
  schema: string,
): Promise<DatabaseHandle> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.tables ?? 0) > 0)
      throw new BackupError(
        'The target database is not empty: a backup is restored only into an empty database.',
      );
    // A dump of one schema carries no extensions; the tables' search indexes need pg_trgm.
    await client.query('create extension if not exists pg_trgm with schema public');
  } finally {
    await client.end();
  }
  await runPgRestore([
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    dataPath,
  ]);
  return openDatabase({ databaseUrl, ...(schema === 'public' ? {} : { searchPath: schema }), poolSize: 2 });
}

/** Restores `from` into `target`, then compares its figures with the manifest and checks the ledger. */
export async function restoreBackup(from: string, target: RestoreTarget): Promise<RestoreResult> {
  const { manifest, dataPath } = await checkBackup(from);
  let handle: DatabaseHandle;
  if (manifest.database === 'pglite') {
    if (!target.dataDir)
      throw new BackupError(
        'This is a backup of the embedded database: restore it into a data folder (--to DIR). Moving to PostgreSQL is a separate step.',
      );
    handle = await restorePglite(dataPath, target.dataDir);
  } else {
    if (!target.databaseUrl)
      throw new BackupError(
        'This is a backup of PostgreSQL: restore it into an empty PostgreSQL database (--to postgres://...).',
      );
    handle = await restorePostgres(dataPath, target.databaseUrl, manifest.schema);
  }
  try {
    const differences = compareFigures(manifest, await collectBackupFigures(handle.db));
    await migrate(handle.db);
    const ledger = await runLedgerCheck(handle.db);
    return { manifest, differences, ledger };
  } finally {
    await handle.close();
  }
}
