import type { Executor } from '@cartera/db/client';
import { groups } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The two-letter country of a tenant (its root group), or null if there is no such tenant. */
export async function findTenantCountry(db: Executor, tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ country: groups.country })
    .from(groups)
    .where(idInTenant(groups, tenantId, tenantId))
    .limit(1);
  return row?.country.trim() ?? null;
}
