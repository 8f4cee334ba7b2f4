import fc from 'fast-check';
import { z } from 'zod';

/*
 * Inputs for the fuzz suite, generated from a procedure's own input schema (its JSON Schema, as
 * zod 4 writes it): mostly well-formed values, with the edges every field should survive (empty,
 * longest, NUL bytes, halves of characters, far dates), and now and then anything at all.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
};

/** Text as people and attackers type it: words, accents, emoji, control characters, surrogates. */
function text(minLength = 0, maxLength = 60): fc.Arbitrary<string> {
  const max = Math.min(maxLength, 80);
  const min = Math.min(minLength, max);
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('a\u0000b', '\uD800', "'; drop table contacts; --", '%_\\'),
    },
  );
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: text() });
    case 'email':
      return fc.oneof(
        { weight: 4, arbitrary: fc.emailAddress() },
        { weight: 1, arbitrary: text() },
      );
    case 'uri':
    case 'url':
      return fc.oneof(
        { weight: 3, arbitrary: fc.webUrl() },
        { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd') },
      );
    case 'date-time':
    case 'date':
      return fc
        .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      return text(schema.minLength ?? 0, schema.maxLength ?? 60);
  }
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
  const low = Math.max(min, -1e9);
  const high = Math.min(max, 1e9);
  const bounded = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true });
  return fc.oneof(
    { weight: 5, arbitrary: bounded },
    { weight: 1, arbitrary: fc.constantFrom(-1, 0, 2 ** 31, 1e308) },
  );
}

export function arbitraryOf(
  schema: JsonSchema,
  root: JsonSchema = schema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = root.$defs?.[name];
    return target ? arbitraryOf(target, root, depth + 1) : fc.jsonValue();
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length)
    return fc.oneof(...choices.map((each) => arbitraryOf(each, root, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]!, root, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? arbitraryOf(schema.items, root, depth + 1) : fc.jsonValue(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, each] of Object.entries(properties))
        record[key] = arbitraryOf(each, root, depth + 1);
      if (!Object.keys(record).length)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 });
      return fc.record(record, {
        requiredKeys: Object.keys(record).filter((key) => required.has(key)),
      });
    }
    default:
      // A value the schema cannot describe in JSON (dates): a date, near or absurd, or anything.
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.date({
            min: new Date(-8.64e15),
            max: new Date(8.64e15),
            noInvalidDate: true,
          }),
        },
        { weight: 1, arbitrary: fc.jsonValue() },
      );
  }
}

/** The input arbitrary of a zod schema: well-formed most of the time, anything sometimes. */
export function inputArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.jsonValue());
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return fc.jsonValue();
  }
  return fc.oneof(
    { weight: 9, arbitrary: arbitraryOf(json) },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
}
