import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Checks the database answers (readiness). */
  ping(): Promise<void>;
  /** Connections in use and waiting, for the metrics endpoint (PGlite is one connection). */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate each file in its own). */
  searchPath?: string;
  poolSize?: number;
  /**
   * Test databases only: commit without waiting for the WAL flush (`synchronous_commit=off`).
   * A crash of the PostgreSQL server could lose the last commits; nothing a test checks.
   */
  skipCommitFlush?: boolean;
  /** A PGlite data folder dumped by `dumpDataDir` to start from instead of a new cluster (tests). */
  pgliteSnapshot?: Blob;
}

/** The `-c name=value` settings each PostgreSQL connection starts with. */
function sessionOptions(options: DatabaseOptions): string | undefined {
  const settings = [
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ...(options.skipCommitFlush ? ['-c synchronous_commit=off'] : []),
  ];
  return settings.length > 0 ? settings.join(' ') : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      ...(sessionOptions(options) ? { options: sessionOptions(options) } : {}),
    });
    // A dropped connection must not crash the process: the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async ping() {
        await pool.query('select 1');
      },
      poolStats() {
        return {
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
          max: options.poolSize ?? 10,
        };
      },
      async close() {
        await pool.end();
      },
    };
  }
  const dataDir = options.dataDir;
  if (dataDir && dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats() {
      return { total: 1, idle: 1, waiting: 0, max: 1 };
    },
    async close() {
      await client.close();
    },
  };
}

/** The rows of a raw `db.execute()` result, whichever driver ran it. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/**
 * Runs a raw statement that every request of a page sends as a named prepared statement on
 * PostgreSQL: parsed once per connection, and after five runs PostgreSQL may keep a generic plan
 * instead of planning it again (decision 1415). `name` must always name the same text. Only
 * on the database itself: inside a transaction, and on PGlite, it runs as `db.execute` does.
 * Values come back with node-postgres's own parsers (dates as Date), so select text or numbers.
 */
export async function executeNamed<Row>(db: Executor, name: string, query: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query({ name, text, values: params })).rows as Row[];
  }
  return rowsOf<Row>(await db.execute(query));
}
