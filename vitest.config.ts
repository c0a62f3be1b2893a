import { defineConfig } from 'vitest/config';

/**
 * Two projects (decision 1414). The server, shared and script tests share their worker's module
 * graph (`isolate: false`): a worker imports Fastify, Drizzle, the schemas and PGlite's compiled
 * WebAssembly once instead of once per file, which was most of each file's cost. They keep no
 * state between files: each file builds its own app on its own database, none mocks a module,
 * stubs a global or the environment. The web tests mock modules (vi.mock) and render into a DOM,
 * so each of their files keeps a fresh worker.
 */
const shared = {
  environment: 'node',
  pool: 'forks',
  // Two minutes a test: in CI the PGlite and PostgreSQL phases share two cores with the browser
  // phase (decision 1981), and a test that starts a server, backs it up and restores it
  // (db-backup) once took over 60 s there. A limit on the test, not on anything a user waits for.
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

export default defineConfig({
  test: {
    // Two cores: PGlite files are CPU-heavy, so run two files at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
        },
      },
    ],
  },
});
