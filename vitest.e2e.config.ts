import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // A failed test prints what its pages showed (e2e/support/failure-report.ts).
    setupFiles: ['e2e/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One Chromium at a time on two cores; the server runs beside it.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
