import { and, asc, eq, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, type ContactLocation } from '@cartera/db/schema';

/**
 * The geocoding job's queue: contacts with an address but no coordinates that the job has not
 * looked up yet (contacts_geocode_pending_idx), oldest first, with their tenant's country.
 */
export function findContactsToGeocode(db: Executor, limit: number) {
  return db
    .select({
      tenantId: contacts.tenantId,
      id: contacts.id,
      contactLocation: contacts.contactLocation,
      country: groups.country,
    })
    .from(contacts)
    .innerJoin(
      groups,
      and(eq(groups.tenantId, contacts.tenantId), eq(groups.id, contacts.tenantId)),
    )
    .where(
      and(
        isNull(contacts.latitude),
        isNotNull(contacts.contactLocation),
        isNull(contacts.geocodedAt),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(limit);
}

/**
 * Stores what the lookup found (coordinates, or none) unless the address changed meanwhile:
 * a sheet saved during the lookup keeps its own values and is looked up again.
 */
export async function saveGeocode(
  db: Executor,
  row: { tenantId: string; id: string; contactLocation: ContactLocation | null },
  point: { latitude: number; longitude: number } | null,
  at: Date,
) {
  const [saved] = await db
    .update(contacts)
    .set({
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      geocodedAt: at,
      // A lookup is no change of the contact's own.
      updatedAt: sql`${contacts.updatedAt}`,
    })
    .where(
      and(
        eq(contacts.tenantId, row.tenantId),
        eq(contacts.id, row.id),
        isNull(contacts.latitude),
        isNull(contacts.geocodedAt),
        sql`${contacts.contactLocation} = ${JSON.stringify(row.contactLocation)}::jsonb`,
      ),
    )
    .returning({ id: contacts.id });
  return Boolean(saved);
}
