import superjson from 'superjson';

/**
 * The wire format of every tRPC answer and event is superjson's: `{ json, meta? }`, where `meta`
 * names the paths of values JSON has no type for. superjson finds them by rebuilding the whole
 * answer value by value, which on a page of 50 timeline items cost the server more CPU than the
 * four queries behind it (docs/performance.md). Nearly everything procedures return is plain
 * data: objects, arrays, strings, finite numbers, booleans, null, Dates and undefined. For that
 * case `serializeOutput` gives the same wire format without a copy: the value itself is the
 * `json` (JSON.stringify writes a Date as the same ISO string superjson writes) and only the
 * paths of Dates and undefined values are collected. Anything else (Map, Set, BigInt, RegExp,
 * Error, class instances, NaN, ±Infinity, -0, invalid dates, very deep values) is handed to
 * superjson whole, so clients decode every answer with plain `superjson.deserialize`.
 */

type Annotation = ['Date'] | ['undefined'];
type Values = Record<string, Annotation>;

/** Marks a value the fast path does not handle. */
const NOT_PLAIN = Symbol('not plain');
const MAX_DEPTH = 64;

/** superjson's path syntax: segments joined by '.', with '\' and '.' inside a key escaped. */
const escapeKey = (key: string) =>
  key.includes('.') || key.includes('\\') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Collects the annotations under `value` into `values`; throws NOT_PLAIN where it can't. */
function walk(value: unknown, path: string, depth: number, values: Values): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_PLAIN;
      return;
    case 'undefined':
      values[path] = ['undefined'];
      return;
    case 'object': {
      if (value === null) return;
      if (depth > MAX_DEPTH) throw NOT_PLAIN;
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw NOT_PLAIN;
        values[path] = ['Date'];
        return;
      }
      const prefix = path === '' ? '' : `${path}.`;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) {
          walk(value[index], prefix + index, depth + 1, values);
        }
        return;
      }
      if (!isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
        throw NOT_PLAIN;
      }
      for (const key in value) {
        walk((value as Record<string, unknown>)[key], prefix + escapeKey(key), depth + 1, values);
      }
      return;
    }
    default:
      throw NOT_PLAIN;
  }
}

export function serializeOutput(value: unknown): ReturnType<typeof superjson.serialize> {
  const values: Values = {};
  try {
    walk(value, '', 0, values);
  } catch (error) {
    if (error === NOT_PLAIN) return superjson.serialize(value);
    throw error;
  }
  const paths = Object.keys(values);
  if (paths.length === 0) return { json: value as never };
  // A top-level Date or undefined: superjson writes its annotation without a path.
  const annotations = paths.length === 1 && paths[0] === '' ? values[''] : values;
  const json = value === undefined ? null : value;
  return { json: json as never, meta: { values: annotations as never, v: 1 } };
}

/** tRPC's transformer: superjson in, the fast path above out (same wire format). */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: superjson.deserialize.bind(superjson) },
};
