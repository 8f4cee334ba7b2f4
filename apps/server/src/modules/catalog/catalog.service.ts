import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  matchesUsersFilters,
  ZUsersFilter,
  ZUsersFiltersInput,
} from '@cartera/domain/custom-fields';
import type { AuthUser } from '../sessions/session.types';
import {
  findGroupChoices,
  findOriginByCode,
  findOrigins,
  findTagByCode,
  findTags,
  findUserFields,
  upsertOrigin,
  upsertTag,
} from './catalog.repository';

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
  usersFilters: ZUsersFiltersInput,
  groupFilters: z.array(z.string().uuid()).max(200).default([]),
  position: z.number().int().min(0).max(10_000).default(0),
});

export const ZOriginInput = z.object({
  code: ZCode,
  name: z.string().trim().min(1).max(60),
  active: z.boolean().default(true),
  usersFilters: ZUsersFiltersInput,
  position: z.number().int().min(0).max(10_000).default(0),
});

/**
 * 03 §5: the active tags a user may use: their extra fields must match the tag's user filters,
 * and when the tag lists groups, the user's group or one above it must be among them.
 */
export async function tagsForUser(db: Executor, user: AuthUser) {
  const [rows, fields] = await Promise.all([
    findTags(db, user.tenantId, true),
    findUserFields(db, user.tenantId, user.id),
  ]);
  return rows.filter(
    (tag) =>
      matchesUsersFilters(tag.usersFilters, fields) &&
      (tag.groupFilters.length === 0 || tag.groupFilters.some((id) => user.groupPath.includes(id))),
  );
}

export async function originsForUser(db: Executor, user: AuthUser) {
  const [rows, fields] = await Promise.all([
    findOrigins(db, user.tenantId, true),
    findUserFields(db, user.tenantId, user.id),
  ]);
  return rows.filter((origin) => matchesUsersFilters(origin.usersFilters, fields));
}

export const ZGroupChoice = z.object({ id: z.string(), name: z.string(), path: z.string() });
export const groupChoices = (db: Executor, tenantId: string) => findGroupChoices(db, tenantId);

export const allTags = (db: Executor, tenantId: string) => findTags(db, tenantId, false);
export const allOrigins = (db: Executor, tenantId: string) => findOrigins(db, tenantId, false);

export async function saveTag(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZStatusTagInput>,
  id?: string,
) {
  const clash = await findTagByCode(db, tenantId, input.code);
  if (clash && clash.id !== id) throw new DomainError('STATUS_TAG_CODE_TAKEN');
  const row = await upsertTag(db, tenantId, input, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

export async function saveOrigin(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZOriginInput>,
  id?: string,
) {
  const clash = await findOriginByCode(db, tenantId, input.code);
  if (clash && clash.id !== id) throw new DomainError('ORIGIN_CODE_TAKEN');
  const row = await upsertOrigin(db, tenantId, input, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** A user's extra fields, which the catalog's user filters compare (tags, origins, reasons). */
export { findUserFields } from './catalog.repository';
