import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { origins, statusTags, users } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { matchesUsersFilters, ZUsersFilter } from '@cartera/domain/custom-fields';
import type { AuthUser } from '../sessions/session.service';

const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const ZCode = z
  .string()
  .trim()
  .regex(/^[\w-]{1,60}$/);

export const ZStatusTag = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  active: z.boolean(),
  usersFilters: z.array(ZUsersFilter),
  groupFilters: z.array(z.string()),
  position: z.number(),
});

export const ZOrigin = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  usersFilters: z.array(ZUsersFilter),
  position: z.number(),
});

export const ZStatusTagInput = z.object({
  code: ZCode,
  name: z.string().trim().min(1).max(60),
  color: ZHexColor,
  active: z.boolean().default(true),
  usersFilters: z.array(ZUsersFilter).max(20).default([]),
  groupFilters: z.array(z.string().uuid()).max(200).default([]),
  position: z.number().int().min(0).max(10_000).default(0),
});

export const ZOriginInput = z.object({
  code: ZCode,
  name: z.string().trim().min(1).max(60),
  active: z.boolean().default(true),
  usersFilters: z.array(ZUsersFilter).max(20).default([]),
  position: z.number().int().min(0).max(10_000).default(0),
});

async function userFields(db: Executor, user: AuthUser) {
  const [row] = await db
    .select({ additionalData: users.additionalData })
    .from(users)
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, user.id)));
  return row?.additionalData ?? {};
}

/**
 * 03 §5: the active tags a user may use: their extra fields must match the tag's user filters,
 * and when the tag lists groups, the user's group or one above it must be among them.
 */
export async function tagsForUser(db: Executor, user: AuthUser) {
  const [rows, fields] = await Promise.all([
    db
      .select()
      .from(statusTags)
      .where(and(eq(statusTags.tenantId, user.tenantId), eq(statusTags.active, true)))
      .orderBy(asc(statusTags.position), asc(statusTags.name)),
    userFields(db, user),
  ]);
  return rows.filter(
    (tag) =>
      matchesUsersFilters(tag.usersFilters, fields) &&
      (tag.groupFilters.length === 0 || tag.groupFilters.some((id) => user.groupPath.includes(id))),
  );
}

export async function originsForUser(db: Executor, user: AuthUser) {
  const [rows, fields] = await Promise.all([
    db
      .select()
      .from(origins)
      .where(and(eq(origins.tenantId, user.tenantId), eq(origins.active, true)))
      .orderBy(asc(origins.position), asc(origins.name)),
    userFields(db, user),
  ]);
  return rows.filter((origin) => matchesUsersFilters(origin.usersFilters, fields));
}

export async function allTags(db: Executor, tenantId: string) {
  return db
    .select()
    .from(statusTags)
    .where(eq(statusTags.tenantId, tenantId))
    .orderBy(asc(statusTags.position), asc(statusTags.name));
}

export async function allOrigins(db: Executor, tenantId: string) {
  return db
    .select()
    .from(origins)
    .where(eq(origins.tenantId, tenantId))
    .orderBy(asc(origins.position), asc(origins.name));
}

export async function saveTag(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZStatusTagInput>,
  id?: string,
) {
  const [clash] = await db
    .select({ id: statusTags.id })
    .from(statusTags)
    .where(and(eq(statusTags.tenantId, tenantId), eq(statusTags.code, input.code)));
  if (clash && clash.id !== id) throw new DomainError('STATUS_TAG_CODE_TAKEN');
  if (!id)
    return (
      await db
        .insert(statusTags)
        .values({ ...input, tenantId })
        .returning()
    )[0]!;
  const [row] = await db
    .update(statusTags)
    .set(input)
    .where(and(eq(statusTags.tenantId, tenantId), eq(statusTags.id, id)))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export async function saveOrigin(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZOriginInput>,
  id?: string,
) {
  const [clash] = await db
    .select({ id: origins.id })
    .from(origins)
    .where(and(eq(origins.tenantId, tenantId), eq(origins.code, input.code)));
  if (clash && clash.id !== id) throw new DomainError('ORIGIN_CODE_TAKEN');
  if (!id)
    return (
      await db
        .insert(origins)
        .values({ ...input, tenantId })
        .returning()
    )[0]!;
  const [row] = await db
    .update(origins)
    .set(input)
    .where(and(eq(origins.tenantId, tenantId), eq(origins.id, id)))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}
