import type { z } from 'zod';

/**
 * An output schema that documents what a procedure answers (the procedure reference, the typed
 * client) without tRPC checking every answer against it in production: for the hottest reads
 * (the timeline's 50 items a page cost about 8 % of the server's CPU to check, docs/performance.md)
 * and for subscriptions, whose answer is a stream of items that tRPC's output check cannot read.
 * Under tests (NODE_ENV=test) a query's or mutation's answer is checked, so the integration tests
 * keep the schema true; the answer itself is passed on unchanged either way.
 */
export function documentedOutput<T extends z.ZodType>(
  schema: T,
  options: { stream?: boolean } = {},
): T {
  const documented = schema.clone() as T;
  const checked = !options.stream && process.env.NODE_ENV === 'test';
  const pass = async (value: unknown) => {
    if (checked) await schema.parseAsync(value);
    return value;
  };
  // tRPC's output middleware calls parseAsync (getParseFn); nothing else uses this copy to parse.
  Object.assign(documented, { parseAsync: pass });
  return documented;
}
