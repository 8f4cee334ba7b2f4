import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The integration tests mostly wait on PostgreSQL and HTTP, each file on its own database:
    // three files at a time keep two cores busy (vitest's default is cores - 1, one file here).
    maxWorkers: 3,
  },
});
