/**
 * Issue 2 speed budget:
 * 1. the landing page's initial JavaScript (gzip), and proof that portal/admin chunks are not in it;
 * 2. GET /api/products throughput (autocannon, 10 connections) against a bare Fastify JSON route
 *    measured in the same run, on PGlite and on PostgreSQL. Issue 14.3 goal: at least half the
 *    bare route's throughput. The two are measured in alternating rounds (BENCH_ROUNDS, default
 *    3, BENCH_SECONDS each) and the median of the rounds' ratios is printed, so a neighbour's
 *    burst on a shared machine lands on both sides; each figure comes with the load average.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { movableClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedReferenceData } from '../src/server/modules/reference-data/seed-reference-data';
import { createTestDatabase } from '../src/server/test-support/test-database';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATIO_GOAL = 0.5;
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

interface Throughput {
  rps: number;
  p99: number;
  errors: number;
}

async function requestsPerSecond(url: string, seconds = DURATION_SECONDS): Promise<Throughput> {
  const result = await autocannon({ url, connections: 10, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function listen(
  app: { listen: FastifyInstance['listen']; server: FastifyInstance['server'] },
  path: string,
) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}${path}`;
}

async function startBareRoute(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  const body = {
    products: Array.from({ length: 5 }, (_, index) => ({ id: String(index), name: 'x'.repeat(40) })),
  };
  bare.get('/json', async () => body);
  const url = await listen(bare, '/json');
  return { url, close: () => bare.close() };
}

async function startProductsRoute(
  kind: 'pglite' | 'postgres',
): Promise<{ url: string; close: () => Promise<void> }> {
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
  const url = await listen(app, '/api/products');
  return {
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

landingJavaScript();
for (const kind of ['pglite', 'postgres'] as const) {
  const bare = await startBareRoute();
  const products = await startProductsRoute(kind);
  // Warm up first (JIT, connection pools, the catalogue cache) so both sides are measured hot.
  await requestsPerSecond(bare.url, 2);
  await requestsPerSecond(products.url, 2);
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const bareRound = await requestsPerSecond(bare.url);
    const productsRound = await requestsPerSecond(products.url);
    ratios.push(productsRound.rps / bareRound.rps);
    console.log(
      `  round ${round} on ${kind}: GET /api/products ${productsRound.rps.toFixed(0)} req/s (p99 ${productsRound.p99} ms, ${productsRound.errors} errors); bare Fastify JSON route ${bareRound.rps.toFixed(0)} req/s; ratio ${(productsRound.rps / bareRound.rps).toFixed(2)} (load average ${loadAverage()})`,
    );
  }
  await products.close();
  await bare.close();
  const ratio = median(ratios);
  console.log(
    `GET /api/products on ${kind}: median ratio to a bare Fastify JSON route ${ratio.toFixed(2)} over ${ROUNDS} alternating rounds (goal >= ${RATIO_GOAL}: ${ratio >= RATIO_GOAL ? 'met' : 'NOT met'})`,
  );
}
process.exit(0);
