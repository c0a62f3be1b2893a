import type { TestProject } from 'vitest/node';
import { type AppServer, startAppServer } from './app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: AppServer | undefined;

/** One demo-mode server for the whole browser run; tests isolate themselves with unique e-mails. */
export async function setup(project: TestProject) {
  // Every browser test signs in from 127.0.0.1: raise the per-IP limits (never switch them off).
  server = await startAppServer({
    port: Number(process.env.E2E_PORT ?? 3990),
    env: { RATE_LIMIT_MULTIPLIER: '20' },
    readyTimeoutMs: 300_000,
  });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
