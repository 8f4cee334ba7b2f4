import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import pino from 'pino';
import type { AppDeps } from '../deps';
import { waitFor } from '../testing/ws-client';
import { bindJob, defineJob } from './define';
import { JobRunner } from './runner';

let database: TestDatabase;
let runner: JobRunner<AppDeps>;
const handled: Array<{ contactId: string; attempt: number }> = [];

const greetJob = defineJob({
  name: 'test.greet-contact',
  schema: z.object({ contactId: z.string().min(1), attempt: z.number().int().default(1) }),
  options: { retryLimit: 0 },
});

/** Released by the quick job: a slow job of the same queue waits for it. */
let releaseSlow: () => void = () => {};
const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
const finished: string[] = [];
const sharedQueueJob = defineJob({
  name: 'test.shared-queue',
  schema: z.object({ name: z.enum(['lento', 'rápido']) }),
  options: { retryLimit: 0 },
});

const nightlyJob = defineJob({
  name: 'test.nightly',
  schema: z.object({ days: z.number().int() }),
  schedule: { cron: '0 4 * * *', data: { days: 7 } },
});

beforeAll(async () => {
  database = await createTestDatabase();
  runner = new JobRunner<AppDeps>(database.handle, pino({ level: 'silent' }), true);
  runner.register([
    bindJob(greetJob, async (data) => {
      handled.push(data);
    }),
    bindJob(sharedQueueJob, async (data) => {
      if (data.name === 'lento') await slowGate;
      else releaseSlow();
      finished.push(data.name);
    }),
    bindJob(nightlyJob, async () => {}),
  ]);
  await runner.start({ db: database.handle.db } as AppDeps);
});

afterAll(async () => {
  releaseSlow();
  await runner?.stop();
  await database?.destroy();
});

describe('trabajos en segundo plano', () => {
  it('entrega al manejador los datos tipados de un trabajo encolado', async () => {
    await runner.send(greetJob, { contactId: 'c-1' });
    await waitFor(() => handled.length === 1, 15_000, 'job to run');
    expect(handled[0]).toEqual({ contactId: 'c-1', attempt: 1 });
  });

  it('rechaza al encolar datos que no cumplen el esquema, sin crear el trabajo', async () => {
    await expect(runner.send(greetJob, { contactId: '' })).rejects.toThrow();
    const queued = await runner.pgBoss.findJobs(greetJob.name, { data: { contactId: '' } });
    expect(queued).toHaveLength(0);
  });

  it('un trabajo encolado dentro de una transacción revertida no existe', async () => {
    await expect(
      database.handle.db.transaction(async (tx) => {
        await runner.send(greetJob, { contactId: 'revertido' }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    let committedId: string | null = null;
    await database.handle.db.transaction(async (tx) => {
      committedId = await runner.send(greetJob, { contactId: 'confirmado' }, { tx });
    });
    expect(committedId).toBeTruthy();
    await waitFor(() => handled.some((job) => job.contactId === 'confirmado'), 15_000);
    expect(handled.some((job) => job.contactId === 'revertido')).toBe(false);
  });

  it('un trabajo lento no demora a otro de la misma cola traído en el mismo lote', async () => {
    // One transaction: both jobs become visible together, so one fetch brings both, the slow
    // one first. The slow one ends only once the quick one has run.
    await database.handle.db.transaction(async (tx) => {
      await runner.send(sharedQueueJob, { name: 'lento' }, { tx });
      await runner.send(sharedQueueJob, { name: 'rápido' }, { tx });
    });
    await waitFor(() => finished.length === 2, 15_000, 'both jobs to finish');
    expect(finished).toEqual(['rápido', 'lento']);
  });

  it('registra las programaciones declaradas', async () => {
    expect(await runner.scheduledNames()).toContain('test.nightly');
  });

  it('no admite nombres de cola fuera de la convención', () => {
    expect(() => defineJob({ name: 'Mal Nombre', schema: z.object({}) })).toThrow();
  });
});
