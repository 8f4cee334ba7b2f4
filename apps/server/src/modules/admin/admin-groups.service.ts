import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type {
  ZCreateGroupInput,
  ZMoveGroupInput,
  ZSetFlagInput,
  ZUpdateGroupInput,
} from '@cartera/domain/admin';
import { countryName, groupMatches } from '@cartera/domain/admin';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { resolveFlags, type FeatureFlags } from '@cartera/domain/policy';
import type { AuthSession } from '../sessions/session.types';
import {
  countCompany,
  findGroup,
  findTenantGroups,
  insertGroup,
  moveGroup as moveGroupRows,
  siblingNameTaken,
  updateGroup as updateGroupRow,
} from './admin.repository';
import { changedFields, recordGroupAudit, type RequestOrigin } from '../audit/audit.service';
import { pickFields } from '../../lib/fields';
import {
  ZCompanyFigures,
  ZCompanyGroup,
  ZCompanySettings,
  ZFlagValue,
  toCompanyGroup,
} from './company-overview.service';

/*
 * The group tree of 'Administración' (/grupos): a tenant's groups, created, renamed, moved,
 * (de)activated, and their feature flags. Every read and write is scoped to the caller's tenant:
 * a group of another company is GROUP_NOT_FOUND, as if it did not exist.
 */

/** A group of the tree with its data and its own flags (the tree's group, and more). */
export const ZAdminGroup = ZCompanyGroup.extend({
  logo: z.string().nullable(),
  country: z.string(),
  countryName: z.string(),
  /** The group's own flags; what it inherits comes from its ancestors (`resolveFlags`). */
  featureFlags: z.record(z.string(), ZFlagValue),
  /** With a search: whether this group matched (the others are its ancestors, for the tree). */
  match: z.boolean(),
});
export type AdminGroup = z.infer<typeof ZAdminGroup>;

export const ZListGroupsInput = z.object({ search: z.string().trim().max(100).optional() });

type GroupRow = Awaited<ReturnType<typeof findGroup>> & {};

function toAdminGroup(row: GroupRow & { users?: number }, match = true): AdminGroup {
  return {
    ...toCompanyGroup(row),
    logo: row.logo,
    country: row.country,
    countryName: countryName(row.country),
    featureFlags: row.featureFlags as Record<string, 0 | 1>,
    match,
  };
}

/** What the audit log keeps of a group. */
function auditedGroup(row: GroupRow) {
  return pickFields(row, ['name', 'displayName', 'country', 'active', 'parentId']);
}

/**
 * The tenant's groups, root first (a tree by `parentId`). With a search (01 §5: name, id or
 * country name), the matching groups and the groups above them, so the tree keeps its shape.
 */
export async function listGroups(
  db: Executor,
  tenantId: string,
  input: z.infer<typeof ZListGroupsInput>,
): Promise<AdminGroup[]> {
  const rows = await findTenantGroups(db, tenantId);
  if (!input.search) return rows.map((row) => toAdminGroup(row));
  const matches = new Set(rows.filter((row) => groupMatches(row, input.search!)).map((r) => r.id));
  const shown = new Set(matches);
  for (const row of rows) {
    if (matches.has(row.id)) for (const id of row.ancestors) shown.add(id);
  }
  return rows
    .filter((row) => shown.has(row.id))
    .map((row) => toAdminGroup(row, matches.has(row.id)));
}

export async function requireGroup(db: Executor, tenantId: string, id: string, lock = false) {
  const group = await findGroup(db, tenantId, id, lock);
  if (!group) throw new DomainError('GROUP_NOT_FOUND');
  return group;
}

/**
 * A change to one group of the caller's company, in one transaction with the group's row locked;
 * answers the group `change` leaves, as the administration shows it.
 */
function changeGroup(
  db: Database,
  tenantId: string,
  id: string,
  change: (tx: Executor, group: GroupRow) => Promise<GroupRow>,
): Promise<AdminGroup> {
  return db.transaction(async (tx) => {
    const group = await requireGroup(tx, tenantId, id, true);
    return toAdminGroup(await change(tx, group));
  });
}

export async function createGroup(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZCreateGroupInput>,
  from: RequestOrigin,
): Promise<AdminGroup> {
  const tenantId = session.user.tenantId;
  return db.transaction(async (tx) => {
    const parent = await requireGroup(tx, tenantId, input.parentId, true);
    if (await siblingNameTaken(tx, tenantId, parent.id, input.name)) {
      throw new DomainError('GROUP_NAME_TAKEN');
    }
    const created = await insertGroup(tx, {
      tenantId,
      id: newId(),
      parentId: parent.id,
      ancestors: [...parent.ancestors, parent.id],
      name: input.name,
      displayName: input.displayName || null,
      country: input.country ?? parent.country,
    });
    await recordGroupAudit(tx, { actor: session, from }, 'group.create', created.id, {
      before: null,
      after: auditedGroup(created),
    });
    return toAdminGroup(created);
  });
}

export async function updateGroup(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZUpdateGroupInput>,
  from: RequestOrigin,
): Promise<AdminGroup> {
  const tenantId = session.user.tenantId;
  return changeGroup(db, tenantId, input.id, async (tx, group) => {
    const { data } = input;
    if (data.active === false && group.parentId === null) {
      throw new DomainError('GROUP_ROOT_LOCKED');
    }
    if (
      data.name &&
      group.parentId &&
      (await siblingNameTaken(tx, tenantId, group.parentId, data.name, group.id))
    ) {
      throw new DomainError('GROUP_NAME_TAKEN');
    }
    const values = {
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.displayName !== undefined ? { displayName: data.displayName || null } : {}),
      ...(data.country !== undefined ? { country: data.country } : {}),
      ...(data.active !== undefined ? { active: data.active } : {}),
    };
    const before = auditedGroup(group);
    const diff = changedFields(before, { ...before, ...values });
    if (!diff.changed) return group;
    const updated = await updateGroupRow(tx, tenantId, group.id, values);
    await recordGroupAudit(tx, { actor: session, from }, 'group.update', group.id, {
      before: diff.before,
      after: diff.after,
    });
    return updated;
  });
}

/** Moves a group (with everything below it) under another group of the tenant. */
export async function moveGroup(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZMoveGroupInput>,
  from: RequestOrigin,
): Promise<AdminGroup> {
  const tenantId = session.user.tenantId;
  return changeGroup(db, tenantId, input.id, async (tx, group) => {
    const parent = await requireGroup(tx, tenantId, input.parentId, true);
    if (group.parentId === null) throw new DomainError('GROUP_ROOT_LOCKED');
    if (parent.id === group.id || parent.ancestors.includes(group.id)) {
      throw new DomainError('GROUP_MOVE_INVALID');
    }
    if (parent.id === group.parentId) return group;
    if (await siblingNameTaken(tx, tenantId, parent.id, group.name, group.id)) {
      throw new DomainError('GROUP_NAME_TAKEN');
    }
    await moveGroupRows(tx, tenantId, group.id, [...parent.ancestors, parent.id]);
    await recordGroupAudit(tx, { actor: session, from }, 'group.move', group.id, {
      before: { parentId: group.parentId },
      after: { parentId: parent.id },
    });
    return (await requireGroup(tx, tenantId, group.id))!;
  });
}

/**
 * Sets a group's own value of a flag (1 or 0), or removes it so the group inherits again. The
 * change reaches every user of the group's subtree on their next call: their sessions are read
 * again after any write to groups (the session cache's announcements), and open tabs are told
 * through their live stream (`session.changed`).
 */
export async function setFlag(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZSetFlagInput>,
  from: RequestOrigin,
): Promise<AdminGroup> {
  const tenantId = session.user.tenantId;
  return changeGroup(db, tenantId, input.groupId, async (tx, group) => {
    const flags: FeatureFlags = { ...group.featureFlags };
    const before = flags[input.flag] ?? null;
    if (before === input.value) return group;
    if (input.value === null) delete flags[input.flag];
    else flags[input.flag] = input.value;
    const updated = await updateGroupRow(tx, tenantId, group.id, { featureFlags: flags });
    await recordGroupAudit(tx, { actor: session, from }, 'group.flag', group.id, {
      before: { [input.flag]: before },
      after: { [input.flag]: input.value },
    });
    return updated;
  });
}

export const ZGroupFlags = z.object({
  groupId: z.string(),
  /** The group's own values. */
  own: z.record(z.string(), ZFlagValue),
  /** What is in force for the group's users (own over inherited, nearest group first). */
  effective: z.record(z.string(), ZFlagValue),
});

/** A group's own flags and those in force for it (legacy GET /group/{id}/featureflag). */
export async function groupFlags(db: Executor, tenantId: string, groupId: string) {
  const group = await requireGroup(db, tenantId, groupId);
  const all = await findTenantGroups(db, tenantId);
  const path = [...group.ancestors, group.id].map(
    (id) => all.find((each) => each.id === id)?.featureFlags,
  );
  return {
    groupId: group.id,
    own: group.featureFlags as Record<string, 0 | 1>,
    effective: resolveFlags(path) as Record<string, 0 | 1>,
  };
}

export const ZCompanyInput = z.object({ id: z.string().uuid() });

/**
 * The company's data (its root group's, with its own flags rather than every known one), whether
 * it is active and its figures.
 */
export const ZCompanyView = ZCompanySettings.extend({
  countryName: z.string(),
  active: z.boolean(),
  ...ZCompanyFigures.shape,
});

/**
 * The admin's company view (01 §2 /comercial/{companyId}): one company, named by its root
 * group, with its data, its figures and its flags. Only the admin's own company: any other id,
 * a subgroup's too, is GROUP_NOT_FOUND (docs/decisions.md, /grupos works on one tenant).
 */
export async function companyView(db: Executor, tenantId: string, id: string) {
  const group = await findGroup(db, tenantId, id);
  if (!group || group.parentId !== null) throw new DomainError('GROUP_NOT_FOUND');
  const counts = await countCompany(db, tenantId);
  return {
    id: group.id,
    name: group.name,
    displayName: group.displayName,
    logo: group.logo,
    country: group.country,
    countryName: countryName(group.country),
    active: group.active,
    ...counts,
    featureFlags: group.featureFlags as Record<string, 0 | 1>,
  };
}
