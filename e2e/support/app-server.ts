import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canListenOn } from '../../src/server/test-support/free-port';
import { demoAdminSessionFile, demoAdminStepFile } from './admin-sign-in';
import { copyPgliteTemplate } from './pglite-template';

export interface AppServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  logs(): string;
  /** Sends SIGTERM, waits for the exit and returns its code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the built server (dist/server/main.js) on its own port with a fresh PGlite data
 * folder, demo data seeded, and waits until /readyz answers. The folder starts as a copy of the
 * run's migrated template (support/pglite-template.ts) unless `emptyDataDir` asks for a first
 * start from nothing (initdb and every migration, as a new user's).
 */
export async function startAppServer(options: {
  port: number;
  env?: Record<string, string>;
  /** How long start-up may take (migrations and the demo seed are slow on a busy machine). */
  readyTimeoutMs?: number;
  emptyDataDir?: boolean;
  /** The built server to run (default dist/server/main.js): a test's own copy of the build. */
  entry?: string;
}): Promise<AppServer> {
  // The readiness poll below would take another server's answer for this one's, and the tests
  // would run against a database they did not seed (two browser runs at once did exactly that).
  if (!(await canListenOn(options.port))) {
    throw new Error(
      `Port ${options.port} is already in use on 127.0.0.1: another app server (another browser test run?) is listening there. Stop it, or choose another port (E2E_PORT for the browser tests).`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'steadyline-e2e-'));
  if (!options.emptyDataDir) copyPgliteTemplate(dataDir);
  // A new database: its demo admin has used no authenticator step yet, and has no session.
  rmSync(demoAdminStepFile(options.port), { force: true });
  rmSync(demoAdminSessionFile(options.port), { force: true });
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [options.entry ?? 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) {
    // Never leave a half-started server holding the port: the next run would talk to it.
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The app server did not become ready:\n${output}`);
  }

  return {
    baseUrl,
    port: options.port,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
