/**
 * Issue 2 speed budget:
 * 1. the landing page's initial JavaScript (gzip), and proof that portal/admin chunks are not in it;
 * 2. GET /api/products throughput (autocannon, 10 connections) against a bare Fastify JSON route
 *    measured in the same run, on PGlite and on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { movableClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/db/seed';
import { createTestDatabase } from '../src/server/test-support/test-database';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function landingJavaScript() {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const html = readFileSync('dist/web/index.html', 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  const files = [...new Set([...entry, ...preloads])];
  let total = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join('dist/web', file))).length;
    total += size;
    console.log(`  ${file.padEnd(48)} ${(size / 1024).toFixed(1)} kB gzip`);
  }
  const leaked = files.filter((file) =>
    /portal|admin|purchase|settings|transaction|transfer|bank/i.test(file),
  );
  console.log(`landing initial JavaScript: ${(total / 1024).toFixed(1)} kB gzip (budget 100 kB)`);
  console.log(
    `portal/admin chunks in the landing page's initial load: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`,
  );
}

async function requestsPerSecond(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  // Warm up first (JIT, connection pools, the catalogue cache) so both sides are measured hot.
  await autocannon({ url, connections: 10, duration: 3 });
  const result = await autocannon({ url, connections: 10, duration: DURATION_SECONDS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function bareRoute(): Promise<number> {
  const bare = Fastify({ logger: false });
  const body = {
    products: Array.from({ length: 5 }, (_, index) => ({ id: String(index), name: 'x'.repeat(40) })),
  };
  bare.get('/json', async () => body);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { rps } = await requestsPerSecond(`http://127.0.0.1:${port}/json`);
  await bare.close();
  return rps;
}

async function productsRoute(
  kind: 'pglite' | 'postgres',
): Promise<{ rps: number; p99: number; errors: number }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
  });
  if (kind === 'postgres') process.env.DATABASE_URL = postgresUrl;
  const database =
    kind === 'postgres' ? await createTestDatabase() : await openDatabase({ dataDir: 'memory://' });
  delete process.env.DATABASE_URL;
  if (kind === 'pglite') await migrate(database.db);
  await seedReferenceData(database.db);
  const { app } = await buildApp({
    config,
    database,
    clock: movableClock(new Date()),
    webRoot: null,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const result = await requestsPerSecond(`http://127.0.0.1:${port}/api/products`);
  await app.close();
  await database.close();
  return result;
}

landingJavaScript();
for (const kind of ['pglite', 'postgres'] as const) {
  const bare = await bareRoute();
  const products = await productsRoute(kind);
  console.log(
    `GET /api/products on ${kind}: ${products.rps.toFixed(0)} req/s (p99 ${products.p99} ms, ${products.errors} errors); ` +
      `bare Fastify JSON route: ${bare.toFixed(0)} req/s; ratio ${(products.rps / bare).toFixed(2)} (goal >= 0.33)`,
  );
}
process.exit(0);
