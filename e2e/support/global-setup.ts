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
  // The limits users get (decision 1360): the server trusts its proxy, as behind a load
  // balancer, and each browser context arrives from an address of its own (support/browser.ts).
  server = await startAppServer({
    port: Number(process.env.E2E_PORT ?? 3990),
    env: { TRUST_PROXY: 'true' },
    readyTimeoutMs: 300_000,
  });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
