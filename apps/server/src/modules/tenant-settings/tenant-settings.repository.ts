import type { Executor } from '@cartera/db/client';
import { groups } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The tenant's root group: its country, configuration sections and feature flags. */
export async function findTenantRow(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ country: groups.country, configs: groups.configs, featureFlags: groups.featureFlags })
    .from(groups)
    .where(idInTenant(groups, tenantId, tenantId));
  return row;
}

/** The root group's configuration, locked until the transaction ends (a read-change-write). */
export async function lockTenantConfigs(tx: Executor, tenantId: string) {
  const [row] = await tx
    .select({ configs: groups.configs })
    .from(groups)
    .where(idInTenant(groups, tenantId, tenantId))
    .for('update');
  return row;
}

export async function saveTenantConfigs(
  db: Executor,
  tenantId: string,
  configs: Record<string, unknown>,
) {
  await db
    .update(groups)
    .set({ configs })
    .where(idInTenant(groups, tenantId, tenantId));
}

/** Whether a group of this tenant has the id (the `{id}` of the /group/{id}/… paths). */
export async function tenantGroupExists(db: Executor, tenantId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(idInTenant(groups, tenantId, groupId));
  return row !== undefined;
}
