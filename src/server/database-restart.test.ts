/**
 * The database restarts under a serving app (issue 10.4): a private PostgreSQL cluster (its own
 * initdb and port) is stopped while the app process serves. /readyz reports it, requests fail
 * cleanly (503 in the error shape, nothing internal shown, the process stays up), and once the
 * database is back the same process recovers by itself. Runs in the PostgreSQL phase, where
 * the server binaries must be present.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, callProcess, startAppProcess, waitFor } from './test-support/app-process';
import { type PrivatePostgres, startPrivatePostgres } from './test-support/private-postgres';
import { isPostgresRun } from './test-support/test-database';
import { freePort } from './test-support/free-port';

describe.skipIf(!isPostgresRun())('a PostgreSQL restart while the app serves', () => {
  let cluster: PrivatePostgres;
  let server: AppProcess;

  beforeAll(async () => {
    cluster = await startPrivatePostgres(await freePort());
    server = await startAppProcess({ port: await freePort(), databaseUrl: cluster.url });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('reports the outage on /readyz, fails requests cleanly and recovers without a restart', async () => {
    expect(await callProcess(server.url, 'GET', '/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready' },
    });
    expect((await callProcess(server.url, 'GET', '/api/products')).status).toBe(200);

    await cluster.stop();
    expect(await callProcess(server.url, 'GET', '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', database: 'postgres' },
    });
    expect((await callProcess(server.url, 'GET', '/healthz')).status).toBe(200);
    const someSession = { cookie: `sl_session=${'a'.repeat(43)}` };
    const answers = [];
    for (const [method, path, body, headers] of [
      ['GET', '/api/portal/overview', undefined, someSession],
      ['GET', '/api/pages/abouttemp/hotspots', undefined, {}],
      [
        'POST',
        '/functions/v1/admin-login',
        { email: 'nobody@staff.example', password: 'Wrong#Passw0rd-2026' },
        {},
      ],
      ['POST', '/api/auth/step-up/start', {}, someSession],
    ] as const) {
      const answer = await callProcess(server.url, method, path, { body, headers });
      answers.push({ path, status: answer.status, body: answer.body });
    }
    const unavailable = {
      error: {
        code: 'unavailable',
        message: 'The service is briefly unavailable. Please try again in a moment.',
      },
    };
    expect(answers).toEqual(answers.map(({ path }) => ({ path, status: 503, body: unavailable })));
    expect(server.child.exitCode).toBeNull();

    await cluster.start();
    await waitFor(
      () => callProcess(server.url, 'GET', '/readyz'),
      (answer) => answer.status === 200,
      'the app to see the database again',
    );
    expect((await callProcess(server.url, 'GET', '/api/products')).status).toBe(200);
    const start = await callProcess(server.url, 'POST', '/functions/v1/auth-start', {
      body: { email: 'after.outage@example.com' },
    });
    expect(start.status).toBe(200);
  });
});
