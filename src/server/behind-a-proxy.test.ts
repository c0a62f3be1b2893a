/**
 * Several instances as an operator runs them (issue 28 section 2, decision 1962): two app
 * processes on one PostgreSQL behind a load balancer (a small HTTP proxy here that appends the
 * client's address to X-Forwarded-For, as balancers do). A sign-in made through one process is
 * recognised by the other; the per-IP limits are keyed on the address the proxy reports (a
 * made-up X-Forwarded-For from the client changes nothing) and counted across both processes;
 * only the process with SCHEDULER_ENABLED runs scheduled jobs; health and readiness answer
 * through the proxy. One process trusts the proxy by hop count, the other by address.
 */
import { once } from 'node:events';
import { type IncomingMessage, request as httpRequest, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/client';
import { seedReferenceData } from './modules/reference-data/seed-reference-data';
import { type AppProcess, callProcess, startAppProcess, waitFor } from './test-support/app-process';
import { createTestDatabase, isPostgresRun, type TestDatabase } from './test-support/test-database';
import { freePort } from './test-support/free-port';

/** Test-only headers the proxy reads and removes: which process, and the client's TCP address. */
const UPSTREAM = 'x-test-upstream';
const CLIENT = 'x-test-client';

/**
 * A load balancer in a few lines: picks the process named in x-test-upstream (round robin
 * without it), and appends the client's address (x-test-client, standing for the TCP peer it
 * saw) to whatever X-Forwarded-For the client sent.
 */
function startProxy(upstreams: Record<'first' | 'second', string>): Promise<Server> {
  let turn = 0;
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const named = incoming.headers[UPSTREAM];
    const upstream = new URL(
      named === 'first' || named === 'second' ? upstreams[named] : Object.values(upstreams)[turn++ % 2]!,
    );
    const client = String(incoming.headers[CLIENT] ?? incoming.socket.remoteAddress);
    const headers = { ...incoming.headers };
    delete headers[UPSTREAM];
    delete headers[CLIENT];
    const sent = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = sent ? `${String(sent)}, ${client}` : client;
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(forwarded);
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => server);
}

describe.skipIf(!isPostgresRun())('two app processes behind a proxy on one PostgreSQL', () => {
  let database: TestDatabase;
  let first: AppProcess;
  let second: AppProcess;
  let proxy: Server;
  let proxyUrl: string;
  const scheduledJobs = ['cleanup-expired-auth', 'reconcile-ach-payments', 'send-scheduled-campaigns'];

  /** A call through the proxy, to the named process, from a client at `client`. */
  function viaProxy(
    upstream: 'first' | 'second',
    client: string,
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) {
    return callProcess(proxyUrl, method, path, {
      ...options,
      headers: { ...options.headers, [UPSTREAM]: upstream, [CLIENT]: client },
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReferenceData(database.db);
    await database.db.execute(
      sql`update scheduled_jobs set enabled = function_name in (${sql.join(
        scheduledJobs.map((name) => sql`${name}`),
        sql`, `,
      )}), next_run_at = now() - interval '1 minute'`,
    );
    const common = {
      databaseUrl: process.env.DATABASE_URL!,
      schemaName: database.schemaName!,
    };
    const limits = { AUTH_LIMIT_MAGIC_LINK_PER_IP: '4/1h' };
    [first, second] = await Promise.all([
      startAppProcess({
        ...common,
        port: await freePort(),
        env: { ...limits, SCHEDULER_ENABLED: 'true', TRUST_PROXY: '1' },
      }),
      startAppProcess({
        ...common,
        port: await freePort(),
        env: { ...limits, SCHEDULER_ENABLED: 'false', TRUST_PROXY: '127.0.0.1' },
      }),
    ]);
    proxy = await startProxy({ first: first.url, second: second.url });
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    proxy?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
  });

  it('answers health and readiness through the proxy from both processes', async () => {
    for (const upstream of ['first', 'second'] as const) {
      const health = await viaProxy(upstream, '203.0.113.5', 'GET', '/healthz');
      expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
      const ready = await viaProxy(upstream, '203.0.113.5', 'GET', '/readyz');
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', database: 'postgres' } });
    }
  });

  it('recognises on the second process a sign-in made through the first, from the client the proxy saw', async () => {
    const client = '203.0.113.10';
    const email = 'behind.proxy@example.com';
    const start = await viaProxy('first', client, 'POST', '/functions/v1/auth-start', { body: { email } });
    expect(start.status).toBe(200);
    const [message] = rowsOf<{ text: string }>(
      await database.db.execute(
        sql`select text from outbox_messages where to_address = ${email} order by created_at desc limit 1`,
      ),
    );
    const link = new URL(/(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(message!.text)![1]!);
    const confirm = await viaProxy('second', client, 'POST', '/api/auth/confirm', {
      body: { token_hash: link.searchParams.get('token_hash'), type: link.searchParams.get('type') },
    });
    expect(confirm.status).toBe(200);
    const cookie = confirm.cookies.find((value) => value.startsWith('sl_session='))!;
    const session = await viaProxy('first', client, 'GET', '/api/session', { headers: { cookie } });
    expect(session.body).toMatchObject({ authenticated: true, investor: { email } });
    const [stored] = rowsOf<{ ip_address: string }>(
      await database.db.execute(
        sql`select s.ip_address::text as ip_address from sessions s join users u on u.id = s.user_id
            where u.email = ${email}`,
      ),
    );
    expect(stored?.ip_address).toBe(client);
  });

  it('keys the per-IP limit on the address the proxy reports, counted across both processes', async () => {
    const client = '203.0.113.20';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Each time a new made-up first hop: the proxy appends the real one, and only that counts.
      const answer = await viaProxy(
        attempt % 2 === 0 ? 'first' : 'second',
        client,
        'POST',
        '/functions/v1/auth-start',
        {
          body: { email: `limited.${attempt}@example.com` },
          headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        },
      );
      answers.push((answer.body as { error: unknown }).error ? 429 : answer.status);
    }
    // AUTH_LIMIT_MAGIC_LINK_PER_IP is 4 an hour here: the fifth is refused, on either process.
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    const other = await viaProxy('second', '203.0.113.21', 'POST', '/functions/v1/auth-start', {
      body: { email: 'other.client@example.com' },
    });
    expect((other.body as { error: unknown }).error ?? null).toBeNull();
    expect(other.status).toBe(200);
  });

  it('runs scheduled jobs only on the process with SCHEDULER_ENABLED', async () => {
    const runs = await waitFor(
      async () =>
        rowsOf<{ function_name: string; status: string; instance_id: string | null }>(
          await database.db.execute(
            sql`select j.function_name, h.status, h.instance_id from job_execution_history h
                join scheduled_jobs j on j.id = h.job_id where h.trigger in ('schedule', 'startup')`,
          ),
        ),
      (rows) => rows.length >= scheduledJobs.length && rows.every((row) => row.status !== 'running'),
      'the due jobs to run',
    );
    expect(runs.map((run) => run.function_name).sort()).toEqual([...scheduledJobs].sort());
    expect(runs.every((run) => run.status === 'completed')).toBe(true);
    const firstInstance = `${hostname()}-${first.child.pid}-`;
    expect(runs.every((run) => run.instance_id?.startsWith(firstInstance))).toBe(true);
  });
});
