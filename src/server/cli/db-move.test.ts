import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { dependencyOrder } from '../modules/backups/move-to-postgres';
import { operatorFilePath } from '../modules/backups/operator-snapshot';
import { insertPendingWithdrawal } from '../modules/money/withdrawal-repository';
import { seedReferenceData } from '../modules/reference-data/seed-reference-data';
import { buyNote, createFundedInvestor, createTestEngine, runMoneyDay } from '../test-support/money-fixtures';
import { isPostgresRun, migratedPgliteSnapshot } from '../test-support/test-database';
import { runDbMove } from './db-move';

/** An embedded database on disk with notes, postings, settled payments and a transfer request. */
const folder = mkdtempSync(join(tmpdir(), 'steadyline-db-move-'));
const dataDir = join(folder, 'data');
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
const createdDatabases: string[] = [];

function capture() {
  const lines: string[] = [];
  return {
    lines,
    text: () => lines.join('\n'),
    output: { out: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
  };
}

/** A new, empty PostgreSQL database beside the test database (dropped afterwards). */
async function newDatabase(): Promise<string> {
  const name = `move_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  createdDatabases.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir, pgliteSnapshot: await migratedPgliteSnapshot() });
  try {
    await migrate(database.db);
    await seedReferenceData(database.db);
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
      await insertPendingWithdrawal(database.db, {
        ...investor,
        amount: '25.00',
        requestedOn: '2025-02-03',
        now: new Date('2025-02-03T15:00:00Z'),
      });
    }
    for (const date of ['2024-01-02', '2024-01-03', '2024-01-04', '2024-02-01', '2024-03-01'] as const)
      await runMoneyDay(engine, date);
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  if (createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`drop database if exists ${name}`);
  await admin.end();
});

describe.skipIf(!isPostgresRun())('npm run db:move to PostgreSQL', () => {
  it('copies every table and sequence and proves the copy: rows, content, totals, balances, ledger check', async () => {
    const url = await newDatabase();
    const move = capture();
    expect(await runDbMove(['--to', url, '--from', dataDir], env, move.output), move.text()).toBe(0);
    const text = move.text();
    expect(text).toMatch(/copied investments\s+6 rows/);
    expect(text).toMatch(/investment_transactions\s+(\d+) \/ \1\s+equal/);
    expect(text).toMatch(/ledger totals equal: 3 investors, 6 notes, \d+ entries, principal 52501\.50/);
    expect(text).toMatch(/balances equal for each of 3 investors/);
    expect(text).toMatch(
      /PostgreSQL: {2}Ledger check: 3 investors, 6 notes, [1-9]\d* interest postings recomputed.*, 0 disagreements/,
    );
    expect(text).not.toMatch(/DIFFERS/);
    expect(text).toContain('The copy is proven');

    const target = new pg.Client({ connectionString: url });
    await target.connect();
    try {
      const { rows: withdrawals } = await target.query(
        `select count(*)::int as n, sum(amount)::text as total from withdrawals where status = 'pending'`,
      );
      expect(withdrawals[0]).toEqual({ n: 3, total: '75.00' });
      // Sequences carry on after the copied rows, and the summary triggers are on again.
      const { rows: before } = await target.query(
        'select coalesce(max(id), 0)::int as id, count(*)::int as n from platform_summary_deltas',
      );
      expect(before[0].n).toBeGreaterThan(0);
      await target.query(`insert into users (email, email_verified_at) values ('moved@example.com', now())`);
      await target.query(
        `insert into investors (user_id, first_name, last_name, email, status, referral_code)
         select id, 'Moved', 'Investor', email, 'active', 'MOVED1' from users where email = 'moved@example.com'`,
      );
      const { rows: after } = await target.query(
        'select min(id)::int as id from platform_summary_deltas where id > $1',
        [before[0].id],
      );
      expect(after[0].id).toBeGreaterThan(before[0].id);
    } finally {
      await target.end();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const url = await newDatabase();
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    try {
      await target.query('create table operator_notes (line text)');
      const move = capture();
      expect(await runDbMove(['--to', url, '--from', dataDir], env, move.output)).toBe(1);
      expect(move.text()).toMatch(/The target database is not empty \(schema public has 1 tables\)/);
      const { rows } = await target.query(
        `select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await target.end();
    }
  });
});

describe('npm run db:move refuses', () => {
  it('a data folder the app holds (its operator file names a live process)', async () => {
    const operatorFile = operatorFilePath(dataDir);
    writeFileSync(operatorFile, JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:1', token: 'x' }));
    try {
      const move = capture();
      expect(
        await runDbMove(['--to', 'postgres://nobody@127.0.0.1:1/none', '--from', dataDir], env, move.output),
      ).toBe(1);
      expect(move.text()).toContain(`The app (process ${process.pid}) has ${dataDir} open: stop it first.`);
    } finally {
      rmSync(operatorFile, { force: true });
    }
  });

  it('a data folder another process has open', async () => {
    const holder = await openDatabase({ dataDir });
    try {
      const move = capture();
      expect(
        await runDbMove(['--to', 'postgres://nobody@127.0.0.1:1/none', '--from', dataDir], env, move.output),
      ).toBe(1);
      expect(move.text()).toMatch(/is open in another process \(its postmaster\.pid is there/);
    } finally {
      await holder.close();
    }
  });

  it('a folder that is no database, and a target that is not a PostgreSQL URL', async () => {
    const empty = capture();
    expect(
      await runDbMove(['--to', 'postgres://nobody@127.0.0.1:1/none', '--from', folder], env, empty.output),
    ).toBe(1);
    expect(empty.text()).toMatch(/is not an embedded database's data folder/);
    const wrong = capture();
    expect(await runDbMove(['--to', '/var/backups'], env, wrong.output)).toBe(2);
    expect(wrong.text()).toContain('Usage: npm run db:move -- --to postgres://');
  });
});

describe('dependency order', () => {
  const key = (table: string, references: string) => ({
    table,
    references,
    name: `${table}_${references}_fk`,
    definition: '',
  });

  it('puts each table after those it references, and checks self-references and cycles after the copy', () => {
    const { order, deferredKeys } = dependencyOrder(
      ['notes', 'investors', 'users', 'entries', 'a', 'b'],
      [
        key('investors', 'users'),
        key('notes', 'investors'),
        key('entries', 'notes'),
        key('entries', 'entries'),
        key('a', 'b'),
        key('b', 'a'),
      ],
    );
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('investors'));
    expect(order.indexOf('investors')).toBeLessThan(order.indexOf('notes'));
    expect(order.indexOf('notes')).toBeLessThan(order.indexOf('entries'));
    expect(order.sort()).toEqual(['a', 'b', 'entries', 'investors', 'notes', 'users']);
    expect(deferredKeys.map((deferred) => deferred.name).sort()).toEqual([
      'a_b_fk',
      'b_a_fk',
      'entries_entries_fk',
    ]);
  });
});
