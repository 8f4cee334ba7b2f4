/**
 * What the contact map asks the server and how it draws the answer (issue #44 item 1): the box
 * it asks for (the visible one and a margin, so a small pan shows what was just outside), the
 * extent to fit the first answer in, and the contacts at one same address stacked in one marker.
 */

export interface MapBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface MapView {
  zoom: number;
  bounds: MapBox;
}

/** The whole world: the first question, before the map knows where the contacts are. */
export const WORLD: MapBox = { south: -85, west: -180, north: 85, east: 180 };
/** Where an empty map opens (Montevideo), and how close. */
export const DEFAULT_CENTER: [number, number] = [-34.88, -56.17];
export const DEFAULT_ZOOM = 11;
/** The first fit never comes closer than this. */
export const FIT_MAX_ZOOM = 15;
/** The deepest zoom offered (the server's MAP_MAX_ZOOM). */
export const MAX_ZOOM = 19;
/** From this zoom the server sends every contact one by one (its MAP_POINTS_ZOOM). */
export const POINTS_ZOOM = 17;

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The box to ask for: the visible one grown by `margin` of its size on each side, kept inside
 * what the server accepts and rounded, so tiny moves ask the same question (one cached answer).
 */
export function queryBox(visible: MapBox, margin = 0.25): MapBox {
  const height = visible.north - visible.south;
  const width = visible.east - visible.west;
  const box = {
    south: clamp(visible.south - height * margin, -90, 90),
    north: clamp(visible.north + height * margin, -90, 90),
    west: clamp(visible.west - width * margin, -540, 540),
    east: clamp(visible.east + width * margin, -540, 540),
  };
  if (box.east - box.west >= 360) return { ...box, west: -180, east: 180 };
  return {
    south: round(box.south),
    north: round(box.north),
    west: round(box.west),
    east: round(box.east),
  };
}

interface Located {
  latitude: number;
  longitude: number;
}

/** The smallest box holding every cluster's extent and every point; null when there is none. */
export function extentOf(clusters: Array<Located & MapBox>, points: Located[]): MapBox | null {
  const boxes: MapBox[] = [
    ...clusters.map(({ south, west, north, east }) => ({ south, west, north, east })),
    ...points.map(({ latitude, longitude }) => ({
      south: latitude,
      north: latitude,
      west: longitude,
      east: longitude,
    })),
  ];
  if (boxes.length === 0) return null;
  return {
    south: Math.min(...boxes.map((box) => box.south)),
    north: Math.max(...boxes.map((box) => box.north)),
    west: Math.min(...boxes.map((box) => box.west)),
    east: Math.max(...boxes.map((box) => box.east)),
  };
}

/** Points at one same spot (a building's contacts) become one stack: one marker, a list. */
export function stackPoints<T extends Located>(points: T[]): T[][] {
  const stacks = new Map<string, T[]>();
  for (const point of points) {
    const key = `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
    const stack = stacks.get(key);
    if (stack) stack.push(point);
    else stacks.set(key, [point]);
  }
  return [...stacks.values()];
}

/** A cluster's disc grows with its count: 34 px for a few, 58 px for thousands. */
export function clusterSize(count: number): number {
  return Math.round(clamp(26 + 8 * Math.log10(count), 34, 58));
}

interface Cluster extends Located, MapBox {
  count: number;
}

/** The radius of a single contact's dot on the screen. */
export const POINT_RADIUS = 9;

/**
 * Groups whose discs would overlap on the screen become one (the grid's cells meet at their
 * edges, so two neighbours can fall close), and a dot under a disc joins it: biggest first, the
 * count summed, the point weighted by the counts, the extents joined. `project` gives screen
 * pixels for a place.
 */
export function mergeOverlapping<P extends Located>(
  clusters: Cluster[],
  points: P[],
  project: (latitude: number, longitude: number) => { x: number; y: number },
): { clusters: Cluster[]; points: P[] } {
  const kept: Array<Cluster & { x: number; y: number }> = [];
  const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }, gap: number) =>
    Math.hypot(a.x - b.x, a.y - b.y) < gap;
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const at = project(cluster.latitude, cluster.longitude);
    const into = kept.find((each) =>
      overlaps(each, at, (clusterSize(each.count) + clusterSize(cluster.count)) / 2),
    );
    if (into) absorb(into, cluster);
    else kept.push({ ...cluster, ...at });
  }
  const free: P[] = [];
  for (const point of points) {
    const at = project(point.latitude, point.longitude);
    const into = kept.find((each) =>
      overlaps(each, at, clusterSize(each.count) / 2 + POINT_RADIUS),
    );
    if (into) {
      absorb(into, {
        count: 1,
        latitude: point.latitude,
        longitude: point.longitude,
        south: point.latitude,
        north: point.latitude,
        west: point.longitude,
        east: point.longitude,
      });
    } else free.push(point);
  }
  return { clusters: kept.map(({ x: _x, y: _y, ...cluster }) => cluster), points: free };
}

function absorb(target: Cluster, other: Cluster) {
  const count = target.count + other.count;
  target.latitude = (target.latitude * target.count + other.latitude * other.count) / count;
  target.longitude = (target.longitude * target.count + other.longitude * other.count) / count;
  target.south = Math.min(target.south, other.south);
  target.north = Math.max(target.north, other.north);
  target.west = Math.min(target.west, other.west);
  target.east = Math.max(target.east, other.east);
  target.count = count;
}
