/**
 * Starts the server as a child process (see process-server.ts) for tests that need real
 * processes: two instances on one database, `kill -9` at a pause point, a database restart.
 *
 *   const server = await startAppProcess({ port: 3271, schemaName, env: { FAULT_PAUSE_AT: 'ach:before-commit' } });
 *   await server.waitForPause();
 *   server.kill9();
 */
import { memoryStepRecord, nextUnusedCode, type StepRecord } from './totp-steps';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (its log lines). */
  output(): string;
  /** Resolves when the process has stopped at its FAULT_PAUSE_AT point. */
  waitForPause(timeoutMs?: number): Promise<string>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
let bundled: Promise<string> | null = null;

/**
 * process-server.ts bundled once per test process with esbuild (dependencies external), so each
 * start skips compiling the server again. It is written to dist/test-support under the hash of
 * its content (renamed into place, so parallel test files share one file safely); from there the
 * migrations resolve to src/server/db/migrations.
 */
function processServerEntry(): Promise<string> {
  bundled ??= (async () => {
    const result = await build({
      entryPoints: [join(here, 'process-server.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
      write: false,
    });
    const code = result.outputFiles[0]!.contents;
    const folder = resolve(here, '..', '..', '..', 'dist', 'test-support');
    const file = join(
      folder,
      `process-server-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
    );
    if (!existsSync(file)) {
      mkdirSync(folder, { recursive: true });
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return file;
  })();
  return bundled;
}

async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

export async function startAppProcess(options: {
  port: number;
  databaseUrl: string;
  schemaName?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<AppProcess> {
  const signalFile = join(mkdtempSync(join(tmpdir(), 'fault-')), 'paused');
  const chunks: string[] = [];
  const child = spawn(process.execPath, [await processServerEntry()], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      SCHEDULER_ENABLED: 'false',
      APP_URL: `http://127.0.0.1:${options.port}`,
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      TEST_SEARCH_PATH: options.schemaName ?? '',
      FAULT_PAUSE_SIGNAL_FILE: signalFile,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its clock runs TEST_CLOCK_OFFSET_MS ahead, and authenticator codes follow its clock.
  clockOffsets.set(`http://127.0.0.1:${options.port}`, Number(options.env?.TEST_CLOCK_OFFSET_MS ?? 0));
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const output = () => chunks.join('');
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`The app process exited: ${output()}`);
      return output().includes('process-server listening');
    },
    `the app on port ${options.port}`,
    options.startTimeoutMs ?? 90_000,
  );
  return {
    url: `http://127.0.0.1:${options.port}`,
    child,
    output,
    async waitForPause(timeoutMs = 60_000) {
      await waitUntil(() => existsSync(signalFile), 'the pause point', timeoutMs);
      return readFileSync(signalFile, 'utf8');
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
  cookies: string[];
}

/** One JSON call to a process; `cookies` are the Set-Cookie name=value pairs it answered with. */
export async function callProcess(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  return { status: response.status, body, text, cookies };
}

/** What a test knows of an admin's authenticator: the secret and the last time step it used. */
const authenticators = new Map<string, { secret: string; record: StepRecord }>();
/** How far ahead of the wall clock each started process's clock runs (TEST_CLOCK_OFFSET_MS), by URL. */
const clockOffsets = new Map<string, number>();

/** A code the app has not accepted yet (it takes a code once, one step either side of its now). */
async function nextCode(email: string, clockOffsetMs: number): Promise<string> {
  const known = authenticators.get(email);
  if (!known) throw new Error(`No authenticator is known for ${email}`);
  return nextUnusedCode(known.secret, known.record, clockOffsetMs);
}

/**
 * Signs an admin in on a process as the browser would: the password, then the authenticator code
 * (setting two-factor up through the API the first time a role that requires it signs in).
 * The headers every admin call then carries.
 */
export async function adminHeadersOn(
  base: string,
  email: string,
  password: string,
): Promise<{ cookie: string; 'x-admin-token': string }> {
  const clockOffsetMs = clockOffsets.get(base) ?? 0;
  let answer = await callProcess(base, 'POST', '/functions/v1/admin-login', { body: { email, password } });
  const step = answer.body as { second_factor?: string; challenge?: string } | null;
  if (step?.second_factor === 'enrol') {
    const started = await callProcess(base, 'POST', '/api/admin/login/enrolment', {
      body: { challenge: step.challenge },
    });
    const { secret, enrolment } = started.body as { secret: string; enrolment: string };
    authenticators.set(email, { secret, record: memoryStepRecord() });
    answer = await callProcess(base, 'POST', '/api/admin/login/enrolment/confirm', {
      body: { challenge: step.challenge, enrolment, code: await nextCode(email, clockOffsetMs) },
    });
  } else if (step?.second_factor === 'verify') {
    answer = await callProcess(base, 'POST', '/api/admin/login/verify', {
      body: { challenge: step.challenge, code: await nextCode(email, clockOffsetMs) },
    });
  }
  const cookie = answer.cookies.find((value) => value.startsWith('sl_admin_session='));
  if (answer.status !== 200 || !cookie) throw new Error(`admin sign-in failed: ${answer.text}`);
  return { cookie, 'x-admin-token': (answer.body as { token: string }).token };
}

export async function waitFor<T>(
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}
