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
  server = await startAppServer({ port: Number(process.env.E2E_PORT ?? 3990) });
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}
