import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { FEATURE_FLAGS } from '@cartera/domain/policy';
import type { AuthSession } from '../sessions/session.types';
import { countCompany, findTenantGroups } from './admin.repository';

/*
 * 'Mi Empresa' › 'Resumen' (issue #17) and the legacy GET /company/… paths: the caller's own
 * company's figures, data and groups, for its comerciales, user managers and project managers.
 * Everything is read from the caller's tenant only; no id is taken from the request.
 */

/** A feature flag's value: 1 on, 0 off. */
export const ZFlagValue = z.union([z.literal(0), z.literal(1)]);

export const ZCompanyFigures = z.object({
  activeUsers: z.number(),
  inactiveUsers: z.number(),
  /** Active users whose main role is 'user' (Vendedor). */
  sellers: z.number(),
  /** Contacts of the company (sub-conversations left out). */
  contacts: z.number(),
  groups: z.number(),
});

export const ZCompanyGroup = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  ancestors: z.array(z.string()),
  name: z.string(),
  displayName: z.string().nullable(),
  active: z.boolean(),
  /** Active users of this group (not of its subgroups). */
  users: z.number(),
});
export type CompanyGroup = z.infer<typeof ZCompanyGroup>;

export const ZCompanyOverview = ZCompanyFigures.extend({ tree: z.array(ZCompanyGroup) });

export const ZCompanySettings = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  logo: z.string().nullable(),
  country: z.string(),
  /** Every known flag of the company (its root group's own value), 1 on, 0 off. */
  featureFlags: z.record(z.string(), ZFlagValue),
});

export const ZUserGroup = z.object({
  group: ZCompanyGroup,
  /** The groups above the caller's group, root first. */
  ancestors: z.array(ZCompanyGroup),
});

type GroupRow = Awaited<ReturnType<typeof findTenantGroups>>[number];

/** A group row as the company's tree shows it (`users` 0 when the row was read without it). */
export function toCompanyGroup(row: Omit<GroupRow, 'users'> & { users?: number }): CompanyGroup {
  return {
    id: row.id,
    parentId: row.parentId,
    ancestors: row.ancestors,
    name: row.name,
    displayName: row.displayName,
    active: row.active,
    users: row.users ?? 0,
  };
}

/** The company's groups, root first (by depth, then name). */
export async function companyGroups(db: Executor, tenantId: string): Promise<CompanyGroup[]> {
  return (await findTenantGroups(db, tenantId)).map(toCompanyGroup);
}

/** The figures of the admin's company view (the same count), for the company's own staff. */
export function companyFigures(db: Executor, tenantId: string) {
  return countCompany(db, tenantId);
}

export async function companyOverview(db: Executor, tenantId: string) {
  const [figures, tree] = await Promise.all([
    companyFigures(db, tenantId),
    companyGroups(db, tenantId),
  ]);
  return { ...figures, tree };
}

export async function companySettings(db: Executor, tenantId: string) {
  const root = (await findTenantGroups(db, tenantId)).find((row) => row.parentId === null);
  if (!root) throw new DomainError('GROUP_NOT_FOUND');
  const own = root.featureFlags as Record<string, 0 | 1>;
  return {
    id: root.id,
    name: root.name,
    displayName: root.displayName,
    logo: root.logo,
    country: root.country,
    featureFlags: Object.fromEntries(
      FEATURE_FLAGS.map((flag) => [flag, own[flag] === 1 ? 1 : 0] as const),
    ) as Record<string, 0 | 1>,
  };
}

/** The caller's group and the groups above it, root first. */
export async function userGroup(db: Executor, session: AuthSession) {
  const rows = await findTenantGroups(db, session.user.tenantId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const own = byId.get(session.user.groupId);
  if (!own) throw new DomainError('GROUP_NOT_FOUND');
  return {
    group: toCompanyGroup(own),
    ancestors: own.ancestors.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCompanyGroup(row)] : [];
    }),
  };
}
