import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  parseTenantSection,
  type TenantSettingsOf,
  type TenantSettingsSection,
} from '@cartera/domain/tenant-settings';
import type { FeatureFlags } from '@cartera/domain/policy';
import { forgetRequestCached, requestCached } from '../../lib/request-cache';
import {
  findTenantRow,
  lockTenantConfigs,
  saveTenantConfigs,
  tenantGroupExists,
} from './tenant-settings.repository';

/*
 * The one reader of a tenant's configuration (`groups.configs.<section>` of its root group): each
 * section parsed with its schema from packages/domain/src/tenant-settings.ts, read once per
 * request. Services ask for the section they need; nothing else reads `configs`.
 */

export interface TenantBasics {
  country: string;
  /** The root group's own flags (a user's merged flags are on their session). */
  featureFlags: FeatureFlags;
}

async function tenantRow(db: Executor, tenantId: string) {
  const row = await requestCached(`tenant:${tenantId}`, () => findTenantRow(db, tenantId));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** The tenant's country and root flags. */
export async function tenantBasics(db: Executor, tenantId: string): Promise<TenantBasics> {
  const row = await tenantRow(db, tenantId);
  return { country: row.country, featureFlags: row.featureFlags };
}

/** One section of the tenant's configuration, parsed (defaults for what is missing or bad). */
export async function tenantSettings<S extends TenantSettingsSection>(
  db: Executor,
  tenantId: string,
  section: S,
): Promise<TenantSettingsOf<S>> {
  const row = await tenantRow(db, tenantId);
  return parseTenantSection(section, row.configs[section]);
}

/**
 * Replaces the stored fields of one section with `values` merged over what is stored, keeping
 * fields this code does not know (a newer instance may have written them).
 */
export async function saveTenantSection(
  db: Executor,
  tenantId: string,
  section: TenantSettingsSection,
  values: Record<string, unknown>,
) {
  const row = await findTenantRow(db, tenantId);
  if (!row) throw new DomainError('NOT_FOUND');
  const stored = (row.configs[section] ?? {}) as Record<string, unknown>;
  await saveTenantConfigs(db, tenantId, { ...row.configs, [section]: { ...stored, ...values } });
  forgetRequestCached(`tenant:${tenantId}`);
}

/**
 * Changes one section from what is stored now: `change` gets the parsed section under a lock of
 * the root group's row (two editors never lose each other's change) and answers the fields to
 * store over it, or throws to change nothing. `then`, when given, runs in the same transaction
 * after the write (the change's audit entry).
 */
export async function changeTenantSection<S extends TenantSettingsSection, T>(
  db: Database,
  tenantId: string,
  section: S,
  change: (current: TenantSettingsOf<S>) => { values: Record<string, unknown>; result: T },
  then?: (tx: Executor, current: TenantSettingsOf<S>, result: T) => Promise<void>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const row = await lockTenantConfigs(tx, tenantId);
    if (!row) throw new DomainError('NOT_FOUND');
    const stored = (row.configs[section] ?? {}) as Record<string, unknown>;
    const current = parseTenantSection(section, stored);
    const { values, result } = change(current);
    await saveTenantConfigs(tx, tenantId, { ...row.configs, [section]: { ...stored, ...values } });
    await then?.(tx, current, result);
    return result;
  });
  forgetRequestCached(`tenant:${tenantId}`);
  return result;
}

/**
 * changeTenantSection over several sections at once, under one lock and in one write: a setting
 * kept where its readers are (crmConfig spans `sale`, `contacts` and `conversation`) changes
 * whole or not at all. `change` answers, per section, the fields to store over it.
 */
export async function changeTenantSections<S extends TenantSettingsSection, T>(
  db: Database,
  tenantId: string,
  sections: readonly S[],
  change: (current: { [K in S]: TenantSettingsOf<K> }) => {
    values: Partial<Record<S, Record<string, unknown>>>;
    result: T;
  },
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const row = await lockTenantConfigs(tx, tenantId);
    if (!row) throw new DomainError('NOT_FOUND');
    const stored = (section: S) => (row.configs[section] ?? {}) as Record<string, unknown>;
    const current = Object.fromEntries(
      sections.map((section) => [section, parseTenantSection(section, stored(section))]),
    ) as { [K in S]: TenantSettingsOf<K> };
    const { values, result } = change(current);
    const configs = { ...row.configs };
    for (const section of sections) {
      const fields = values[section];
      if (fields) configs[section] = { ...stored(section), ...fields };
    }
    await saveTenantConfigs(tx, tenantId, configs);
    return result;
  });
  forgetRequestCached(`tenant:${tenantId}`);
  return result;
}

/**
 * The legacy paths /group/{id}/<section> (01 §7 'Groups and company') name any group of the
 * company; its configuration is the company's (the root group's). Another tenant's group, or
 * none, is GROUP_NOT_FOUND, whatever the caller's role.
 */
export async function requireTenantGroup(db: Executor, tenantId: string, groupId: string) {
  if (!(await tenantGroupExists(db, tenantId, groupId))) throw new DomainError('GROUP_NOT_FOUND');
}
