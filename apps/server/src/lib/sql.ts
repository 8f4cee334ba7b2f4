import {
  and,
  eq,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';

/** A value of a condition: given, or a placeholder of a prepared query (lib/prepared.ts). */
export type Ref = string | Placeholder;

/**
 * The row of `table` with id `id` in tenant `tenant` (every key is (tenant_id, id)): the
 * condition of a read by id, and of a join on a foreign key (`idInTenant(users,
 * notes.tenantId, notes.authorId)`).
 */
export function idInTenant(
  table: { tenantId: AnyColumn; id: AnyColumn },
  tenant: AnyColumn | Ref,
  id: AnyColumn | Ref,
): SQL {
  return and(eq(table.tenantId, tenant), eq(table.id, id)) as SQL;
}

/** Escapes LIKE wildcards so a search for "50%" looks for those characters, anywhere. */
export function likePattern(search: string) {
  return `%${escapeLike(search)}%`;
}

/** Whether any of `columns` contains `search`, case-insensitive (LIKE wildcards escaped). */
export function anyContains(search: string, columns: SQLWrapper[]): SQL {
  const pattern = likePattern(search);
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))!;
}

function escapeLike(search: string) {
  return search.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Terms shorter than this match the start of the searchable text only (an index range). */
export const SHORT_TERM_LENGTH = 3;

/**
 * The LIKE pattern of a contact search over `search_text`: anywhere for three characters or more
 * (the trigram index), the start (the folded first name) below that, where a trigram index
 * cannot help and an infix would read the whole tenant (issue #19 §15).
 */
export function searchTextPattern(folded: string) {
  return folded.length < SHORT_TERM_LENGTH ? `${escapeLike(folded)}%` : likePattern(folded);
}

/** A custom-field filter of a list: `value` may start with `not:`, `gt:` or `lt:` (02 §7). */
export interface FieldFilter {
  code: string;
  value: string;
}

/**
 * The condition of a custom-field filter on a jsonb column of values keyed by field code.
 * Equality on a list value means "contains"; gt/lt compare numbers numerically, text as text.
 */
export function fieldFilterCondition(column: AnyColumn, filter: FieldFilter): SQL {
  const match = /^(not|gt|lt):(.*)$/s.exec(filter.value);
  const operator = match?.[1] ?? 'eq';
  const value = match ? match[2]! : filter.value;
  const element = sql`${column} -> ${filter.code}`;
  const text = sql`${column} ->> ${filter.code}`;
  const equals = sql`(${text} = ${value} or (jsonb_typeof(${element}) = 'array' and ${element} ? ${value}))`;
  if (operator === 'eq') return equals;
  if (operator === 'not') return sql`(${element} is null or not ${equals})`;
  const number = Number(value);
  const comparable = Number.isFinite(number) && value.trim() !== '';
  const left = comparable
    ? sql`(case when jsonb_typeof(${element}) = 'number' then (${text})::numeric end)`
    : text;
  const right = comparable ? sql`${number}` : sql`${value}`;
  return operator === 'gt' ? sql`${left} > ${right}` : sql`${left} < ${right}`;
}

/** A write a unique constraint refused (PostgreSQL 23505), as the driver or Drizzle's cause says. */
export function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } } | null;
  return failure?.code === '23505' || failure?.cause?.code === '23505';
}

/** Runs `write`; when a unique constraint refuses it, throws `taken()` instead (what is taken). */
export async function unlessTaken<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
