/**
 * A private PostgreSQL cluster for tests that stop and start the database under a running
 * app: its own `initdb` in a temp folder, its own port and socket folder, so no other test's
 * database is touched. initdb refuses to run as root, so as root it runs as `postgres`.
 *
 *   const cluster = await startPrivatePostgres(3279);
 *   await cluster.stop(); await cluster.start();
 *   await cluster.destroy();
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian layout), or null when none is installed. */
export function postgresBinDirectory(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export async function startPrivatePostgres(port: number): Promise<PrivatePostgres> {
  const bin = postgresBinDirectory();
  if (!bin) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  const isRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'private-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const data = join(folder, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = async () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      try {
        await stop();
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
