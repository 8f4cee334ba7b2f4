import type { Executor } from '@cartera/db/client';

const queries = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A query called on every request is built once per database handle and name and prepared
 * (`build` ends in `.prepare(name)`): Drizzle does not rebuild its SQL, and PostgreSQL parses
 * it once per connection. Different SQL needs a different name.
 */
export function preparedOnce<T>(db: Executor, name: string, build: () => T): T {
  let byName = queries.get(db);
  if (!byName) {
    byName = new Map();
    queries.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build();
    byName.set(name, query);
  }
  return query;
}
