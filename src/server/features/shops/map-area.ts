// Map areas (issue 31, the map's 'Search this area'): the shops inside a latitude/longitude box, edges included,
// nearest the box's centre first, up to a page of MAX_AREA_PAGE_SIZE; read through an index on both databases.
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';
import { hasGlobeIndex, isLocated, nearestWithinReach, onGlobe, shopOnGlobe, shopPoint } from './globe.js';
import type { ListedRow, ListQuery, Selection } from './service.js';

export interface MapArea {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/** The query's map area, or null without one (shared/api/shops.ts checks that all four bounds come together). */
export function mapAreaOf(query: ListQuery): MapArea | null {
  const { minLatitude, maxLatitude, minLongitude, maxLongitude } = query;
  if (minLatitude === undefined || maxLatitude === undefined) return null;
  if (minLongitude === undefined || maxLongitude === undefined) return null;
  return { minLatitude, maxLatitude, minLongitude, maxLongitude };
}

/**
 * The area's shops that pass the filters, nearest its centre (the midpoint of its latitudes and of its longitudes)
 * first, by great-circle distance. The exact test is the latitude and longitude ranges, edges included; the index
 * condition in front of it is what bounds the rows read, so a sparse area costs what it holds, not the whole map.
 *
 * Bitmap scans are off for the statement (its own transaction): the planner takes any box for a thousandth of the
 * shops (the fixed estimate of the geometric operators), so for a city-wide area it would read every shop inside
 * and sort them (150 ms at 100,000 shops) rather than walk the index outwards from the centre and stop at the page
 * (4 ms). Without bitmaps the walk is the plan, in a dense area and a sparse one alike.
 */
export async function shopsInArea(
  db: Database,
  area: MapArea,
  page: Pick<ListQuery, 'limit' | 'offset'>,
  filters: SQL[],
  selection: Selection,
  rankOrder: SQL[],
): Promise<ListedRow[]> {
  // Asked of the database itself: hasGlobeIndex remembers its answer per database, not per transaction.
  const globe = await hasGlobeIndex(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true)`);
    return readArea(tx, globe, area, page, filters, selection, rankOrder);
  });
}

async function readArea(
  db: Transaction,
  globe: boolean,
  area: MapArea,
  page: Pick<ListQuery, 'limit' | 'offset'>,
  filters: SQL[],
  selection: Selection,
  rankOrder: SQL[],
): Promise<ListedRow[]> {
  const inArea = sql`${coffeeShops.latitude} between ${area.minLatitude} and ${area.maxLatitude} and ${coffeeShops.longitude} between ${area.minLongitude} and ${area.maxLongitude}`;
  const centre = {
    latitude: (area.minLatitude + area.maxLatitude) / 2,
    longitude: (area.minLongitude + area.maxLongitude) / 2,
  };

  if (globe) {
    // PostgreSQL: one walk of the globe index from the centre outwards (exact great-circle order, as nearest first
    // is), its entries kept to the box on the sphere that holds the area, so the walk ends where the area does.
    const [low, high] = globeBounds(area);
    const here = onGlobe(centre.latitude, centre.longitude);
    return db
      .select(selection)
      .from(coffeeShops)
      .where(
        and(
          ...filters,
          isLocated,
          sql`${shopOnGlobe} <@ cube(${cubeCorner(low)}, ${cubeCorner(high)})`,
          inArea,
        ),
      )
      .orderBy(sql`${shopOnGlobe} <-> cube(${cubeCorner(here)})`)
      .limit(page.limit)
      .offset(page.offset);
  }

  // PGlite (no cube): the point index's nearest-neighbour walk within the area finds a page's worth of shops, the
  // farthest of them by great-circle distance bounds the circle the true nearest lie in, and the shops of the
  // area within that circle's box are read and ordered exactly (globe.ts nearestWithinReach, as nearest first does).
  const wanted = page.offset + page.limit;
  const inAreaIndexed = sql`${shopPoint} <@ box(point(${area.minLongitude}, ${area.minLatitude}), point(${area.maxLongitude}, ${area.maxLatitude}))`;
  const rows = await nearestWithinReach(db, centre, {
    selection,
    filters: [...filters, inAreaIndexed, inArea],
    wanted,
    rankOrder,
  });
  return rows.slice(page.offset);
}

const cubeCorner = (point: number[]) =>
  sql`array[${sql.join(
    point.map((value) => sql`${value}`),
    sql`, `,
  )}]::float8[]`;

/**
 * The smallest box in (x, y, z) that holds every point of the area on the unit sphere, as shopOnGlobe places them:
 * z = sin(latitude) grows with latitude; x and y are cos(latitude) (never negative) times cos and sin of the
 * longitude, each a range whose ends are at the area's edges or where the function peaks within it. A hair wider
 * than exact, so rounding in SQL's trigonometry never drops a shop on an edge: the exact test comes after.
 */
export function globeBounds(area: MapArea): [low: number[], high: number[]] {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [south, north] = [radians(area.minLatitude), radians(area.maxLatitude)];
  const [west, east] = [radians(area.minLongitude), radians(area.maxLongitude)];
  const span = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];
  const holds = (angle: number) => west <= angle && angle <= east;
  const radius = span([Math.cos(south), Math.cos(north), ...(south <= 0 && north >= 0 ? [1] : [])]);
  const cosine = span([
    Math.cos(west),
    Math.cos(east),
    ...(holds(0) ? [1] : []),
    ...(holds(Math.PI) || holds(-Math.PI) ? [-1] : []),
  ]);
  const sine = span([
    Math.sin(west),
    Math.sin(east),
    ...(holds(Math.PI / 2) ? [1] : []),
    ...(holds(-Math.PI / 2) ? [-1] : []),
  ]);
  const product = (a: [number, number], b: [number, number]) =>
    span([a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]);
  const axes = [product(radius, cosine), product(radius, sine), span([Math.sin(south), Math.sin(north)])];
  const margin = 1e-9;
  return [axes.map(([low]) => low - margin), axes.map(([, high]) => high + margin)];
}
