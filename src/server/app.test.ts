import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareApp } from './bootstrap';
import { rowsOf } from './db/client';
import { seededJobs } from './modules/reference-data/seed-reference-data';
import { createTestApp, type TestApp, testConfig } from './test-support/test-app';
import { isPostgresRun } from './test-support/test-database';

let testApp: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'steadyline-web-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<html><head><meta name="app-config" content="__APP_CONFIG__"></head></html>',
  );
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  testApp = await createTestApp({ build: { webRoot } });
});
afterAll(async () => {
  await testApp.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the server shell', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await testApp.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await testApp.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('serves the app for any unknown path (history fallback) with the public config filled in', async () => {
    for (const path of ['/', '/no/such/page', '/account-overview?x=1']) {
      const response = await testApp.app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('&quot;brandName&quot;:&quot;Steadyline&quot;');
    }
    const asset = await testApp.app.inject('/assets/app.js');
    expect(asset.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with the error shape, not the app', async () => {
    const response = await testApp.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('describes the API in OpenAPI', async () => {
    const response = await testApp.app.inject('/api/openapi.json');
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/products');
  });

  it('refuses malformed JSON with a 400 in the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-start',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON' },
    });
  });

  it('refuses a state-changing request from another origin', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/functions/v1/auth-start',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { email: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'forbidden' } });
  });
});

describe.skipIf(isPostgresRun())('data on the embedded database', () => {
  it('survives a restart, and seeding twice adds nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'steadyline-data-'));
    try {
      const config = testConfig({ DATA_DIR: join(dataDir, 'nested', 'data'), DEMO_MODE: 'true' });
      const first = await prepareApp(config, { webRoot: null, logger: false });
      const counts = async (prepared: typeof first) =>
        rowsOf<{ products: number; investors: number; admins: number; jobs: number }>(
          await prepared.context.db.execute(sql`select
            (select count(*)::int from investment_products) as products,
            (select count(*)::int from investors) as investors,
            (select count(*)::int from admin_users) as admins,
            (select count(*)::int from scheduled_jobs) as jobs`),
        )[0];
      const before = await counts(first);
      expect(before).toMatchObject({ products: 5, investors: 1, admins: 1, jobs: seededJobs.length });
      await first.close();
      const second = await prepareApp(config, { webRoot: null, logger: false });
      expect(await counts(second)).toEqual(before);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
