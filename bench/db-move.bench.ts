/**
 * Issue 28 section 2: `npm run db:move` of a demo database grown to 100,000 notes, from an
 * embedded data folder on disk into an empty PostgreSQL database, with its proof (rows and
 * content of every table, ledger totals, each investor's balances, the ledger check on both
 * sides). Prints the copy's and the proof's time and the peak resident memory of the process
 * that moves (its PGlite included). The rows stream in batches, so memory should not grow with
 * the number of notes.
 *
 * The demo seed runs first, then the bench seed (bench/notes-at-scale.ts) adds notes until there
 * are BENCH_NOTES (default 100,000). The target is a new database move_bench_xxxxxxxx on
 * BENCH_DATABASE_URL's server (default the local test server), dropped at the end with the folder.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { type MoveReport, moveToPostgres } from '../src/server/modules/backups/move-to-postgres';
import { seedDemoData } from '../src/server/modules/demo/seed-demo-data';
import { morningClock } from '../src/server/modules/money/run-money-days';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import { testConfig } from '../src/server/test-support/test-app';
import { migratedPgliteSnapshot } from '../src/server/test-support/test-database';
import { seedNotesAtScale } from './notes-at-scale';

/**
 * The move itself runs in a child process of its own, as `npm run db:move` would, so its peak
 * memory (maxRSS) is the move's alone and not the seeding's.
 */
if (process.argv[2] === '--move') {
  const started = performance.now();
  const report = await moveToPostgres({ dataDir: process.argv[3]!, databaseUrl: process.argv[4]! });
  const milliseconds = performance.now() - started;
  process.stdout.write(
    JSON.stringify({ report, milliseconds, maxRssBytes: process.resourceUsage().maxRSS * 1024 }),
  );
  process.exit(0);
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const noteTarget = Number(process.env.BENCH_NOTES ?? 100_000);
const folder = mkdtempSync(join(tmpdir(), 'steadyline-bench-move-'));
const dataDir = join(folder, 'data');
const databaseName = `move_bench_${randomBytes(4).toString('hex')}`;
const targetUrl = new URL(serverUrl);
targetUrl.pathname = `/${databaseName}`;

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(
    `  ${label.padEnd(56)} ${seconds(performance.now() - started)} (load average ${loadAverage()})`,
  );
  return result;
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
try {
  console.log(`db:move of a demo database grown to ${noteTarget.toLocaleString('en-US')} notes`);
  const database = await openDatabase({ dataDir, pgliteSnapshot: await migratedPgliteSnapshot() });
  try {
    await migrate(database.db);
    await seedReferenceData(database.db);
    const config = testConfig({ DEMO_MODE: 'true' });
    await timed('demo seed', () => seedDemoData(database.db, config, morningClock('2026-01-05')));
    const [demo] = rowsOf<{ notes: number }>(
      await database.db.execute(sql`select count(*)::int as notes from investments`),
    );
    await timed(`bench seed (${(noteTarget - demo!.notes).toLocaleString('en-US')} more notes)`, () =>
      seedNotesAtScale(database.db, { noteCount: noteTarget - demo!.notes, notesPerInvestor: 4 }),
    );
    await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
  await admin.query(`create database ${databaseName}`);

  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--move', dataDir, targetUrl.toString()],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`the move failed (exit ${child.status})`);
  const {
    report,
    milliseconds: total,
    maxRssBytes,
  } = JSON.parse(child.stdout) as {
    report: MoveReport;
    milliseconds: number;
    maxRssBytes: number;
  };
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  const totals = report.proof.targetFigures.ledgerTotals;
  const differing = report.proof.tables.filter(
    (table) => table.sourceRows !== table.targetRows || table.sourceHash !== table.targetHash,
  );
  console.log('');
  console.log(`  notes moved                 ${totals.notes.toLocaleString('en-US')}`);
  console.log(
    `  rows moved                  ${rows.toLocaleString('en-US')} in ${report.tables.length} tables, ${report.sequences} sequences`,
  );
  console.log(
    `  biggest tables              ${[...report.tables]
      .sort((a, b) => b.rows - a.rows)
      .slice(0, 4)
      .map((table) => `${table.table} ${table.rows.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  console.log(`  copy (one transaction)      ${seconds(report.copyMilliseconds)}`);
  console.log(`  proof (both sides)          ${seconds(report.proofMilliseconds)}`);
  console.log(`  whole move                  ${seconds(total)} (load average ${loadAverage()})`);
  console.log(`  peak memory (maxRSS)        ${megabytes(maxRssBytes)} (the move's own process)`);
  console.log(
    `  tables equal (rows, content) ${report.proof.tables.length - differing.length} of ${report.proof.tables.length}`,
  );
  console.log(
    `  ledger totals               ${report.proof.figureDifferences.length === 0 ? 'equal' : `DIFFER: ${report.proof.figureDifferences.join('; ')}`} (principal ${totals.principal}, balances ${totals.balances})`,
  );
  console.log(
    `  investor balances           ${report.proof.investorDifferences.length === 0 ? 'equal' : 'DIFFER'} for ${report.proof.investorsCompared.toLocaleString('en-US')} investors`,
  );
  console.log(
    `  ledger check                ${report.proof.ledgerSource.problems.length} / ${report.proof.ledgerTarget.problems.length} disagreements (data folder / PostgreSQL), ${report.proof.ledgerTarget.notesChecked.toLocaleString('en-US')} notes`,
  );
  console.log(`  proven                      ${report.proven ? 'yes' : 'NO'}`);
  if (!report.proven) process.exitCode = 1;
} finally {
  await admin.query(`drop database if exists ${databaseName}`);
  await admin.end();
  rmSync(folder, { recursive: true, force: true });
}
