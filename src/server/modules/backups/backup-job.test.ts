import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTestAdmin } from '../admin-auth/admin-test-helpers';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { BACKUPS_NOT_SET_UP } from './backup-job';

const backupDir = mkdtempSync(join(tmpdir(), 'steadyline-backup-job-'));
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInTestAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp({
    env: {
      BACKUP_DIR: backupDir,
      BACKUP_RETENTION_DAYS: '7',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  admin = await signInTestAdmin(testApp, 'operations');
});

afterAll(async () => {
  await testApp.close();
});

interface JobRow {
  id: string;
  functionName: string;
  enabled: boolean;
}

async function jobOf(headers: Record<string, string>, functionName: string): Promise<JobRow> {
  const jobs = await testApp.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });
  return (jobs.json() as { jobs: JobRow[] }).jobs.find((row) => row.functionName === functionName)!;
}

describe('the backup job', () => {
  it('is seeded off, writes one backup with its manifest, prunes old ones and shows in the history', async () => {
    const job = await jobOf(admin.headers, 'backup');
    expect(job.enabled).toBe(false);
    // A backup from three weeks ago, past the 7 days kept.
    const old = 'steadyline-20260217T033000000Z';
    writeFileSync(join(backupDir, `${old}.tar`), 'old', { mode: 0o600 });
    writeFileSync(
      join(backupDir, `${old}.manifest.json`),
      JSON.stringify({ createdAt: '2026-02-17T03:30:00.000Z', dataFile: `${old}.tar` }),
      { mode: 0o600 },
    );

    const run = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/backup',
      headers: admin.headers,
      payload: { jobId: job.id, executionDate: testApp.clock.today() },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ recordsProcessed: 1 });

    const files = readdirSync(backupDir).sort();
    expect(files).toHaveLength(2);
    expect(files.some((name) => name.startsWith(old))).toBe(false);
    for (const name of files) expect(statSync(join(backupDir, name)).mode & 0o777).toBe(0o600);

    const history = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${job.id}/history`,
      headers: admin.headers,
    });
    expect(history.body).toContain('"status":"completed"');
    expect(history.body).toContain('"pruned":1');
  });

  it('verify-backup restores the newest backup into a scratch database and checks it', async () => {
    const job = await jobOf(admin.headers, 'verify-backup');
    expect(job.enabled).toBe(false);
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/verify-backup',
      headers: admin.headers,
      payload: { jobId: job.id },
    });
    expect(run.statusCode, run.body).toBe(200);
    const history = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${job.id}/history`,
      headers: admin.headers,
    });
    expect(history.body).toContain('"status":"completed"');
  });

  it('verify-backup fails the run, naming the file, when the newest backup is damaged', async () => {
    const newest = readdirSync(backupDir)
      .filter((name) => /\.(tar|pgdump)$/.test(name))
      .sort()
      .at(-1)!;
    const bytes = readFileSync(join(backupDir, newest));
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(join(backupDir, newest), bytes);
    const job = await jobOf(admin.headers, 'verify-backup');
    const run = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/verify-backup',
      headers: admin.headers,
      payload: { jobId: job.id },
    });
    expect(run.statusCode).toBe(500);
    const history = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/jobs/${job.id}/history`,
      headers: admin.headers,
    });
    expect(history.body).toContain('"status":"failed"');
    expect(history.body).toContain(`${newest} does not match the checksum in its manifest`);
  });

  it('refuses to run, saying what to set, without BACKUP_DIR', async () => {
    const unset = await createTestApp();
    try {
      const unsetAdmin = await signInTestAdmin(unset, 'operations');
      const run = await unset.app.inject({
        method: 'POST',
        url: '/functions/v1/backup',
        headers: unsetAdmin.headers,
        payload: { jobId: null },
      });
      expect(run.statusCode).toBe(409);
      expect(run.json()).toEqual({ error: { code: 'conflict', message: BACKUPS_NOT_SET_UP } });
    } finally {
      await unset.close();
    }
  });
});
