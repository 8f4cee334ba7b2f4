import type { z } from 'zod';
import type { AppDeps } from '../deps';

export interface JobSchedule<TData> {
  /** Cron expression (UTC), e.g. '15 3 * * *'. */
  cron: string;
  data: TData;
}

export interface JobOptions {
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
}

/**
 * A queue, the shape of its jobs and what handles them. Modules declare their jobs with
 * `defineJob` in `<module>.jobs.ts` and list them in jobs/registry.ts; `JobRunner` does the rest.
 */
export interface JobDefinition<TSchema extends z.ZodType = z.ZodType> {
  name: string;
  schema: TSchema;
  handler: (data: z.infer<TSchema>, deps: AppDeps) => Promise<void>;
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
