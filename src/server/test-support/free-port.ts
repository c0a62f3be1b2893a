import { createServer } from 'node:net';

/**
 * Below Linux's default range for ephemeral ports (32768-60999), from which outgoing connections
 * take their source port: a port from here stays free while a test stops and restarts its server
 * on it. Above the fixed ports the app and the browser tests use (3000-4999).
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_767;

function randomCandidate(): number {
  return FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
}

/** Whether a server could listen on the port of 127.0.0.1 now (false while another one does). */
export function canListenOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on now, for a test's own server or child process.
 * The server tests run twice at the same time in CI (on PGlite and on PostgreSQL, decision 1981),
 * so a fixed port in a test file would be taken by its twin in the other run. `candidate` picks
 * the ports to try (at random by default).
 */
export async function freePort(candidate: () => number = randomCandidate): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = candidate();
    if (await canListenOn(port)) return port;
  }
  throw new Error(`No free port between ${FIRST_PORT} and ${LAST_PORT} after 50 tries`);
}
