/**
 * Taking a backup (PRODUCT.md 46, decision 1880). The embedded database is snapshotted by the
 * process that holds it (PGlite's data folder has one owner); PostgreSQL by `pg_dump` in the
 * custom format, inside the same snapshot the manifest's figures are read from.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';
import {
  backupBaseName,
  createOwnerOnlyFile,
  ensureBackupDirectory,
  manifestPathOf,
  partialPathOf,
  writeFileAtomically,
} from './backup-files';
import {
  type BackupFigures,
  type BackupManifest,
  MANIFEST_FORMAT,
  appVersion,
  collectBackupFigures,
  sha256OfFile,
} from './backup-manifest';

/** A refusal or failure worded for the operator who ran the command. */
export class BackupError extends Error {}

export const PG_DUMP_MISSING =
  'pg_dump was not found on PATH. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client) of the same major version as the server or newer.';

/**
 * A consistent copy of a running PGlite's data folder, taken while no transaction is open (its
 * lock is held; `query` and `exec` would wait on it, so the dump itself takes only the query
 * lock). The checkpoint just before writes nearly every change to the files; what commits in
 * between is in the WAL, replayed when the copy is opened.
 */
export async function snapshotPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('checkpoint');
  return client._runExclusiveTransaction(async () => {
    const tarball = await client.dumpDataDir('none');
    return new Uint8Array(await tarball.arrayBuffer());
  });
}

/** The PGlite client under a drizzle database, when it is one. */
export function pgliteClientOf(db: Database): PGlite | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/** Opens a PGlite data-folder snapshot in memory and reads its figures: proof that it loads. */
export async function figuresOfPgliteSnapshot(tarball: Uint8Array): Promise<BackupFigures> {
  const client = await PGlite.create('memory://', {
    extensions: { pg_trgm },
    loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]),
  });
  try {
    return await collectBackupFigures(drizzlePglite(client) as unknown as Database);
  } finally {
    await client.close();
  }
}

async function finishBackup(
  directory: string,
  baseName: string,
  dataPath: string,
  manifest: Omit<BackupManifest, 'format' | 'appVersion' | 'dataFile' | 'dataBytes' | 'sha256'>,
  sha256: string,
): Promise<{ manifestPath: string; manifest: BackupManifest }> {
  const full: BackupManifest = {
    format: MANIFEST_FORMAT,
    ...manifest,
    appVersion: appVersion(),
    dataFile: basename(dataPath),
    dataBytes: (await stat(dataPath)).size,
    sha256,
  };
  const manifestPath = manifestPathOf(directory, baseName);
  await writeFileAtomically(manifestPath, `${JSON.stringify(full, null, 2)}\n`);
  return { manifestPath, manifest: full };
}

/** Writes a PGlite snapshot and its manifest into `directory`. */
export async function writePgliteBackup(
  directory: string,
  tarball: Uint8Array,
  now: Date,
): Promise<{ manifestPath: string; manifest: BackupManifest }> {
  const figures = await figuresOfPgliteSnapshot(tarball);
  await ensureBackupDirectory(directory);
  const baseName = backupBaseName(now);
  const dataPath = join(directory, `${baseName}.tar`);
  await writeFileAtomically(dataPath, tarball);
  const sha256 = createHash('sha256').update(tarball).digest('hex');
  return finishBackup(
    directory,
    baseName,
    dataPath,
    { createdAt: now.toISOString(), database: 'pglite', schema: 'public', ...figures },
    sha256,
  );
}

function runPgDump(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(PG_DUMP_MISSING) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * `pg_dump --format=custom` of the schema the app uses, taken in an exported snapshot that the
 * manifest's figures are read in too, so both describe the same moment however busy the app is.
 */
export async function writePostgresBackup(
  directory: string,
  databaseUrl: string,
  now: Date,
  searchPath?: string,
): Promise<{ manifestPath: string; manifest: BackupManifest }> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // Before anything is opened or written: a missing pg_dump is the commonest failure.
  await runPgDump(['--version']);
  await client.connect();
  await ensureBackupDirectory(directory);
  const baseName = backupBaseName(now);
  const dataPath = join(directory, `${baseName}.pgdump`);
  const partial = partialPathOf(dataPath);
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; schema: string }>(
      'select pg_export_snapshot() as snapshot, current_schema() as schema',
    );
    const { snapshot, schema } = rows[0]!;
    const figures = await collectBackupFigures(drizzleNodePg(client) as unknown as Database);
    await (await createOwnerOnlyFile(partial)).close();
    await runPgDump([
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--file=${partial}`,
      ...(schema === 'public' ? [] : [`--schema=${schema}`]),
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    await rename(partial, dataPath);
    return await finishBackup(
      directory,
      baseName,
      dataPath,
      { createdAt: now.toISOString(), database: 'postgres', schema, ...figures },
      await sha256OfFile(dataPath),
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}
