import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startAppServer } from './support/app-server';

describe('the server process', () => {
  it('refuses to start with a bad setting and names the variable', () => {
    const result = spawnSync(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: 'eighty', BUSINESS_TZ: 'Nowhere/Land', DATA_DIR: '/tmp/never-used' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('BUSINESS_TZ');
  });

  it('serves a request and then shuts down cleanly on SIGTERM', async () => {
    const server = await startAppServer({
      port: Number(process.env.E2E_LIFECYCLE_PORT ?? 3991),
      env: { DEMO_MODE: 'false' },
    });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});
