import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { AuthUser } from '../sessions/session.types';
import { contactScope } from '../access/contacts';
import { contactListFilters, ZContactListFilterInput } from './contacts.service';
import {
  clusterLocatedContacts,
  findLocatedContacts,
  findLocatedContactsAt,
} from './contacts-map.repository';

/*
 * The contact map ('Mapa', /contacts/map, issue #44 item 1): the located contacts the caller may
 * see, filtered like the list, inside the visible box. Below MAP_POINTS_ZOOM they are grouped in
 * SQL into square cells of CELL_PIXELS on the screen (a grid of the Web Mercator plane at the
 * map's zoom): a cell of several is a cluster with its count, a cell of one is the contact
 * itself. From MAP_POINTS_ZOOM on (a few streets) every contact is a point, MAP_POINTS_LIMIT at
 * most. The answer is bounded by the screen, whatever the company's size.
 */

/** The side of a cluster's cell on the screen. */
export const CELL_PIXELS = 64;
/** From this zoom on, contacts are shown one by one. */
export const MAP_POINTS_ZOOM = 17;
/** The most contacts shown one by one in one answer. */
export const MAP_POINTS_LIMIT = 1000;
/** The deepest zoom the map offers. */
export const MAP_MAX_ZOOM = 19;

const ZLatitude = z.number().min(-90).max(90);
// Leaflet's box may run past ±180 when the map has been panned around the world.
const ZLongitude = z.number().min(-540).max(540);

export const ZContactMapInput = ZContactListFilterInput.extend({
  zoom: z.number().int().min(0).max(MAP_MAX_ZOOM),
  bounds: z
    .object({ south: ZLatitude, west: ZLongitude, north: ZLatitude, east: ZLongitude })
    .refine((box) => box.south <= box.north && box.west <= box.east, {
      message: 'south ≤ north and west ≤ east',
    }),
});

const ZPoint = z.object({ latitude: z.number(), longitude: z.number() });

export const ZContactMap = z.object({
  /** Located contacts in the box (clusters' counts plus points). */
  total: z.number().int(),
  /** Groups of several contacts: their mean point, count and extent (to zoom into). */
  clusters: z.array(
    ZPoint.extend({
      count: z.number().int().min(2),
      south: z.number(),
      west: z.number(),
      north: z.number(),
      east: z.number(),
    }),
  ),
  /** Contacts shown one by one. */
  points: z.array(
    ZPoint.extend({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      statusTag: z.string().nullable(),
    }),
  ),
  /** More than MAP_POINTS_LIMIT contacts at a point zoom: only the first are in `points`. */
  truncated: z.boolean(),
  /** Where the map's raster tiles come from (MAP_TILE_URL) and the credit they need. */
  tiles: z.object({ url: z.string(), attribution: z.string() }),
});
export type ContactMap = z.infer<typeof ZContactMap>;

export async function contactMap(
  db: Executor,
  user: AuthUser,
  tiles: ContactMap['tiles'],
  input: z.infer<typeof ZContactMapInput>,
): Promise<ContactMap> {
  const { zoom, bounds, ...rest } = input;
  const filters = contactListFilters(rest);
  const scope = await contactScope(db, user);
  if (zoom >= MAP_POINTS_ZOOM) {
    const rows = await findLocatedContacts(
      db,
      user.tenantId,
      scope,
      filters,
      bounds,
      MAP_POINTS_LIMIT + 1,
    );
    const points = rows.slice(0, MAP_POINTS_LIMIT);
    return {
      total: points.length,
      clusters: [],
      points,
      truncated: rows.length > MAP_POINTS_LIMIT,
      tiles,
    };
  }
  const cellsPerSide = 2 ** zoom * (256 / CELL_PIXELS);
  const cells = await clusterLocatedContacts(
    db,
    user.tenantId,
    scope,
    filters,
    bounds,
    cellsPerSide,
  );
  // A cell of one: its extent is its contact's exact point.
  const singles = cells
    .filter((cell) => cell.count === 1)
    .map((cell) => ({ latitude: cell.south, longitude: cell.west }));
  const points = await findLocatedContactsAt(db, user.tenantId, scope, filters, singles);
  const clusters = cells
    .filter((cell) => cell.count > 1)
    .map(({ count, latitude, longitude, south, west, north, east }) => ({
      count,
      latitude,
      longitude,
      south,
      west,
      north,
      east,
    }));
  return {
    total: cells.reduce((sum, cell) => sum + cell.count, 0),
    clusters,
    points,
    truncated: false,
    tiles,
  };
}
