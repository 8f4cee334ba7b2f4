import type { z } from 'zod';

export interface JobSchedule<TData> {
  /** Cron expression (UTC), e.g. '15 3 * * *'. */
  cron: string;
  data: TData;
}

export interface JobOptions {
  /**
   * pg-boss's queue policy: 'stately' keeps at most one job waiting and one running per
   * singleton key (a mailbox's sync); the default ('standard') any number.
   */
  policy?: 'standard' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  /**
   * Jobs that hold on for long (a mailbox's watcher): this many workers per instance, each
   * taking one job at a time, so one running does not keep the next waiting for a batch.
   */
  longRunningWorkers?: number;
}

/**
 * A queue and the shape of its jobs: what a module declares with `defineJob` in
 * `<module>.jobs.ts` and what its services enqueue (`deps.jobs.send`). It names no handler, so a
 * `*.jobs.ts` file imports nothing of its module: the handlers are bound to the queues in one
 * registry beside the router (src/app-jobs.ts), which only app.ts imports.
 */
export interface JobDefinition<TSchema extends z.ZodType = z.ZodType> {
  name: string;
  schema: TSchema;
  schedule?: JobSchedule<z.input<TSchema>>;
  options?: JobOptions;
}

export function defineJob<TSchema extends z.ZodType>(
  definition: JobDefinition<TSchema>,
): JobDefinition<TSchema> {
  if (!/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/.test(definition.name)) {
    throw new Error(`job name "${definition.name}" must be dotted lowercase words`);
  }
  return definition;
}

/** A queue with what handles its jobs (`TDeps`: what the server instance gives a handler). */
export interface BoundJob<TDeps> {
  definition: JobDefinition;
  handler: (data: unknown, deps: TDeps) => Promise<void>;
}

/** Binds a queue to its handler; the handler receives the job's data parsed by the schema. */
export function bindJob<TSchema extends z.ZodType, TDeps>(
  definition: JobDefinition<TSchema>,
  handler: (data: z.infer<TSchema>, deps: TDeps) => Promise<void>,
): BoundJob<TDeps> {
  return {
    definition,
    handler: (data, deps) => handler(definition.schema.parse(data) as z.infer<TSchema>, deps),
  };
}
