import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { z } from 'zod';
import { ERROR_HTTP_STATUS, type ErrorCode } from '@cartera/domain/errors';
import { errorMessage } from '@cartera/domain/i18n';
import {
  apiTokenAdmits,
  CAPABILITY_ROLES,
  FRAME,
  PROCEDURES_WITHOUT_AREA,
  ruleFor,
  SLUG_ROLES,
} from '@cartera/domain/policy';
import { ROLES, type Role } from '@cartera/domain/roles';
import { API_TOKEN_SCOPES } from '../modules/sessions/api-token.service';
import type { ApiTokenScope } from '../modules/sessions/session.types';
import { protectedProcedure, type ProcedureMeta } from '../trpc/init';
import { procedureErrors } from '../trpc/procedure-errors';
import { liveEventEntries, type LiveEventEntry } from '../realtime/live-events';

/**
 * The reference of every tRPC procedure (issue #19 §4), generated from the router itself: the
 * input and output JSON Schema of its zod schemas, who may call it (the area's roles and slug, the
 * roles of a `roleProcedure`, the token scopes) and the error codes it answers. Served at
 * /api/docs/procedures beside the REST reference (/api/docs).
 */
export interface ProcedureEntry {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  description: string;
  /** 'session' procedures need a signed-in user (cookie or API token). */
  access: 'public' | 'session';
  /** The screen it serves: the route guard of that screen applies to every call. */
  area: string | null;
  /** The permission slug of that screen, whose feature flags also apply. */
  slug: string | null;
  /** The capability a `roleProcedure` requires (packages/domain policy), if any. */
  capability: string | null;
  /** Roles that may call it (null for public procedures). */
  roles: Role[] | null;
  /** Without an area: the screens whose jail lists admit it ('*' = every screen's frame). */
  usedBy: string[];
  /** The API token scopes that admit it (none for session-only procedures). */
  tokenScopes: ApiTokenScope[];
  duringPasswordChange: boolean;
  input: unknown;
  output: unknown;
  errors: ErrorCode[];
}

export interface ProcedureReference {
  title: string;
  transport: Record<string, string>;
  errors: { code: ErrorCode; httpStatus: number; message: string }[];
  /** Every kind of event `realtime.events` delivers (realtime/live-events.ts). */
  liveEvents: LiveEventEntry[];
  procedures: ProcedureEntry[];
}

/** The middleware that makes a procedure need a session (the last one `protectedProcedure` adds). */
const SESSION_MIDDLEWARE = protectedProcedure._def.middlewares.at(-1);

/** Dates travel as superjson Dates; the schema says so instead of leaving them unrepresentable. */
function jsonSchemaOf(schemas: readonly unknown[], io: 'input' | 'output'): unknown {
  const zodSchemas = schemas.filter((schema): schema is z.ZodType => schema instanceof z.ZodType);
  if (zodSchemas.length === 0) return null;
  const convert = (schema: z.ZodType) =>
    z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      cycles: 'ref',
      override: ({ zodSchema, jsonSchema }) => {
        if (zodSchema._zod.def.type === 'date') {
          jsonSchema.type = 'string';
          jsonSchema.format = 'date-time';
          jsonSchema.description ??= 'A Date (sent as a superjson Date).';
        }
      },
    });
  return zodSchemas.length === 1 ? convert(zodSchemas[0]!) : { allOf: zodSchemas.map(convert) };
}

/**
 * Where an output schema says nothing precise: `unknown`, `any`, an object without fields or one
 * that lets any other field through. Paths like `items[].payload`; empty when the schema is
 * precise. The reference test refuses a procedure with any (or without an output schema).
 */
export function looseSchemaParts(schema: unknown, at = '$', seen = new Set<unknown>()): string[] {
  if (!(schema instanceof z.ZodType)) return [`${at}: not a zod schema`];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (key: string, path = at) => looseSchemaParts(def[key], path, seen);
  switch (def.type) {
    case 'unknown':
    case 'any':
      return [`${at}: ${def.type}`];
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const catchall = def.catchall as z.ZodType | undefined;
      return [
        ...(Object.keys(shape).length === 0 ? [`${at}: empty object`] : []),
        ...(catchall && catchall._zod.def.type !== 'never' ? inner('catchall', `${at}.*`) : []),
        ...Object.entries(shape).flatMap(([key, field]) =>
          looseSchemaParts(field, `${at}.${key}`, seen),
        ),
      ];
    }
    case 'array':
      return inner('element', `${at}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'union':
      return (def.options as unknown[]).flatMap((option) => looseSchemaParts(option, at, seen));
    case 'intersection':
      return [...inner('left'), ...inner('right')];
    case 'record':
      return inner('valueType', `${at}{}`);
    case 'tuple':
      return [
        ...(def.items as unknown[]).flatMap((item, index) =>
          looseSchemaParts(item, `${at}[${index}]`, seen),
        ),
        ...(def.rest ? inner('rest', `${at}[]`) : []),
      ];
    case 'pipe':
      return inner('out');
    case 'lazy':
      return looseSchemaParts((def.getter as () => unknown)(), at, seen);
    default:
      return [];
  }
}

/**
 * The roles that pass a guard: the area's roles and slug, then the listed roles (a
 * `roleProcedure`'s) and a capability's roles. Also the `x-roles` of a REST route (rest.ts).
 */
export function rolesFor(meta: Pick<ProcedureMeta, 'area' | 'roles' | 'capability'>): {
  roles: Role[];
  slug: string | null;
} {
  let roles: Role[] = [...ROLES];
  let slug: string | null = null;
  if (meta.area) {
    const rule = ruleFor(meta.area);
    if (rule) {
      if (rule.roles !== 'all') roles = roles.filter((role) => rule.roles.includes(role));
      if (rule.slug) {
        slug = rule.slug;
        roles = roles.filter((role) => SLUG_ROLES[rule.slug!].includes(role));
      }
    }
  }
  if (meta.roles) roles = roles.filter((role) => meta.roles!.includes(role));
  if (meta.capability) {
    const allowed: readonly Role[] = CAPABILITY_ROLES[meta.capability];
    roles = roles.filter((role) => allowed.includes(role));
  }
  return { roles, slug };
}

function entryFor(path: string, procedure: AnyProcedure): ProcedureEntry {
  const def = procedure._def as unknown as {
    type: ProcedureEntry['type'];
    meta?: ProcedureMeta;
    inputs: unknown[];
    output?: unknown;
    middlewares: unknown[];
  };
  const meta = def.meta ?? {};
  const session = def.middlewares.includes(SESSION_MIDDLEWARE);
  const { roles, slug } = rolesFor(meta);
  return {
    path,
    type: def.type,
    description: meta.description ?? '',
    access: session ? 'session' : 'public',
    area: meta.area ?? null,
    slug,
    capability: meta.capability ?? null,
    roles: session ? roles : null,
    usedBy: meta.area
      ? []
      : Object.entries(PROCEDURES_WITHOUT_AREA)
          .filter(([, paths]) => paths.includes(path))
          .map(([area]) => (area === FRAME ? '*' : area)),
    tokenScopes: session
      ? API_TOKEN_SCOPES.filter((scope) => apiTokenAdmits(scope, { path, type: def.type }))
      : [],
    duringPasswordChange: meta.duringPasswordChange === true,
    input: jsonSchemaOf(def.inputs, 'input'),
    output: def.output === undefined ? null : jsonSchemaOf([def.output], 'output'),
    errors: procedureErrors(meta, {
      type: def.type,
      session,
      duringPasswordChange: meta.duringPasswordChange === true,
    }),
  };
}

/** Every procedure of the router, sorted by path. */
export function procedureEntries(appRouter: AnyRouter): ProcedureEntry[] {
  const procedures = appRouter._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures)
    .map(([path, procedure]) => entryFor(path, procedure))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export function procedureReference(appRouter: AnyRouter): ProcedureReference {
  return {
    title: 'Cartera typed API (tRPC v11)',
    transport: {
      http: 'POST /api/trpc/{path} for mutations, GET /api/trpc/{path}?input=… for queries; batching with ?batch=1 (at most 50 calls per batch).',
      websocket: 'ws(s)://{host}/api/trpc for subscriptions (and calls) through one socket.',
      serialization:
        'superjson: every input and output travels as { json, meta }; Dates are superjson Dates.',
      authentication:
        'The web session cookie, or `Authorization: Bearer cart_…` with a personal API token (created in /settings, "Tokens de API"). A token calls only what its scope admits (tokenScopes).',
      errors:
        'An error answers the HTTP status of its code and carries data.domainCode, a Spanish message and, for INVALID_REQUEST_BODY, data.fieldErrors by field path.',
      client:
        'The typed client @cartera/client: createCarteraClient({ baseUrl, token }) with a personal API token; newItemId() for item ids.',
      liveEvents:
        'The subscription realtime.events delivers items { id, data } where data is { id, type, topic, payload, actorUserId, createdAt }; liveEvents lists every type with its topic, the JSON Schema of its payload and who receives it.',
    },
    errors: (Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]).map((code) => ({
      code,
      httpStatus: ERROR_HTTP_STATUS[code],
      message: errorMessage(code),
    })),
    liveEvents: liveEventEntries(),
    procedures: procedureEntries(appRouter),
  };
}
