import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

describe('freePort', () => {
  it('gives a port below the ephemeral range that a server can then listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThanOrEqual(32_767);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect((server.address() as { port: number }).port).toBe(port);
    // While that server listens, the port is passed over for the next one tried.
    const tried = [port, port + 1];
    await expect(freePort(() => tried.shift() ?? 0)).resolves.toBe(port + 1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
