import type { TestProject } from 'vitest/node';
import { type AppServer, startAppServer } from './app-server';
import { ensurePgliteTemplate } from './pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: AppServer | undefined;

/** One demo-mode server for the whole browser run; tests isolate themselves with unique e-mails. */
export async function setup(project: TestProject) {
  // The limits users get (decision 1360): the server trusts one proxy hop, as behind a load
  // balancer (decision 1820), and each browser context arrives from an address of its own
  // (support/browser.ts).
  const port = Number(process.env.E2E_PORT ?? 3990);
  await ensurePgliteTemplate();
  server = await startAppServer({
    port,
    // Passkeys need a domain as relying party (Chromium refuses IP addresses): the passkey
    // test browses as localhost (decision 1725).
    env: {
      TRUST_PROXY: '1',
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${port}`,
    },
    readyTimeoutMs: 300_000,
  });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
