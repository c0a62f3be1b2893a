import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import {
  OPERATOR_SNAPSHOT_PATH,
  type OperatorFile,
  operatorFilePath,
} from '../modules/backups/operator-snapshot';
import { seedReferenceData } from '../modules/reference-data/seed-reference-data';
import { testConfig } from '../test-support/test-app';
import { migratedPgliteSnapshot } from '../test-support/test-database';
import { runDbBackup } from './db-backup';
import { runDbRestore } from './db-restore';

/** An embedded-database server holding a data folder on disk, as `npm start` runs it. */
const folder = mkdtempSync(join(tmpdir(), 'steadyline-db-backup-'));
const dataDir = join(folder, 'data');
const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
let app: FastifyInstance;

function capture() {
  const lines: string[] = [];
  return {
    lines,
    output: { out: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
  };
}

beforeAll(async () => {
  const database = await openDatabase({ dataDir, pgliteSnapshot: await migratedPgliteSnapshot() });
  await migrate(database.db);
  await seedReferenceData(database.db);
  ({ app } = await buildApp({
    config: testConfig({ DATA_DIR: dataDir }),
    database,
    webRoot: null,
    logger: false,
  }));
  app.addHook('onClose', () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Fastify runs onListen hooks after listen() has resolved.
  while (!existsSync(operatorFilePath(dataDir))) await new Promise((resolve) => setTimeout(resolve, 10));
});

afterAll(async () => {
  await app?.close();
});

describe('npm run db:backup with the embedded database', () => {
  it('takes the backup through the running server, and the backup restores with equal totals', async () => {
    const backups = join(folder, 'backups');
    const backup = capture();
    expect(await runDbBackup(['--to', backups], env, backup.output), backup.lines.join('\n')).toBe(0);
    expect(backup.lines.join('\n')).toMatch(/Backup written: steadyline-\d{8}T\d{9}Z\.tar/);
    const manifestName = readdirSync(backups).find((name) => name.endsWith('.manifest.json'))!;
    // The server still holds its folder and answers: the command did not open it beside it.
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const restore = capture();
    const restored = join(folder, 'restored');
    expect(
      await runDbRestore(['--from', join(backups, manifestName), '--to', restored], env, restore.output),
      restore.lines.join('\n'),
    ).toBe(0);
    expect(restore.lines).toContain('Row counts and ledger totals equal the manifest.');
  });

  it('hands a snapshot only to a caller on this machine with the token', async () => {
    const { token } = JSON.parse(readFileSync(operatorFilePath(dataDir), 'utf8')) as OperatorFile;
    const authorization = `Bearer ${token}`;
    const withoutToken = await app.inject({ method: 'POST', url: OPERATOR_SNAPSHOT_PATH });
    expect(withoutToken.statusCode).toBe(404);
    const wrongToken = await app.inject({
      method: 'POST',
      url: OPERATOR_SNAPSHOT_PATH,
      headers: { authorization: `Bearer ${'x'.repeat(token.length)}` },
      remoteAddress: '127.0.0.1',
    });
    expect(wrongToken.statusCode).toBe(404);
    const fromElsewhere = await app.inject({
      method: 'POST',
      url: OPERATOR_SNAPSHOT_PATH,
      headers: { authorization },
      remoteAddress: '203.0.113.9',
    });
    expect(fromElsewhere.statusCode).toBe(404);
  });

  it('answers a wrong command line with its usage', async () => {
    const run = capture();
    expect(await runDbBackup([], env, run.output)).toBe(2);
    expect(run.lines).toEqual(['Usage: npm run db:backup -- --to DIR']);
  });
});

describe('the operator token file', () => {
  it('without it, db:backup refuses to open a data folder another process holds', async () => {
    const path = operatorFilePath(dataDir);
    const kept = readFileSync(path);
    rmSync(path);
    try {
      const run = capture();
      expect(await runDbBackup(['--to', join(folder, 'refused')], env, run.output)).toBe(1);
      expect(run.lines.join('\n')).toMatch(
        /is open in another process and no running server offers a snapshot/,
      );
      expect(existsSync(join(folder, 'refused'))).toBe(false);
    } finally {
      writeFileSync(path, kept, { mode: 0o600 });
    }
  });

  it('is readable by its owner only and is removed when the server stops', async () => {
    const path = operatorFilePath(dataDir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await app.close();
    expect(existsSync(path)).toBe(false);
  });
});
