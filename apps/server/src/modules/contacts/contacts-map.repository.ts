import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts } from '@cartera/db/schema';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';
import { contactFilterConditions, type ContactListFilters } from './contacts.repository';

/** The visible part of the map, in degrees (west may exceed east across the antimeridian). */
export interface MapBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Web Mercator stops at ±85.0511°: latitudes beyond are drawn at its edge. */
const MERCATOR_LIMIT = 85.0511;

/**
 * Located contacts filtered like the list, inside the box; each query adds the tenant and the
 * caller's scope (access/contacts.conditions) itself.
 */
function locatedConditions(
  db: Executor,
  tenantId: string,
  filters: ContactListFilters,
  box: MapBox,
): SQL[] {
  const conditions: SQL[] = [
    isNotNull(contacts.latitude),
    isNotNull(contacts.longitude),
    sql`${contacts.latitude} between ${box.south} and ${box.north}`,
  ];
  conditions.push(...contactFilterConditions(db, tenantId, filters));
  if (box.east - box.west < 360) {
    const west = wrapLongitude(box.west);
    const east = wrapLongitude(box.east);
    conditions.push(
      west <= east
        ? sql`${contacts.longitude} between ${west} and ${east}`
        : sql`(${contacts.longitude} >= ${west} or ${contacts.longitude} <= ${east})`,
    );
  }
  return conditions;
}

function wrapLongitude(longitude: number) {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

/** The located contacts of the box themselves, `limit` at most (the nearest zooms, few contacts). */
export async function findLocatedContacts(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  filters: ContactListFilters,
  box: MapBox,
  limit: number,
) {
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    ...locatedConditions(db, tenantId, filters, box),
  ];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      statusTag: contacts.statusTag,
      latitude: sql<number>`${contacts.latitude}`,
      longitude: sql<number>`${contacts.longitude}`,
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(contacts.id)
    .limit(limit);
}

/**
 * The located contacts at the given points that the caller may see under the same filters: the
 * cells of one contact, found again by their exact place (a cell holds one contact exactly when
 * no other filtered contact shares its point; one lookup of contacts_tenant_location_idx each).
 */
export async function findLocatedContactsAt(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  filters: ContactListFilters,
  places: Array<{ latitude: number; longitude: number }>,
) {
  if (places.length === 0) return [];
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    isNotNull(contacts.latitude),
    isNotNull(contacts.longitude),
    or(
      ...places.map(
        (place) =>
          sql`(${contacts.latitude} = ${place.latitude} and ${contacts.longitude} = ${place.longitude})`,
      ),
    )!,
    ...contactFilterConditions(db, tenantId, filters),
  ];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      statusTag: contacts.statusTag,
      latitude: sql<number>`${contacts.latitude}`,
      longitude: sql<number>`${contacts.longitude}`,
    })
    .from(contacts)
    .where(and(...conditions));
}

/**
 * The located contacts of the box grouped in square cells of the Web Mercator plane: at
 * `cellsPerSide` cells across the world (2^zoom × 256 px / the cell's pixels), one row per cell
 * that holds any, with its count, mean point and extent (a cell of one: its contact's point).
 */
export async function clusterLocatedContacts(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  filters: ContactListFilters,
  box: MapBox,
  cellsPerSide: number,
) {
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    ...locatedConditions(db, tenantId, filters, box),
  ];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  const latitude = sql`least(greatest(${contacts.latitude}, ${-MERCATOR_LIMIT}), ${MERCATOR_LIMIT})`;
  const cellX = sql`floor((${contacts.longitude} + 180) / 360 * ${cellsPerSide})`;
  const cellY = sql`floor((1 - ln(tan(radians(${latitude})) + 1 / cos(radians(${latitude}))) / pi()) / 2 * ${cellsPerSide})`;
  return db
    .select({
      count: sql<number>`count(*)::int`,
      latitude: sql<number>`avg(${contacts.latitude})::float8`,
      longitude: sql<number>`avg(${contacts.longitude})::float8`,
      south: sql<number>`min(${contacts.latitude})::float8`,
      north: sql<number>`max(${contacts.latitude})::float8`,
      west: sql<number>`min(${contacts.longitude})::float8`,
      east: sql<number>`max(${contacts.longitude})::float8`,
    })
    .from(contacts)
    .where(and(...conditions))
    .groupBy(cellX, cellY);
}
