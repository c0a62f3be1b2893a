import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from '../db/client';
import { migrate, migrationsDirectory } from '../db/migrate';
import { migratedPgliteKey } from './migrated-pglite-key';
import * as schema from '../db/schema';

/**
 * A migrated database for one test file: in-memory PGlite by default, or — when
 * DATABASE_URL is set — a private schema on that PostgreSQL server, dropped on close.
 * Under CI an unreachable PostgreSQL fails the test; it never skips.
 */
export interface TestDatabase extends DatabaseHandle {
  /** The schema used on PostgreSQL (undefined on PGlite). */
  schemaName?: string;
}

export function isPostgresRun(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

/** The snapshot, read once per test worker (the server tests' workers run many files: decision 1414). */
let snapshot: Promise<Blob> | undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    snapshot ??= migratedPgliteSnapshot().catch((error: unknown) => {
      snapshot = undefined;
      throw error;
    });
    const handle = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: await snapshot });
    // A migration added since the snapshot was taken still applies (and the snapshot's key changes next run).
    await migrate(handle.db);
    return handle;
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schemaName}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    databaseUrl,
    searchPath: schemaName,
    poolSize: 6,
    skipCommitFlush: true,
  });
  await migrate(handle.db);
  return {
    ...handle,
    schemaName,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop schema if exists ${schemaName} cascade`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * Empties every table except the migrations record and restarts their identity sequences, so
 * tests in one file start clean without a new instance. Only the tables that hold a row or
 * whose sequence has handed out a number are truncated: the rest are already in that state, and
 * truncating a table costs a new file for it and each of its indexes (on PostgreSQL about a
 * second for all of them, several times a file: decision 1414).
 */
export async function truncateAll(
  handle: DatabaseHandle,
  keep: string[] = ['schema_migrations'],
): Promise<void> {
  const result = await handle.db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema()`,
  );
  const tables = rowsOf<{ tablename: string }>(result)
    .map((row) => row.tablename)
    .filter((name) => !keep.includes(name));
  if (tables.length === 0) return;
  const withRows = tables
    .map((name) => `select '${name}'::text as name where exists (select 1 from "${name}")`)
    .join(' union all ');
  // A serial or identity column's sequence (pg_depend 'a' / 'i'); last_value is null until it is used.
  const usedSequences = `select t.relname::text as name
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace and n.nspname = current_schema()
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    join pg_sequences q on q.schemaname = n.nspname and q.sequencename = s.relname
    where s.relkind = 'S' and q.last_value is not null`;
  const dirty = new Set(
    rowsOf<{ name: string }>(await handle.db.execute(sql.raw(`${withRows} union ${usedSequences}`))).map(
      (row) => row.name,
    ),
  );
  const toTruncate = tables.filter((name) => dirty.has(name));
  if (toTruncate.length === 0) return;
  await handle.db.execute(
    sql.raw(`truncate ${toTruncate.map((name) => `"${name}"`).join(', ')} restart identity cascade`),
  );
}

/**
 * A new PGlite cluster costs seconds of initdb, most of a database test file's start-up: the
 * migrated cluster is dumped once per set of migrations (keyed by their content and the PGlite
 * version) and every test file starts from that copy.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const directory = migrationsDirectory();
  const snapshotFile = join(tmpdir(), `steadyline-pglite-${migratedPgliteKey(directory)}.tar`);
  if (existsSync(snapshotFile)) return new Blob([readFileSync(snapshotFile)]);
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client, { schema }) as unknown as Database, directory);
    const dump = await client.dumpDataDir('none');
    // Two test workers may take the snapshot at once: each writes its own file and renames it into place.
    const partFile = `${snapshotFile}.${process.pid}.part`;
    writeFileSync(partFile, Buffer.from(await dump.arrayBuffer()));
    renameSync(partFile, snapshotFile);
    return dump;
  } finally {
    await client.close();
  }
}
