import { sql } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type DrizzleTransactionLike,
  type JobResult,
} from 'pg-boss';
import type { DatabaseHandle, Transaction } from '@cartera/db/client';
import type { z } from 'zod';
import type { Logger } from '../logger';
import type { BoundJob, JobDefinition } from './define';

/**
 * Jobs a worker fetches at once; it fetches again without waiting while batches come back full.
 * A batch's jobs run side by side (issue #31): one slow or failing job never holds back the
 * others fetched with it, and the batch takes as long as its slowest job, within the queue's
 * expiry (a channel send at the provider timeout takes 15 s of the 120 s its queue gives it).
 */
const WORK_BATCH = 5;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Transaction;
  startAfter?: Date | number;
  singletonKey?: string;
}

/**
 * pg-boss on the application's own database (its PGlite backend in embedded mode). Jobs are
 * rows in the database, so a crash between enqueue and handling loses nothing. `TDeps` is what
 * a handler receives (the server's AppDeps), given at `start`.
 */
/** A job id no job has: looked up only to cache a queue. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

export class JobRunner<TDeps = unknown> {
  private readonly boss: PgBoss;
  private readonly jobs = new Map<string, BoundJob<TDeps>>();
  private started = false;

  constructor(
    database: DatabaseHandle,
    private readonly logger: Logger,
    private readonly workersEnabled: boolean,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ backend: 'pglite', db: fromPglite(database.pglite!), schema: 'pgboss' })
        : new PgBoss({
            connectionString: database.connectionString!,
            schema: 'pgboss',
            max: 4,
            application_name: 'cartera-jobs',
          });
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'jobs: pg-boss error'));
  }

  /** Takes the queues and their handlers (src/app-jobs.ts); a queue bound twice is refused. */
  register(jobs: readonly BoundJob<TDeps>[]): void {
    for (const job of jobs) {
      if (this.jobs.has(job.definition.name)) {
        throw new Error(`job "${job.definition.name}" is declared twice`);
      }
      this.jobs.set(job.definition.name, job);
    }
  }

  /** Creates the queues and schedules; with workers enabled, starts handling jobs. */
  async start(deps: TDeps): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const { definition, handler } of this.jobs.values()) {
      await this.boss.createQueue(definition.name, {
        ...(definition.options?.policy ? { policy: definition.options.policy } : {}),
        retryLimit: definition.options?.retryLimit ?? 3,
        retryDelay: definition.options?.retryDelay ?? 30,
        retryBackoff: definition.options?.retryBackoff ?? true,
        expireInSeconds: definition.options?.expireInSeconds ?? 15 * 60,
      });
      // createQueue leaves the queue out of pg-boss's queue cache until its next refresh (a
      // minute): the first send would then look the queue up on pg-boss's own connection, which
      // inside a caller's transaction on a one-connection database (PGlite) waits for that very
      // transaction. Any lookup by name puts it in the cache.
      await this.boss.findJobs(definition.name, { id: NO_JOB });
      if (definition.schedule) {
        await this.boss.schedule(
          definition.name,
          definition.schedule.cron,
          definition.schema.parse(definition.schedule.data) as object,
        );
      }
      if (this.workersEnabled) {
        // A worker waits pg-boss's polling interval (2 s) after every fetch unless the fetch
        // came back full: with one job a fetch, a queue drained one job every 2 s. Batches of
        // WORK_BATCH are fetched again at once while they come back full; the jobs of a batch
        // run concurrently and each is settled on its own (a failure retries that job only).
        await this.boss.work(
          definition.name,
          definition.options?.longRunningWorkers
            ? {
                batchSize: 1,
                localConcurrency: definition.options.longRunningWorkers,
                // Idle workers ask every 10 s: a job that runs for minutes can start a little late.
                pollingIntervalSeconds: 10,
                perJobResults: true,
              }
            : { batchSize: WORK_BATCH, burstWhenBatchFull: true, perJobResults: true },
          (jobs) =>
            Promise.all(
              jobs.map(async (job): Promise<JobResult> => {
                try {
                  await handler(job.data, deps);
                  return { id: job.id, status: 'completed' };
                } catch (error) {
                  // Retried by pg-boss per the queue's options; said here so a failure is seen.
                  this.logger.warn(
                    { err: error, queue: definition.name, jobId: job.id },
                    'jobs: a job failed',
                  );
                  const message = error instanceof Error ? error.message : String(error);
                  return { id: job.id, status: 'failed', output: { message } };
                }
              }),
            ),
        );
      }
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  /** Enqueues a job after checking its data against the queue's schema. */
  async send<TSchema extends z.ZodType>(
    definition: JobDefinition<TSchema>,
    data: z.input<TSchema>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const parsed = definition.schema.parse(data) as object;
    return this.boss.send(definition.name, parsed, {
      ...(options.tx
        ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) }
        : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** The schedules pg-boss holds (names), for health output and tests. */
  async scheduledNames(): Promise<string[]> {
    const schedules = await this.boss.getSchedules();
    return schedules.map((schedule) => schedule.name);
  }

  /** Direct access for tests and admin tooling (job state, counts). */
  get pgBoss(): PgBoss {
    return this.boss;
  }
}
