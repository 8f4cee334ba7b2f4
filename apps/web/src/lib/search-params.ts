import { isId } from '@cartera/domain/uuid';

/*
 * The address's search fields, for the routes' `validateSearch` (and loaders reading
 * `location.search`). A field that is absent or does not fit is left out, never refused: an old
 * or hand-edited address still opens its screen.
 *
 * Plain functions, not zod: the route tree is part of the first bundle the login page downloads,
 * and zod there cost 14 KB compressed even as `zod/mini` (issue #35 item 2; docs/performance.md
 * "First load on mobile data").
 */

/** Reads one field: its value, or undefined when it does not fit. */
export type Param<T> = (value: unknown) => T | undefined;

type SearchOfShape<S extends Record<string, Param<unknown>>> = {
  [K in keyof S]?: S[K] extends Param<infer T> ? T : never;
};

/** A route's search: each field read by its `Param`; the rest of the address is dropped. */
export function searchParams<S extends Record<string, Param<unknown>>>(shape: S) {
  return (search: Record<string, unknown>): SearchOfShape<S> => {
    const read: Record<string, unknown> = {};
    for (const [key, param] of Object.entries(shape)) {
      const value = param(search[key]);
      if (value !== undefined) read[key] = value;
    }
    return read as SearchOfShape<S>;
  };
}

export type SearchOf<T extends (search: Record<string, unknown>) => unknown> = ReturnType<T>;

/** Text, trimmed, not empty, `max` characters at most. */
export const textParam =
  (max = 100): Param<string> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const text = value.trim();
    return text && text.length <= max ? text : undefined;
  };

/** A record's id (UUID). */
export const idParam = (): Param<string> => (value) => (isId(value) ? value : undefined);

/** A calendar day, YYYY-MM-DD. */
export const dayParam = (): Param<string> => (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

/** `true` or `false`. */
export const flagParam = (): Param<boolean> => (value) =>
  typeof value === 'boolean' ? value : undefined;

/** One of `values`. */
export const oneOfParam =
  <const T extends readonly string[]>(values: T): Param<T[number]> =>
  (value) =>
    values.includes(value as string) ? (value as T[number]) : undefined;

/** The first of `params` that reads the value. */
export const eitherParam =
  <A, B>(first: Param<A>, second: Param<B>): Param<A | B> =>
  (value) =>
    first(value) ?? second(value);

/** Several of `values`, each once at most. */
export const someOfParam =
  <const T extends readonly string[]>(values: T): Param<Array<T[number]>> =>
  (value) =>
    Array.isArray(value) &&
    value.length <= values.length &&
    value.every((each) => values.includes(each as string))
      ? (value as Array<T[number]>)
      : undefined;

/** The custom-field filters of the contacts' and companies' lists (20 at most). */
export const fieldFiltersParam = (): Param<Array<{ code: string; value: string }>> => (value) => {
  if (!Array.isArray(value) || value.length > 20) return undefined;
  const filters: Array<{ code: string; value: string }> = [];
  for (const each of value as unknown[]) {
    if (typeof each !== 'object' || each === null) return undefined;
    const { code, value: text } = each as Record<string, unknown>;
    if (typeof code !== 'string' || code.length < 1 || code.length > 60) return undefined;
    if (typeof text !== 'string' || text.length < 1 || text.length > 200) return undefined;
    filters.push({ code, value: text });
  }
  return filters;
};
