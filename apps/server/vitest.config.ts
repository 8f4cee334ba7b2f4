import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The integration tests mostly wait on PostgreSQL and HTTP, each file on its own database:
    // three files at a time keep two cores busy (vitest's default is cores - 1, one file here).
    maxWorkers: 3,
    // The files of a worker share its loaded modules instead of importing the whole server again
    // for each file: 345 s instead of about 480 for the suite on two cores (imports 31 s against
    // 368 s). Nothing a file needs lives in a module's state: each builds its own app, database
    // and fakes, and settings such as the outbound guard's are set by the app it builds.
    isolate: false,
  },
});
