/**
 * Vitest global setup shared by every package with integration tests. It decides once per run
 * where test databases come from and prepares a migrated template there:
 *   1. TEST_DATABASE_URL (CI starts Debian's PostgreSQL and sets it);
 *   2. otherwise testcontainers, when a container runtime answers;
 *   3. otherwise PGlite in-process (each test file gets a fresh in-memory database).
 * Test files then call `createTestDatabase()` (./test-database.ts).
 */
import type { TestProject } from 'vitest/node';
import { prepareTemplate, type TestDatabaseSource } from './template';

export default async function setup(project: TestProject) {
  let stop: (() => Promise<unknown>) | undefined;
  let source: TestDatabaseSource = { kind: 'pglite' };

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    source = { kind: 'postgres', adminUrl: url, template: await prepareTemplate(url) };
  } else {
    const container = await startContainer();
    if (container) {
      stop = () => container.stop();
      const adminUrl = container.getConnectionUri();
      source = { kind: 'postgres', adminUrl, template: await prepareTemplate(adminUrl) };
    }
  }

  project.provide('testDatabase', source);
  return async () => {
    await stop?.();
  };
}

async function startContainer() {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
  } catch {
    return undefined; // no container engine on this machine: fall through to PGlite
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  return new PostgreSqlContainer('postgres:16-alpine').start();
}
