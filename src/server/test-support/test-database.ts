import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, rowsOf } from '../db/client';
import { migrate } from '../db/migrate';

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

export async function createTestDatabase(): Promise<TestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
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
  const handle = await openDatabase({ databaseUrl, searchPath: schemaName, poolSize: 6 });
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

/** Empties every table except the migrations record, so tests in one file start clean without a new instance. */
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
  await handle.db.execute(
    sql.raw(`truncate ${tables.map((name) => `"${name}"`).join(', ')} restart identity cascade`),
  );
}
