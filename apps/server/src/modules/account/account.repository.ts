import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups } from '@cartera/db/schema';

export async function findTenants(db: Executor) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      displayName: groups.displayName,
      country: groups.country,
    })
    .from(groups)
    .where(and(isNull(groups.parentId), eq(groups.active, true)))
    .orderBy(asc(groups.name));
}
