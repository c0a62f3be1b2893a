/**
 * The load benchmark's short version for CI (issue 10.5): `bench/load.ts` with 2,000 seeded
 * investors, 20 simulated investors and 10 measured seconds, on the PostgreSQL run only. It
 * must serve every request without an error; its times are printed, never asserted (the full
 * run with its goals is `npm run bench:load`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPostgresRun } from './test-support/test-database';

describe.skipIf(!isPostgresRun())('the load benchmark, short', () => {
  it('serves the whole mix (sign-ins, pages, reads, purchases) without an error', () => {
    const reportFile = join(mkdtempSync(join(tmpdir(), 'load-')), 'report.json');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load.ts'], {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: process.env.DATABASE_URL,
        LOAD_INVESTORS: '2000',
        LOAD_USERS: '20',
        LOAD_SECONDS: '10',
        LOAD_THINK_MS: '1000',
        LOAD_WARMUP_SECONDS: '3',
        LOAD_PORT: '3282',
        LOAD_REPORT_FILE: reportFile,
      },
      encoding: 'utf8',
      timeout: 240_000,
    });
    console.info(run.stdout);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      requests: number;
      errors: number;
      byKind: Record<string, { requests: number }>;
    };
    expect(report.errors).toBe(0);
    expect(report.requests).toBeGreaterThan(50);
    expect(report.byKind.pages!.requests).toBeGreaterThan(0);
    expect(report.byKind['other reads']!.requests).toBeGreaterThan(0);
  }, 300_000);
});
