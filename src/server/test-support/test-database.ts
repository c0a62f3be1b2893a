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

/**
 * PGlite databases a test file closed, emptied and proven as new, kept for the worker's next file
 * (decision 1980): starting PGlite from the snapshot costs 1.2-1.8 CPU s a file. Only under
 * vitest, whose server workers run many files; a command that borrows this module (the year
 * simulation) gets a new database and really closes it.
 */
const idlePglite: { handle: DatabaseHandle; fingerprint: string }[] = [];
const keptAtMost = 2;

export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return process.env.VITEST ? borrowPglite() : openMigratedPglite();
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

async function openMigratedPglite(): Promise<DatabaseHandle> {
  snapshot ??= migratedPgliteSnapshot().catch((error: unknown) => {
    snapshot = undefined;
    throw error;
  });
  const handle = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: await snapshot });
  // A migration added since the snapshot was taken still applies (and the snapshot's key changes next run).
  await migrate(handle.db);
  return handle;
}

/**
 * A database as a new one from the snapshot: a kept one when it still is (empty, and its
 * fingerprint unchanged), else a new one. Closing it empties it and keeps it if its fingerprint
 * is the one it started with, so a file that changed anything beyond table rows (a table or
 * column, a function, a setting, a lock, a sequence, an open transaction) never hands it on.
 */
async function borrowPglite(): Promise<TestDatabase> {
  let kept = idlePglite.pop();
  while (kept && !(await isAsNew(kept.handle, kept.fingerprint))) {
    await kept.handle.close().catch(() => undefined);
    kept = idlePglite.pop();
  }
  const handle = kept?.handle ?? (await openMigratedPglite());
  const fingerprint = kept?.fingerprint ?? (await fingerprintOf(handle));
  let closed = false;
  return {
    ...handle,
    async close() {
      if (closed) return;
      closed = true;
      if (idlePglite.length < keptAtMost && (await isAsNew(handle, fingerprint))) {
        idlePglite.push({ handle, fingerprint });
        return;
      }
      await handle.close();
    },
  };
}

/** Empties the tables, then says whether the database is as the snapshot left it. */
async function isAsNew(handle: DatabaseHandle, fingerprint: string): Promise<boolean> {
  try {
    await truncateAll(handle);
    return (await fingerprintOf(handle)) === fingerprint;
  } catch {
    return false;
  }
}

/**
 * What a new test database has beyond its (empty) tables' rows: every relation, column,
 * constraint, function, type, enum label, trigger, extension and schema; every sequence's
 * position; the session's settings, prepared statements, listened channels and advisory locks;
 * the migrations record; and whether a transaction is open (now() is the transaction's start).
 */
async function fingerprintOf(handle: DatabaseHandle): Promise<string> {
  const user = `not in ('pg_catalog', 'information_schema', 'pg_toast')`;
  const result = await handle.db.execute(
    sql.raw(`select md5(string_agg(item, '|' order by item)) as fingerprint from (
      select 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname ${user}
      union all select 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname ${user} and a.attnum > 0 and not a.attisdropped
      union all select 'con ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(c.oid)
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname ${user}
      union all select 'fn ' || n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc)
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname ${user}
      union all select 'type ' || n.nspname || '.' || t.typname
        from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname ${user}
      union all select 'enum ' || enumtypid::regtype::text || ' ' || enumlabel || ' ' || enumsortorder from pg_enum
      union all select 'trigger ' || tgrelid::regclass::text || '.' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
      union all select 'ext ' || extname || ' ' || extversion from pg_extension
      union all select 'schema ' || nspname from pg_namespace
      union all select 'seq ' || schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unused') from pg_sequences
      union all select 'set ' || name || '=' || setting from pg_settings where source = 'session'
      union all select 'prepared ' || name from pg_prepared_statements
      union all select 'listen ' || channel from pg_listening_channels() as channel
      union all select 'lock ' || locktype || ' ' || coalesce(objid::text, '') from pg_locks
        where pid = pg_backend_pid() and locktype = 'advisory'
      union all select 'migrations ' || count(*)::text from schema_migrations
      union all select 'in a transaction ' || (now() <> statement_timestamp())::text
    ) as items`),
  );
  return rowsOf<{ fingerprint: string }>(result)[0]?.fingerprint ?? '';
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
