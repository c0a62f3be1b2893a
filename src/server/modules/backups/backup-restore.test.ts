import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsoDate } from '../../../shared/dates/calendar-date';
import {
  buyNote,
  createFundedInvestor,
  createTestEngine,
  runMoneyDay,
} from '../../test-support/money-fixtures';
import { createTestDatabase, isPostgresRun, type TestDatabase } from '../../test-support/test-database';
import { insertPendingWithdrawal } from '../money/withdrawal-repository';
import { lockInvestor } from '../transfers/repository';
import { availableToWithdrawCents } from '../transfers/service';
import { listBackups, writeFileAtomically } from './backup-files';
import { restoreBackup, type RestoreTarget } from './restore-backup';
import {
  BackupError,
  PG_DUMP_MISSING,
  pgliteClientOf,
  snapshotPglite,
  writePgliteBackup,
  writePostgresBackup,
} from './take-backup';

let database: TestDatabase;
const scratchDatabases: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const engine = createTestEngine(database.db);
  for (let index = 0; index < 3; index += 1) {
    const investor = await createFundedInvestor(database.db);
    await buyNote(engine, {
      ...investor,
      investmentType: 'standard',
      principal: '5000.00',
      rate: '0.0600',
      startDate: '2024-01-02',
    });
    await buyNote(engine, {
      ...investor,
      investmentType: 'high_yield',
      principal: '12500.50',
      rate: '0.0850',
      startDate: '2024-01-03',
    });
  }
  for (const date of ['2024-01-02', '2024-01-03', '2024-01-04', '2024-02-01'] as const)
    await runMoneyDay(engine, date);
});

afterAll(async () => {
  await database.close();
  if (scratchDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  for (const name of scratchDatabases) await admin.query(`drop database if exists ${name}`);
  await admin.end();
});

function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), 'steadyline-backup-test-'));
}

async function takeBackup(directory: string) {
  if (isPostgresRun()) {
    return writePostgresBackup(directory, process.env.DATABASE_URL!, new Date(), database.schemaName);
  }
  return writePgliteBackup(directory, await snapshotPglite(pgliteClientOf(database.db)!), new Date());
}

/** An empty target of the backup's kind: a new data folder, or a new PostgreSQL database. */
async function emptyTarget(): Promise<RestoreTarget> {
  if (!isPostgresRun()) return { dataDir: join(temporaryFolder(), 'data') };
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratchDatabases.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString() };
}

describe('backup and restore', () => {
  it('restores a backup whose totals and row counts equal its manifest and whose ledger checks', async () => {
    const directory = temporaryFolder();
    const { manifest, manifestPath } = await takeBackup(directory);
    expect(manifest.ledgerTotals.notes).toBe(6);
    expect(manifest.ledgerTotals.principal).toBe('52501.50');
    expect(manifest.rowCounts.investment_transactions).toBeGreaterThan(6);
    expect(manifest.migrationLevel).toMatch(/\.sql$/);
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);

    const result = await restoreBackup(manifestPath, await emptyTarget());
    expect(result.differences).toEqual([]);
    expect(result.ledger.problems).toEqual([]);
    expect(result.ledger.notesChecked).toBe(6);
  });

  it('writes the backup readable by its owner only and never holds the field encryption key', async () => {
    const directory = temporaryFolder();
    const { manifestPath, manifest } = await takeBackup(directory);
    for (const name of readdirSync(directory)) {
      expect(statSync(join(directory, name)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(directory).mode & 0o077).toBe(0);
    expect(readdirSync(directory).sort()).toEqual([manifest.dataFile, manifestPath.split('/').at(-1)].sort());
    expect(readFileSync(manifestPath, 'utf8')).not.toMatch(/FIELD_ENCRYPTION_KEY/);
  });

  it('refuses a target that is not empty', async () => {
    const directory = temporaryFolder();
    const { manifestPath } = await takeBackup(directory);
    const target = await emptyTarget();
    await restoreBackup(manifestPath, target);
    await expect(restoreBackup(manifestPath, target)).rejects.toThrow(
      /not empty: a backup is restored only into an empty/,
    );
  });

  it('refuses a backup from a newer migration level', async () => {
    const directory = temporaryFolder();
    const { manifestPath, manifest } = await takeBackup(directory);
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, migrationLevel: '9999_from-the-future.sql' }));
    await expect(restoreBackup(manifestPath, await emptyTarget())).rejects.toThrow(
      /comes from a newer version \(migration 9999_from-the-future\.sql\)/,
    );
  });

  it('refuses a data file that does not match its checksum', async () => {
    const directory = temporaryFolder();
    const { manifest, manifestPath } = await takeBackup(directory);
    const dataPath = join(directory, manifest.dataFile);
    const bytes = readFileSync(dataPath);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(dataPath, bytes);
    await expect(restoreBackup(manifestPath, await emptyTarget())).rejects.toThrow(
      /does not match the checksum in its manifest/,
    );
  });
});

/**
 * A transfer request as /transfer makes one (transfers/service.ts): the investor locked, the
 * available funds read, a pending withdrawal written, all in one transaction.
 */
async function requestTransfer(buyer: { investorId: string; bankAccountId: string }, today: IsoDate) {
  await database.db.transaction(async (tx) => {
    await lockInvestor(tx, buyer.investorId);
    const { available } = await availableToWithdrawCents(tx, buyer.investorId, today);
    if (available < 1000n) throw new Error(`no funds to transfer (${available} cents)`);
    await insertPendingWithdrawal(tx, {
      investorId: buyer.investorId,
      bankAccountId: buyer.bankAccountId,
      amount: '10.00',
      requestedOn: today,
      now: new Date(`${today}T15:00:00Z`),
    });
  });
}

describe('a backup under load', () => {
  it('is consistent while eight clients keep buying and transferring: the restore equals its manifest', async () => {
    const engine = createTestEngine(database.db);
    const buyers = await Promise.all(Array.from({ length: 8 }, () => createFundedInvestor(database.db)));
    let isLoaded = true;
    let operations = 0;
    const clients = buyers.map(async (buyer) => {
      while (isLoaded) {
        await buyNote(engine, {
          ...buyer,
          investmentType: 'standard',
          principal: '5000.00',
          rate: '0.0600',
          startDate: '2024-03-01',
        });
        // Past the notes' lock-up, so the Standard notes bought above can be transferred from.
        await requestTransfer(buyer, '2025-06-02');
        operations += 1;
        // Each client is a separate request arriving from the network: it yields to the event
        // loop between operations. On PGlite a query is answered without I/O, so eight loops that
        // never yield starve every timer and socket of the process (what hung this test).
        await nextTurn();
      }
    });
    const failed = Promise.all(clients).then(() => undefined);
    /** Waits for more operations, failing at once if a client's operation failed. */
    const operationsReach = async (count: number) => {
      while (operations < count) await Promise.race([failed, sleep(10)]);
    };
    await operationsReach(8);
    // On PostgreSQL the whole backup runs under load. On PGlite the snapshot is what the load
    // can disturb; its figures are read from the copy, as db:backup does in its own process
    // (here that would only share the CPU with the eight clients).
    const pgliteSnapshot = isPostgresRun() ? null : await snapshotPglite(pgliteClientOf(database.db)!);
    const postgresBackup = isPostgresRun() ? await takeBackup(temporaryFolder()) : null;
    const duringBackup = operations;
    await operationsReach(duringBackup + 8);
    isLoaded = false;
    await Promise.all(clients);
    const { manifest, manifestPath } =
      postgresBackup ?? (await writePgliteBackup(temporaryFolder(), pgliteSnapshot!, new Date()));

    expect(manifest.ledgerTotals.notes).toBeGreaterThan(6);
    expect(manifest.rowCounts.withdrawals).toBeGreaterThan(0);
    const result = await restoreBackup(manifestPath, await emptyTarget());
    expect(result.differences).toEqual([]);
    expect(result.ledger.problems).toEqual([]);
    expect(result.ledger.notesChecked).toBe(manifest.ledgerTotals.notes);
    expect(result.ledger.notesChecked).toBeLessThan(6 + operations);
  });
});

describe('backup files', () => {
  it('leaves no file under the final name when writing fails part way', async () => {
    const directory = temporaryFolder();
    async function* failingHalfWay() {
      yield new Uint8Array(64 * 1024);
      throw new Error('disk full');
    }
    await expect(writeFileAtomically(join(directory, 'backup.tar'), failingHalfWay())).rejects.toThrow(
      'disk full',
    );
    expect(readdirSync(directory)).toEqual([]);
  });

  it('leaves only a .partial file, and no backup, when the writing process is killed', async () => {
    const directory = temporaryFolder();
    const module = pathToFileURL(join(import.meta.dirname, 'backup-files.ts')).href;
    const script = `
      import { writeFileAtomically } from '${module}';
      async function* endless() {
        for (;;) {
          yield new Uint8Array(16 * 1024);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      await writeFileAtomically(${JSON.stringify(join(directory, 'steadyline-x.tar'))}, endless());`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'ignore',
    });
    const partial = join(directory, 'steadyline-x.tar.partial');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      for (let waited = 0; !existsSync(partial) || statSync(partial).size === 0; waited += 50) {
        if (waited > 20_000) throw new Error('the writer never started');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(readdirSync(directory)).toEqual(['steadyline-x.tar.partial']);
    expect(await listBackups(directory)).toEqual([]);
  });

  it('names the missing pg_dump before writing anything', async () => {
    const directory = join(temporaryFolder(), 'backups');
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const attempt = writePostgresBackup(directory, 'postgres://nobody@127.0.0.1:1/none', new Date());
      await expect(attempt).rejects.toThrow(BackupError);
      await expect(attempt).rejects.toThrow(PG_DUMP_MISSING);
    } finally {
      process.env.PATH = path;
    }
    expect(() => readdirSync(directory)).toThrow();
  });
});
