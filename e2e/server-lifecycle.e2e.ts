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

  it('prints a start-up banner and one readable line per request in development', async () => {
    // A first start from an empty data folder (the other servers start from the migrated template).
    const server = await startAppServer({
      port: Number(process.env.E2E_LIFECYCLE_PORT ?? 3991),
      emptyDataDir: true,
      env: { LOG_LEVEL: 'info' },
    });
    await fetch(`${server.baseUrl}/api/products`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = server.logs();
    expect(await server.stop()).toBe(0);
    expect(output).toContain(`Steadyline is running at ${server.baseUrl}`);
    expect(output).toContain('demo@steadyline.example / DemoInvestor#2025');
    expect(output).toContain(`${server.baseUrl}/dev/outbox`);
    expect(output).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/products 200 \d+ ms$/m);
    expect(output).not.toContain('"level":');
  });

  it('logs JSON lines and prints no banner in production', async () => {
    const server = await startAppServer({
      port: Number(process.env.E2E_LIFECYCLE_PORT ?? 3991),
      env: {
        NODE_ENV: 'production',
        DEMO_MODE: 'false',
        LOG_LEVEL: 'info',
        FIELD_ENCRYPTION_KEY: 'b'.repeat(64),
      },
    });
    await fetch(`${server.baseUrl}/api/products`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = server.logs();
    expect(await server.stop()).toBe(0);
    const lines = output.split('\n').filter((line) => line.trim());
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(output).not.toContain('Demo sign-ins');
    expect(output).not.toContain('DemoInvestor');
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
