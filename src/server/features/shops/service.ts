// Coffee shops: the discover list (search, category, featured, near me), one shop, an owner's shops, creation.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createShopBody, Shop, shopQuery } from '../../../shared/api/shops.js';
import type { Database } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

type ShopRow = typeof coffeeShops.$inferSelect;
type ListQuery = z.output<typeof shopQuery>;

/**
 * The featured rule of spec §4 in SQL (shared/domain/featured.ts is the same rule for plain objects):
 * promoted, and the promotion has not yet expired.
 */
export const isFeaturedSql = sql<boolean>`(${coffeeShops.isPromoted} and ${coffeeShops.promotionExpiresAt} > now())`;

const EARTH_RADIUS_KM = 6371;

/** Great-circle (haversine) distance in km from a point to each shop; null for shops without a location. */
function distanceSql(latitude: number, longitude: number): SQL<number | null> {
  return sql<number | null>`(${2 * EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${coffeeShops.latitude} - ${latitude}) / 2), 2) +
    cos(radians(${latitude})) * cos(radians(${coffeeShops.latitude})) *
    power(sin(radians(${coffeeShops.longitude} - ${longitude}) / 2), 2))))`;
}

/**
 * A lat/lon box that holds every point within radiusKm of the centre, for the GiST index on
 * point(longitude, latitude). Longitude degrees shrink towards the poles, hence the cosine.
 */
function boxAround(latitude: number, longitude: number, radiusKm: number): SQL {
  const latDelta = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cosine = Math.cos((latitude * Math.PI) / 180);
  const lonDelta = cosine < 0.01 ? 180 : Math.min(180, latDelta / cosine);
  return sql`point(${coffeeShops.longitude}, ${coffeeShops.latitude}) <@ box(point(${longitude - lonDelta}, ${latitude - latDelta}), point(${longitude + lonDelta}, ${latitude + latDelta}))`;
}

export function toShop(row: ShopRow & { featured?: boolean; distanceKm?: number | null }): Shop {
  const featured =
    row.featured ?? (row.isPromoted && !!row.promotionExpiresAt && row.promotionExpiresAt > new Date());
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    category: row.category,
    address: row.address,
    phone: row.phone,
    email: row.email,
    imageUrl: row.imageUrl,
    rating: Number(row.rating).toFixed(1),
    reviewCount: row.reviewCount,
    // An expired promotion is not a promotion: the API reports the effective state.
    isPromoted: featured,
    promotionExpiresAt: row.promotionExpiresAt ? new Date(row.promotionExpiresAt).toISOString() : null,
    deliveryTime: row.deliveryTime,
    deliveryFee: row.deliveryFeeCents === null ? null : row.deliveryFeeCents / 100,
    latitude: row.latitude === null ? null : String(row.latitude),
    longitude: row.longitude === null ? null : String(row.longitude),
    ...(row.distanceKm !== undefined
      ? { distanceKm: row.distanceKm === null ? null : Number(row.distanceKm) }
      : {}),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

// Radii tried in turn for 'sort by distance': the first box that holds a full page is exact (see below).
const SEARCH_RADII_KM = [5, 25, 100, 500, 2500];

export async function listShops(db: Database, query: ListQuery): Promise<Shop[]> {
  const filters: SQL[] = [];
  const search = query.search?.toLowerCase();
  if (search) {
    // Substring matches and close (typo-tolerant) word matches; both use the trigram index.
    filters.push(
      sql`(${coffeeShops.searchText} like ${`%${escapeLike(search)}%`} or ${search} <% ${coffeeShops.searchText})`,
    );
  }
  if (query.category) filters.push(eq(coffeeShops.category, query.category));
  if (query.promoted) filters.push(isFeaturedSql);

  const hasLocation = query.latitude !== undefined && query.longitude !== undefined;
  const distance = hasLocation ? distanceSql(query.latitude!, query.longitude!) : sql<null>`null::float8`;
  const selection = { row: coffeeShops, featured: isFeaturedSql, distanceKm: distance };

  const order: SQL[] = [];
  if (search) {
    // Better matches first: a name that starts with the words, then name similarity, then anywhere.
    order.push(
      sql`(lower(${coffeeShops.name}) like ${`${escapeLike(search)}%`}) desc`,
      sql`greatest(similarity(lower(${coffeeShops.name}), ${search}), word_similarity(${search}, ${coffeeShops.searchText})) desc`,
    );
  }
  const sortByDistance = hasLocation && query.sortByDistance;
  if (sortByDistance) order.push(sql`${distance} asc nulls last`);
  order.push(
    sql`${isFeaturedSql} desc`,
    desc(coffeeShops.rating),
    desc(coffeeShops.reviewCount),
    sql`${coffeeShops.id}`,
  );

  const toListedShop = (result: { row: ShopRow; featured: boolean; distanceKm: number | null }) =>
    flatten(result, hasLocation);
  const run = (extra: SQL[]) =>
    db
      .select(selection)
      .from(coffeeShops)
      .where(and(...filters, ...extra))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);

  if (sortByDistance && !search) {
    // Nearest first without scanning every shop: look in growing boxes. Once a box holds a full page of
    // shops whose distance is within its radius, nothing outside the box can be nearer, so the page is exact.
    const wanted = query.offset + query.limit;
    for (const radius of SEARCH_RADII_KM) {
      const within = sql`${distance} <= ${radius}`;
      const rows = await db
        .select(selection)
        .from(coffeeShops)
        .where(and(...filters, boxAround(query.latitude!, query.longitude!, radius), within))
        .orderBy(...order)
        .limit(wanted);
      if (rows.length >= wanted) return rows.slice(query.offset).map(toListedShop);
    }
  }
  return (await run([])).map(toListedShop);
}

function flatten(
  result: { row: ShopRow; featured: boolean; distanceKm: number | null },
  hasLocation: boolean,
): Shop {
  // With a location every shop says how far it is: a number, or null when the shop has no coordinates.
  return toShop({
    ...result.row,
    featured: result.featured,
    distanceKm: hasLocation ? result.distanceKm : undefined,
  });
}

export async function getShop(db: Database, id: number): Promise<Shop> {
  const [row] = await db.select().from(coffeeShops).where(eq(coffeeShops.id, id));
  if (!row) throw new HttpError(404, 'Coffee shop not found');
  return toShop(row);
}

export async function listOwnerShops(db: Database, ownerId: number): Promise<Shop[]> {
  const rows = await db
    .select()
    .from(coffeeShops)
    .where(eq(coffeeShops.ownerId, ownerId))
    .orderBy(coffeeShops.id);
  return rows.map((row) => toShop(row));
}

export async function createShop(
  db: Database,
  ownerId: number,
  input: z.output<typeof createShopBody>,
): Promise<Shop> {
  const [row] = await db
    .insert(coffeeShops)
    .values({
      ownerId,
      name: input.name,
      category: input.category,
      address: input.address,
      description: input.description,
      phone: input.phone,
      email: input.email,
      imageUrl: input.imageUrl,
      deliveryTime: input.deliveryTime,
      deliveryFeeCents: input.deliveryFee === null ? null : Math.round(input.deliveryFee * 100),
      latitude: input.latitude,
      longitude: input.longitude,
    })
    .returning();
  return toShop(row!);
}
