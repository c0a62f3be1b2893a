/**
 * A backup's manifest (PRODUCT.md 46): what was backed up and the figures a restore must give
 * back. Written beside the data file, and only once the data file is complete, so a manifest
 * is the mark of a finished backup.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export const MANIFEST_FORMAT = 'steadyline-backup/1';

/** Sums that tie the ledger together; equal on both sides of a restore. Decimal strings. */
export interface LedgerTotals {
  investors: number;
  notes: number;
  entries: number;
  principal: string;
  entriesValue: string;
  /** What the portals show: the kept value of active and matured notes. */
  balances: string;
  achSettled: string;
}

export interface BackupFigures {
  /** The last migration applied (the schema_migrations name). */
  migrationLevel: string;
  rowCounts: Record<string, number>;
  ledgerTotals: LedgerTotals;
}

export interface BackupManifest extends BackupFigures {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  appVersion: string;
  database: 'pglite' | 'postgres';
  /** The PostgreSQL schema the tables live in (a restore reads them there). */
  schema: string;
  dataFile: string;
  dataBytes: number;
  sha256: string;
}

/** Row counts and ledger totals of the database as `db` sees it (run inside one snapshot). */
export async function collectBackupFigures(db: Executor): Promise<BackupFigures> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(
      sql`select tablename::text from pg_tables where schemaname = current_schema() order by tablename`,
    ),
  ).map((row) => row.tablename);
  const rowCounts: Record<string, number> = {};
  if (tables.length > 0) {
    const counts = rowsOf<{ name: string; rows: number }>(
      await db.execute(
        sql.raw(
          tables
            .map((name) => `select '${name}'::text as name, count(*)::int as rows from "${name}"`)
            .join(' union all '),
        ),
      ),
    );
    for (const row of counts) rowCounts[row.name] = Number(row.rows);
  }
  const migrationLevel =
    rowsOf<{ name: string | null }>(await db.execute(sql`select max(name) as name from schema_migrations`))[0]
      ?.name ?? '';
  const totals = rowsOf<{
    investors: number;
    notes: number;
    entries: number;
    principal: string;
    entries_value: string;
    balances: string;
    ach_settled: string;
  }>(
    await db.execute(sql`
      select (select count(*)::int from investors) as investors,
             (select count(*)::int from investments) as notes,
             (select count(*)::int from investment_transactions) as entries,
             (select coalesce(sum(principal_amount), 0)::text from investments) as principal,
             (select coalesce(sum(value_effect), 0)::text from investment_transactions) as entries_value,
             (select coalesce(sum(principal_amount
                       + case when investment_type = 'high_yield' then interest_posted else interest_reinvested end
                       - amount_withdrawn + amount_adjusted), 0)::text
                from investments where status in ('active', 'matured')) as balances,
             (select coalesce(sum(amount), 0)::text from ach_payments where status = 'settled') as ach_settled`),
  )[0]!;
  return {
    migrationLevel,
    rowCounts,
    ledgerTotals: {
      investors: Number(totals.investors),
      notes: Number(totals.notes),
      entries: Number(totals.entries),
      principal: totals.principal,
      entriesValue: totals.entries_value,
      balances: totals.balances,
      achSettled: totals.ach_settled,
    },
  };
}

/** Each figure that differs, as "name: backup X, restored Y"; empty when they all agree. */
export function compareFigures(expected: BackupFigures, actual: BackupFigures): string[] {
  const differences: string[] = [];
  for (const [name, value] of Object.entries(expected.ledgerTotals)) {
    const restored = actual.ledgerTotals[name as keyof LedgerTotals];
    if (String(value) !== String(restored))
      differences.push(`ledger total ${name}: backup ${value}, restored ${restored}`);
  }
  const tables = new Set([...Object.keys(expected.rowCounts), ...Object.keys(actual.rowCounts)]);
  for (const table of [...tables].sort()) {
    const before = expected.rowCounts[table];
    const after = actual.rowCounts[table];
    if (before !== after)
      differences.push(`rows in ${table}: backup ${before ?? 'none'}, restored ${after ?? 'none'}`);
  }
  return differences;
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The version in package.json, from the source tree or the built bundle. */
export function appVersion(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    join(here, '..', '..', '..', '..', 'package.json'),
    join(here, '..', '..', 'package.json'),
  ]) {
    try {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === 'steadyline' && parsed.version) return parsed.version;
    } catch {
      // try the next layout
    }
  }
  return 'unknown';
}
