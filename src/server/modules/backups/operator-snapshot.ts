/**
 * How `npm run db:backup` reaches a running embedded database (decision 1880). Only the process
 * that opened a PGlite data folder may read it, so that process hands out snapshots, to this
 * machine only and to whoever can read the token it writes beside the data folder, readable by
 * its owner only. Without both the route answers 404 as if it did not exist. It only reads:
 * a restore is never done through the app.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { writeFileAtomically } from './backup-files';
import { pgliteClientOf, snapshotPglite } from './take-backup';

export const OPERATOR_SNAPSHOT_PATH = '/operator/v1/pglite-snapshot';

export interface OperatorFile {
  pid: number;
  url: string;
  token: string;
}

/** `.data.operator.json` beside `./data`: outside the folder, so never inside a snapshot. */
export function operatorFilePath(dataDir: string): string {
  const absolute = resolve(dataDir);
  return join(dirname(absolute), `.${basename(absolute)}.operator.json`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server holding `dataDir`, when there is one. */
export function readOperatorFile(dataDir: string): OperatorFile | null {
  const path = operatorFilePath(dataDir);
  if (!existsSync(path)) return null;
  const file = JSON.parse(readFileSync(path, 'utf8')) as OperatorFile;
  return isRunning(file.pid) ? file : null;
}

function isSameMachine(remote: string | undefined, local: string | undefined): boolean {
  if (!remote) return false;
  if (remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1') return true;
  return remote === local;
}

function hasToken(header: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerOperatorSnapshot(app: FastifyInstance, context: AppContext): void {
  const client = pgliteClientOf(context.db);
  const dataDir = context.config.DATA_DIR;
  // Only a server that owns a data folder on disk (not a test's in-memory database) offers it.
  if (!client || context.config.DATABASE_URL || client.dataDir !== dataDir) return;
  const token = randomBytes(32).toString('base64url');
  const path = operatorFilePath(dataDir);
  app.post(OPERATOR_SNAPSHOT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const socket = request.raw.socket;
    if (
      !isSameMachine(socket.remoteAddress, socket.localAddress) ||
      !hasToken(request.headers.authorization, token)
    )
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
    request.log.info('operator snapshot of the embedded database taken');
    return reply.type('application/x-tar').send(Buffer.from(await snapshotPglite(client)));
  });
  app.addHook('onListen', async () => {
    const address = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    try {
      rmSync(`${path}.partial`, { force: true });
      await writeFileAtomically(
        path,
        JSON.stringify({ pid: process.pid, url, token } satisfies OperatorFile),
      );
    } catch (error) {
      // Serving matters more; db:backup then refuses to open the folder beside this process.
      app.log.error(
        { err: error, path },
        'could not write the operator file: db:backup cannot reach this server',
      );
    }
  });
  app.addHook('onClose', async () => {
    rmSync(path, { force: true });
  });
}
