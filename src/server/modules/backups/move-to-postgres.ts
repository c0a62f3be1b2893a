/**
 * Moving from the embedded database to PostgreSQL (PRODUCT.md 46, issue 28 section 2, decision
 * 1961). The data folder is opened by this process alone (the app must be stopped: PGlite allows
 * one process), the empty target gets this version's migrations, then every table's rows in
 * dependency order, in batches read through a cursor (never a whole table in memory), with the
 * target's own triggers off (the copied summary rows are already the triggers' result) and its
 * sequences set to where the source's stood. All of it is one transaction on the target: a
 * failed move leaves it empty. Afterwards both sides are read again and compared: row counts and
 * a hash of every table's content, ledger totals, each investor's balances, the ledger check.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database } from '../../db/client';
import { migrate, migrationsDirectory } from '../../db/migrate';
import { type LedgerReport, runLedgerCheck } from '../money/ledger-check';
import { type BackupFigures, collectBackupFigures, compareFigures } from './backup-manifest';
import { operatorFilePath, readOperatorFile } from './operator-snapshot';
import { BackupError } from './take-backup';

/** Rows per batch read from the data folder and written to PostgreSQL. */
export const MOVE_BATCH_ROWS = 2_000;
/** Investors per page when their balances are compared. */
const INVESTORS_PER_PAGE = 5_000;

/** Both sides print values the same way, so a row's text (and its hash) is the same on both. */
const SESSION_SETTINGS = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, MDY'",
  "set intervalstyle = 'postgres'",
  'set extra_float_digits = 1',
];

/** One side of the move, reduced to what the move asks of it. */
interface SqlSide {
  rows<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  arrays(text: string, params?: unknown[]): Promise<unknown[][]>;
}

function pgliteSide(client: Pick<PGlite, 'query'>): SqlSide {
  return {
    async rows<Row>(text: string, params: unknown[] = []) {
      return (await client.query<Row>(text, params)).rows;
    },
    async arrays(text: string, params: unknown[] = []) {
      return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
    },
  };
}

function postgresSide(client: pg.Client): SqlSide {
  return {
    async rows<Row>(text: string, params: unknown[] = []) {
      return (await client.query(text, params)).rows as Row[];
    },
    async arrays(text: string, params: unknown[] = []) {
      return (await client.query({ text, values: params, rowMode: 'array' })).rows as unknown[][];
    },
  };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A URL with its password hidden, for what the command prints. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

interface Column {
  name: string;
  type: string;
  /** An identity column GENERATED ALWAYS: its values are copied with OVERRIDING SYSTEM VALUE. */
  identityAlways: boolean;
}

interface ForeignKey {
  table: string;
  references: string;
  name: string;
  definition: string;
}

/** The current schema's tables and their copied columns (generated columns are computed, not copied). */
async function tablesOf(side: SqlSide): Promise<Map<string, Column[]>> {
  const rows = await side.rows<{ table_name: string; name: string; type: string; identity: string }>(`
    select c.relname::text as table_name, a.attname::text as name,
           format_type(a.atttypid, a.atttypmod) as type, a.attidentity::text as identity
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relkind in ('r', 'p')
     order by c.relname, a.attnum`);
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({ name: row.name, type: row.type, identityAlways: row.identity === 'a' });
    tables.set(row.table_name, columns);
  }
  return tables;
}

async function foreignKeysOf(side: SqlSide): Promise<ForeignKey[]> {
  return side.rows<ForeignKey>(`
    select c.conrelid::regclass::text as table, c.confrelid::regclass::text as references,
           c.conname::text as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace and n.nspname = current_schema()
     where c.contype = 'f'
     order by c.conname`);
}

/**
 * Tables ordered so each comes after those it references. A table's references to itself, and
 * any that close a cycle between tables, cannot be ordered: those keys are dropped for the copy
 * and added again after it (which checks every copied row against them).
 */
export function dependencyOrder(
  tables: string[],
  keys: ForeignKey[],
): { order: string[]; deferredKeys: ForeignKey[] } {
  const deferredKeys = keys.filter((key) => key.table === key.references);
  let pending = keys.filter((key) => key.table !== key.references);
  const order: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    const ready = [...remaining]
      .filter((table) => !pending.some((key) => key.table === table && remaining.has(key.references)))
      .sort();
    if (ready.length === 0) {
      // A cycle: its keys among the tables left are checked after the copy instead.
      const cycle = pending.filter((key) => remaining.has(key.table) && remaining.has(key.references));
      deferredKeys.push(...cycle);
      pending = pending.filter((key) => !cycle.includes(key));
      continue;
    }
    for (const table of ready) {
      order.push(table);
      remaining.delete(table);
    }
  }
  return { order, deferredKeys };
}

/** Refuses a data folder that is missing or that another process (the app) has open. */
export function assertDataFolderFree(dataDir: string): void {
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupError(`${dataDir} is not an embedded database's data folder (it has no PG_VERSION).`);
  const server = readOperatorFile(dataDir);
  if (server)
    throw new BackupError(
      `The app (process ${server.pid}) has ${dataDir} open: stop it first. PGlite lets one process open a data folder, and the move must read a folder nothing writes to.`,
    );
  if (existsSync(join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `${dataDir} is open in another process (its postmaster.pid is there; ${operatorFilePath(dataDir)} names no running server). Stop that process. After a crash, start and stop the app once first so the folder is closed cleanly.`,
    );
}

export interface TableMove {
  table: string;
  rows: number;
}

export interface TableProof {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceHash: string;
  targetHash: string;
}

export interface MoveReport {
  migrationsAppliedToSource: string[];
  migrationLevel: string;
  tables: TableMove[];
  sequences: number;
  /** How long the copy (migrations, rows, sequences: one transaction) and the proof took. */
  copyMilliseconds: number;
  proofMilliseconds: number;
  proof: {
    tables: TableProof[];
    /** Row counts and ledger totals that differ (compareFigures); empty when all agree. */
    figureDifferences: string[];
    sourceFigures: BackupFigures;
    targetFigures: BackupFigures;
    investorsCompared: number;
    /** Investors whose balances differ, "id: source X, target Y" (the first 20). */
    investorDifferences: string[];
    ledgerSource: LedgerReport;
    ledgerTarget: LedgerReport;
  };
  /** True when every comparison agrees and the ledger check passes on the target. */
  proven: boolean;
}

export interface MoveOptions {
  dataDir: string;
  databaseUrl: string;
  batchRows?: number;
  /** Called as each table is copied (the command prints it). */
  onTable?(move: TableMove): void;
}

async function assertTargetEmpty(target: SqlSide): Promise<void> {
  const [found] = await target.rows<{ tables: number; schema: string }>(
    `select count(*)::int as tables, current_schema()::text as schema from pg_tables where schemaname = current_schema()`,
  );
  if ((found?.tables ?? 0) > 0)
    throw new BackupError(
      `The target database is not empty (schema ${found?.schema} has ${found?.tables} tables): the move writes only into an empty database. Create a new one (createdb) and give its URL.`,
    );
}

/** Applies to the data folder the migrations the app would apply when it starts; refuses a newer one. */
async function bringSourceUpToDate(source: PGlite): Promise<string[]> {
  const [exists] = (
    await source.query<{ found: boolean }>(`select to_regclass('schema_migrations') is not null as found`)
  ).rows;
  if (!exists?.found)
    throw new BackupError(
      'The data folder holds no Steadyline database (it has no schema_migrations table).',
    );
  const known = new Set(readdirSync(migrationsDirectory()).filter((file) => file.endsWith('.sql')));
  const applied = (await source.query<{ name: string }>('select name from schema_migrations')).rows;
  const unknown = applied.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `The data folder comes from a newer version (migration ${unknown.sort().at(-1)}): run the move with that version or a later one.`,
    );
  return migrate(drizzlePglite(source) as unknown as Database);
}

/** Copies one table from the open source transaction into the open target transaction. */
async function copyTable(
  source: Pick<PGlite, 'query'>,
  target: pg.Client,
  table: string,
  columns: Column[],
  batchRows: number,
): Promise<number> {
  const list = columns.map((column) => quoted(column.name)).join(', ');
  const cursor = 'steadyline_move_rows';
  // Every value travels as its text form and is cast back to the column's type on the target.
  await source.query(
    `declare ${cursor} no scroll cursor for select ${columns.map((column) => `${quoted(column.name)}::text`).join(', ')} from ${quoted(table)}`,
  );
  const overriding = columns.some((column) => column.identityAlways) ? ' overriding system value' : '';
  const insert = `insert into ${quoted(table)} (${list})${overriding}
    select ${columns.map((column, index) => `u.c${index}::${column.type}`).join(', ')}
      from unnest(${columns.map((_, index) => `$${index + 1}::text[]`).join(', ')})
        as u(${columns.map((_, index) => `c${index}`).join(', ')})`;
  let copied = 0;
  try {
    for (;;) {
      const batch = (
        await source.query<unknown[]>(`fetch forward ${batchRows} from ${cursor}`, [], { rowMode: 'array' })
      ).rows;
      if (batch.length === 0) break;
      const values = columns.map((_, index) => batch.map((row) => row[index] as string | null));
      await target.query(insert, values);
      copied += batch.length;
    }
  } finally {
    await source.query(`close ${cursor}`);
  }
  return copied;
}

/** Each table's row count and a hash of its rows' content (order-free), read alike on both sides. */
async function tableHashes(
  side: SqlSide,
  tables: Map<string, Column[]>,
): Promise<Map<string, [number, string]>> {
  const hashes = new Map<string, [number, string]>();
  for (const [table, columns] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    const byName = [...columns].sort((a, b) => a.name.localeCompare(b.name));
    const row = `row(${byName.map((column) => quoted(column.name)).join(', ')})::text`;
    const [result] = await side.rows<{ rows: number; hash: string }>(
      `select count(*)::int as rows,
              coalesce(sum(('x' || substr(md5(${row}), 1, 15))::bit(60)::bigint::numeric), 0)::text as hash
         from ${quoted(table)}`,
    );
    hashes.set(table, [Number(result!.rows), result!.hash]);
  }
  return hashes;
}

interface InvestorBalance {
  id: string;
  balance: string;
  ledger: string;
}

/** One page of investors (after `after`, in id order) with their notes' kept value and their ledger's sum. */
function investorBalances(side: SqlSide, after: string): Promise<InvestorBalance[]> {
  return side.rows<InvestorBalance>(
    `with page as (select id from investors where id > $1::uuid order by id limit ${INVESTORS_PER_PAGE})
     select p.id::text as id, coalesce(b.balance, 0)::text as balance, coalesce(l.ledger, 0)::text as ledger
       from page p
       left join (select investor_id,
                         sum(principal_amount
                             + case when investment_type = 'high_yield' then interest_posted else interest_reinvested end
                             - amount_withdrawn + amount_adjusted) as balance
                    from investments
                   where investor_id in (select id from page) and status in ('active', 'matured')
                   group by investor_id) b on b.investor_id = p.id
       left join (select investor_id, sum(value_effect) as ledger
                    from investment_transactions
                   where investor_id in (select id from page)
                   group by investor_id) l on l.investor_id = p.id
      order by p.id`,
    [after],
  );
}

async function compareInvestorBalances(
  source: SqlSide,
  target: SqlSide,
): Promise<{ compared: number; differences: string[] }> {
  let after = '00000000-0000-0000-0000-000000000000';
  let compared = 0;
  const differences: string[] = [];
  for (;;) {
    const [left, right] = [await investorBalances(source, after), await investorBalances(target, after)];
    if (left.length === 0 && right.length === 0) break;
    for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
      const a = left[index];
      const b = right[index];
      compared += 1;
      if (!a || !b || a.id !== b.id || a.balance !== b.balance || a.ledger !== b.ledger)
        differences.push(
          `${a?.id ?? b?.id}: source ${a ? `${a.balance} (ledger ${a.ledger})` : 'missing'}, target ${b ? `${b.balance} (ledger ${b.ledger})` : 'missing'}`,
        );
    }
    if (differences.length > 20) break;
    after = [left.at(-1)?.id ?? '', right.at(-1)?.id ?? ''].sort().at(-1)!;
  }
  return { compared, differences: differences.slice(0, 20) };
}

/** Moves the embedded database in `dataDir` into the empty PostgreSQL database at `databaseUrl`, then proves it. */
export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const batchRows = options.batchRows ?? MOVE_BATCH_ROWS;
  assertDataFolderFree(options.dataDir);
  const target = new pg.Client({ connectionString: options.databaseUrl });
  try {
    await target.connect();
  } catch (error) {
    throw new BackupError(
      `Could not connect to ${redactedUrl(options.databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let source: PGlite | undefined;
  try {
    for (const setting of SESSION_SETTINGS) await target.query(setting);
    const targetSide = postgresSide(target);
    await assertTargetEmpty(targetSide);
    source = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
    for (const setting of SESSION_SETTINGS) await source.exec(setting);
    const migrationsAppliedToSource = await bringSourceUpToDate(source);
    const sourceSide = pgliteSide(source);

    const targetDb = drizzleNodePg(target) as unknown as Database;
    const copyStarted = performance.now();
    const tables: TableMove[] = [];
    let sequences = 0;
    let copiedTables = new Map<string, Column[]>();
    await targetDb.transaction(async (tx) => {
      await migrate(tx as unknown as Database);
      copiedTables = await tablesOf(targetSide);
      const sourceTables = await tablesOf(sourceSide);
      const missing = [...sourceTables.keys()].filter((table) => !copiedTables.has(table));
      if (missing.length > 0)
        throw new BackupError(
          `The data folder has tables this version's migrations do not make (${missing.join(', ')}); nothing was moved.`,
        );
      for (const [table, columns] of copiedTables) {
        const have = new Set(sourceTables.get(table)?.map((column) => column.name));
        const absent = columns.filter((column) => !have.has(column.name)).map((column) => column.name);
        if (absent.length > 0)
          throw new BackupError(
            `Table ${table} differs between the data folder and this version (no ${absent.join(', ')} in the folder); nothing was moved.`,
          );
      }
      const names = [...copiedTables.keys()];
      // What the migrations wrote is replaced by the source's rows, its migrations record included.
      await target.query(`truncate ${names.map(quoted).join(', ')}`);
      for (const name of names) await target.query(`alter table ${quoted(name)} disable trigger user`);
      const { order, deferredKeys } = dependencyOrder(names, await foreignKeysOf(targetSide));
      for (const key of deferredKeys)
        await target.query(`alter table ${quoted(key.table)} drop constraint ${quoted(key.name)}`);

      await source!.transaction(async (read) => {
        await read.exec('set transaction isolation level repeatable read, read only');
        for (const table of order) {
          const rows = await copyTable(read, target, table, copiedTables.get(table)!, batchRows);
          tables.push({ table, rows });
          options.onTable?.({ table, rows });
        }
        const sourceSequences = await pgliteSide(read).rows<{ name: string }>(
          `select sequencename::text as name from pg_sequences where schemaname = current_schema() order by 1`,
        );
        for (const { name } of sourceSequences) {
          const [state] = await pgliteSide(read).rows<{ last_value: string; is_called: boolean }>(
            `select last_value::text as last_value, is_called from ${quoted(name)}`,
          );
          await target.query(`select setval($1::regclass, $2::bigint, $3)`, [
            quoted(name),
            state!.last_value,
            state!.is_called,
          ]);
          sequences += 1;
        }
      });
      // Added again, so PostgreSQL checks every copied row against them.
      for (const key of deferredKeys)
        await target.query(
          `alter table ${quoted(key.table)} add constraint ${quoted(key.name)} ${key.definition}`,
        );
      for (const name of names) await target.query(`alter table ${quoted(name)} enable trigger user`);
    });

    // The proof: both sides read again after the commit.
    const proofStarted = performance.now();
    const sourceDb = drizzlePglite(source) as unknown as Database;
    const sourceHashes = await tableHashes(sourceSide, copiedTables);
    const targetHashes = await tableHashes(targetSide, copiedTables);
    const tableProofs: TableProof[] = [...sourceHashes].map(([table, [sourceRows, sourceHash]]) => {
      const [targetRows, targetHash] = targetHashes.get(table) ?? [-1, ''];
      return { table, sourceRows, targetRows, sourceHash, targetHash };
    });
    const sourceFigures = await collectBackupFigures(sourceDb);
    const targetFigures = await collectBackupFigures(targetDb);
    const figureDifferences = compareFigures(sourceFigures, targetFigures);
    const investors = await compareInvestorBalances(sourceSide, targetSide);
    const ledgerSource = await runLedgerCheck(sourceDb);
    const ledgerTarget = await runLedgerCheck(targetDb);
    const proven =
      tableProofs.every(
        (proof) => proof.sourceRows === proof.targetRows && proof.sourceHash === proof.targetHash,
      ) &&
      figureDifferences.length === 0 &&
      investors.differences.length === 0 &&
      ledgerTarget.problems.length === 0 &&
      ledgerTarget.notesChecked === ledgerSource.notesChecked;
    return {
      migrationsAppliedToSource,
      migrationLevel: targetFigures.migrationLevel,
      tables,
      sequences,
      copyMilliseconds: proofStarted - copyStarted,
      proofMilliseconds: performance.now() - proofStarted,
      proof: {
        tables: tableProofs,
        figureDifferences,
        sourceFigures,
        targetFigures,
        investorsCompared: investors.compared,
        investorDifferences: investors.differences,
        ledgerSource,
        ledgerTarget,
      },
      proven,
    };
  } finally {
    await source?.close();
    await target.end();
  }
}
