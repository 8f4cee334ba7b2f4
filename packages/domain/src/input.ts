import { z } from 'zod';
import { validationEs } from './i18n/validation.es';

/*
 * Input hygiene shared by every procedure and REST route (issue #19 §10). The server checks
 * every input with `inputHygieneErrors` before its schema runs (one check for all schemas, so no
 * schema can forget it); dates typed as text use ZInputDate, links a user gives use ZHttpUrl.
 */

export const INPUT_TEXTS = validationEs.input;

/** Dates a person can mean: four-digit years, which every layer (ISO text, PostgreSQL) keeps. */
export const EARLIEST_INPUT_DATE = Date.UTC(1000, 0, 1);
export const LATEST_INPUT_DATE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const NUL_OR_LONE_SURROGATE =
  // eslint-disable-next-line no-control-regex -- the NUL byte is what this looks for
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text without NUL bytes or halves of a character (lone UTF-16 surrogates). */
export function isCleanText(text: string): boolean {
  return !NUL_OR_LONE_SURROGATE.test(text);
}

export function isInputDate(date: Date): boolean {
  const time = date.getTime();
  return Number.isFinite(time) && time >= EARLIEST_INPUT_DATE && time <= LATEST_INPUT_DATE;
}

/**
 * Whether a YYYY-MM-DD names a day of the calendar (no 30 February) within the input dates, so
 * that PostgreSQL and every date function read it as the same day.
 */
export function isInputDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(0);
  parsed.setUTCFullYear(year, month - 1, date);
  return (
    parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === date &&
    isInputDate(parsed)
  );
}

const MAX_DEPTH = 32;

/**
 * Field errors for every string with a NUL or a lone surrogate and every date out of range in
 * an input, by path ('phones.0.phone'); empty when the input is clean. Keys are checked too.
 */
export function inputHygieneErrors(value: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    (errors[path || 'input'] ??= []).push(message);
  };
  const walk = (item: unknown, path: string, depth: number) => {
    if (depth > MAX_DEPTH) return add(path, INPUT_TEXTS.tooDeep);
    if (typeof item === 'string') {
      if (!isCleanText(item)) add(path, INPUT_TEXTS.invalidText);
    } else if (item instanceof Date) {
      if (!isInputDate(item)) add(path, INPUT_TEXTS.invalidDate);
    } else if (Array.isArray(item)) {
      item.forEach((each, index) =>
        walk(each, path ? `${path}.${index}` : String(index), depth + 1),
      );
    } else if (item && typeof item === 'object') {
      for (const [key, each] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) add(at, INPUT_TEXTS.invalidText);
        walk(each, at, depth + 1);
      }
    }
  };
  walk(value, '', 0);
  return errors;
}

/** A date typed as text or sent as a date, within EARLIEST/LATEST_INPUT_DATE. */
export const ZInputDate = z.coerce
  .date({ error: INPUT_TEXTS.invalidDate })
  .refine(isInputDate, { message: INPUT_TEXTS.invalidDate });

/** A link a user gives (attachments, shortcuts, addresses of integrations): http or https only. */
export const ZHttpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//i.test(url), { message: INPUT_TEXTS.invalidUrl });

/**
 * Any JSON value, as a jsonb column holds it (a configurable field's value, an item's content,
 * an audit snapshot, a job's payload): what an output schema says of free-form data instead of
 * `unknown`, so the references (/api/docs, /api/docs/procedures) show its shape and tests check
 * it. Its TypeScript type stays `unknown`, as the services build these values.
 */
export const ZJsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(ZJsonValue),
    z.record(z.string(), ZJsonValue),
  ]),
);

/** A JSON object (free-form data keyed by text: configurable fields by code, an item's content). */
export const ZJsonObject = z.record(z.string(), ZJsonValue);

const SCHEMA_TEXTS = validationEs.schema;

const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

/**
 * The Spanish text of one of zod's own issues (a zod error map: `z.config({ customError })`), so
 * a schema without a text of its own answers in Spanish: 'Requerido' for a missing field, the
 * bounds of a text, a list or a number, an id that is not a UUID.
 */
export function zodIssueText(issue: z.core.$ZodRawIssue): string {
  const bound = issue as { minimum?: unknown; maximum?: unknown; origin?: unknown };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return validationEs.required;
      return issue.expected === 'int' ? SCHEMA_TEXTS.integerRequired : SCHEMA_TEXTS.typeInvalid;
    case 'invalid_format':
      if (issue.format === 'uuid' || issue.format === 'guid') return SCHEMA_TEXTS.uuidInvalid;
      if (issue.format === 'email') return SCHEMA_TEXTS.emailInvalid;
      if (issue.format === 'url') return SCHEMA_TEXTS.urlInvalid;
      if (/date|time/.test(issue.format)) return INPUT_TEXTS.invalidDate;
      return validationEs.valueInvalid;
    case 'too_small':
      if (bound.origin === 'string') return fill(SCHEMA_TEXTS.textTooShort, bound);
      if (bound.origin === 'array' || bound.origin === 'set') {
        return fill(SCHEMA_TEXTS.listTooShort, bound);
      }
      return fill(SCHEMA_TEXTS.numberTooSmall, bound);
    case 'too_big':
      if (bound.origin === 'string') return fill(SCHEMA_TEXTS.textTooLong, bound);
      if (bound.origin === 'array' || bound.origin === 'set') {
        return fill(SCHEMA_TEXTS.listTooLong, bound);
      }
      return fill(SCHEMA_TEXTS.numberTooBig, bound);
    case 'unrecognized_keys':
      return fill(SCHEMA_TEXTS.unknownKeys, { keys: issue.keys.join(', ') });
    default:
      return validationEs.valueInvalid;
  }
}

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The schema of a change to some of an object's fields: every field optional and without its
 * default, so a field left out stays as it is instead of being reset (zod 4 applies defaults
 * inside `.partial()`).
 */
export function changeOf<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
    ]),
  );
  return z.object(shape) as unknown as z.ZodObject<{
    [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>>;
  }>;
}
