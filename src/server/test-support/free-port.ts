import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, chosen by the operating system, for a
 * test's own server or child process. The server tests run twice at the same time in CI (on
 * PGlite and on PostgreSQL, decision 1981), so a fixed port in a test file would be taken by
 * its twin in the other run.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
