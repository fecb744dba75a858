// Where shops are on the earth, in SQL: great-circle distance, and each located shop as a point on the unit sphere
// as the globe indexes of migration 0005 spell it (nearest first and map areas on PostgreSQL).
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';
import type { ListedRow, Selection } from './service.js';

export const EARTH_RADIUS_KM = 6371;

/**
 * A stored coordinate with anything under a tenth of a micro-degree read as 0. Coordinates are rounded to 6
 * decimals on the way in (shared/api/text.ts), but a row stored before may hold 1e-320, whose sine squared
 * underflows, and PostgreSQL raises underflow as an error, not a zero: one such shop broke every nearby search.
 */
const nearZero = (column: typeof coffeeShops.latitude | typeof coffeeShops.longitude) =>
  sql`(case when abs(${column}) < 1e-7 then 0 else ${column} end)`;

/**
 * Great-circle (haversine) distance in km from a point to each shop; null for shops without a location. It
 * cannot fail on any stored row: tiny values count as 0, and least(1, …) keeps asin's argument in its domain
 * where rounding lifts it a hair past 1 (points at opposite ends of the earth).
 */
export function distanceSql(latitude: number, longitude: number): SQL<number | null> {
  const [shopLatitude, shopLongitude] = [nearZero(coffeeShops.latitude), nearZero(coffeeShops.longitude)];
  // least() skips nulls, so a shop without a location is kept null by the case, not turned into asin(1).
  return sql<
    number | null
  >`(case when ${coffeeShops.latitude} is null or ${coffeeShops.longitude} is null then null
    else ${2 * EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(${shopLatitude} - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(${shopLatitude})) *
    power(sin(radians(${shopLongitude} - ${longitude}) / 2), 2)))) end)`;
}

/** Each shop as a point of the location index coffee_shops_location_gist (x = longitude, y = latitude). */
export const shopPoint = sql`point(${coffeeShops.longitude}, ${coffeeShops.latitude})`;

/**
 * Shops within the smallest latitude/longitude box that holds the circle of reachKm around a place, a condition the
 * location index answers: latitude ± R; longitude ± asin(sin R / cos latitude), the widest the circle gets (all
 * longitudes when it holds a pole). R as an angle at the earth's centre; a hair wider against rounding.
 */
export function inCircleBoxSql(latitude: number, longitude: number, reachKm: SQL): SQL {
  const cosine = Math.cos((latitude * Math.PI) / 180);
  const angle = sql`(${reachKm} * 1.000001 / ${EARTH_RADIUS_KM})`;
  const latDelta = sql`degrees(${angle})`;
  const lonDelta = sql`(case when sin(${angle}) >= ${cosine} then 180 else degrees(asin(sin(${angle}) / ${cosine})) end)`;
  return sql`${shopPoint} <@ box(point(${longitude} - ${lonDelta}, ${latitude} - ${latDelta}), point(${longitude} + ${lonDelta}, ${latitude} + ${latDelta}))`;
}

/**
 * Nearest first on the point index (PGlite has no cube; nearest first and map areas both use this): the index's
 * nearest-neighbour walk (`<->`, flat distance in degrees: cheap, but not the great-circle order) finds `wanted`
 * matches, the greatest great-circle distance among them bounds the circle the true nearest lie in, and the matches
 * inside that circle's box (the index again) are read and ordered exactly, then by `rankOrder`. One statement;
 * fewer than `wanted` rows when fewer shops match.
 */
export function nearestWithinReach(
  db: Database | Transaction,
  place: { latitude: number; longitude: number },
  {
    selection,
    filters,
    wanted,
    rankOrder,
  }: { selection: Selection; filters: SQL[]; wanted: number; rankOrder: SQL[] },
): Promise<ListedRow[]> {
  const { latitude, longitude } = place;
  const fromPlace = distanceSql(latitude, longitude);
  const firstFound = db
    .select({ km: sql<number>`${fromPlace}`.as('km') })
    .from(coffeeShops)
    .where(and(...filters))
    .orderBy(sql`${shopPoint} <-> point(${longitude}, ${latitude})`)
    .limit(wanted)
    .as('first_found');
  const reach = db
    .$with('reach')
    .as(db.select({ km: sql<number>`max(${firstFound.km})`.as('km') }).from(firstFound));
  return db
    .with(reach)
    .select(selection)
    .from(coffeeShops)
    .innerJoin(reach, sql`true`)
    .where(
      and(
        ...filters,
        inCircleBoxSql(latitude, longitude, sql`${reach.km}`),
        sql`${fromPlace} <= ${reach.km}`,
      ),
    )
    .orderBy(sql`${fromPlace} asc`, ...rankOrder)
    .limit(wanted);
}

// PostgreSQL: nearest first from the globe indexes of migration 0005 — each located shop as a point on the unit
// sphere (x, y, z) in the cube extension's type. Straight-line distance between such points grows with
// great-circle distance, so the index's `<->` walk lists shops exactly nearest first and reads only the page
// (coffee_shops_globe_promoted for Featured Only). PGlite has no cube (see db/client.ts): the point index there.

/** Each located shop on the globe, spelled exactly as the globe indexes are so the planner uses them. */
export const shopOnGlobe = sql`cube(array[cos(radians(${coffeeShops.latitude})) * cos(radians(${coffeeShops.longitude})), cos(radians(${coffeeShops.latitude})) * sin(radians(${coffeeShops.longitude})), sin(radians(${coffeeShops.latitude}))])`;
export const isLocated = sql`${coffeeShops.latitude} is not null and ${coffeeShops.longitude} is not null`;

/** A place as the point (x, y, z) on the unit sphere, as shopOnGlobe places a shop. */
export function onGlobe(latitude: number, longitude: number): [number, number, number] {
  const toRadians = Math.PI / 180;
  const [phi, lambda] = [latitude * toRadians, longitude * toRadians];
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

const globeIndexes = new WeakMap<Database, Promise<boolean>>();
/** Whether this database has the globe indexes (asked once per database). */
export function hasGlobeIndex(db: Database): Promise<boolean> {
  let known = globeIndexes.get(db);
  if (!known) {
    known = db
      .execute(sql`select to_regclass('coffee_shops_globe') is not null as present`)
      .then((result) => Boolean((result as unknown as { rows: { present: boolean }[] }).rows[0]?.present));
    globeIndexes.set(db, known);
  }
  return known;
}
