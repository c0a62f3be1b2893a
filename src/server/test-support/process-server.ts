/**
 * The server as its own process, for the multi-process and crash tests: `npm start`'s path
 * (prepareApp, listen) plus two test knobs: TEST_SEARCH_PATH puts it on a test's private
 * PostgreSQL schema, TEST_CLOCK_OFFSET_MS runs its clock ahead of the wall clock (a restart
 * "ten minutes later", so leases and heartbeats of a killed process count as stale).
 *
 * Started by app-process.ts (bundled once per test run); by hand:
 *   node --import tsx src/server/test-support/process-server.ts   (env: DATABASE_URL, PORT, ...)
 */
import { businessDateOf } from '../../shared/dates/business-time';
import { prepareApp } from '../bootstrap';
import type { Clock } from '../clock';
import { loadConfig } from '../config';

function offsetClock(timeZone: string, offsetMs: number): Clock {
  const now = () => new Date(Date.now() + offsetMs);
  return { timeZone, now, today: () => businessDateOf(now(), timeZone) };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const prepared = await prepareApp(config, {
    searchPath: process.env.TEST_SEARCH_PATH || undefined,
    clock: offsetClock(config.BUSINESS_TZ, Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0)),
    webRoot: null,
  });
  process.on('SIGTERM', () => {
    prepared.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  await prepared.app.listen({ port: config.PORT, host: '127.0.0.1' });
  process.stdout.write(`process-server listening on ${config.PORT}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `process-server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
