// Coffee shops: the discover list (search, category, featured, near me), one shop, an owner's shops, creation.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createShopBody, Shop, shopQuery } from '../../../shared/api/shops.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, searchWords } from '../../db/schema.js';
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
/** How many best-ranked substring matches a search re-orders by relevance. */
const SEARCH_CANDIDATES = 200;

type ListedRow = { row: ShopRow; featured: boolean; distanceKm: number | null };

/**
 * The discover list. Three paths, each led by an index so it stays fast as shops grow:
 * - nearest first: growing boxes on the location index;
 * - search: substring matches in rank order (trigram GIN index), the best few hundred re-ordered so that
 *   matches in the name come first; when nothing matches, the words are spelling-corrected against the
 *   words of all shop names (search_words) and searched again;
 * - otherwise: promoted first, then best rated, straight from the rank index.
 */
export async function listShops(db: Database, query: ListQuery): Promise<Shop[]> {
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(coffeeShops.category, query.category));
  if (query.promoted) filters.push(isFeaturedSql);
  const search = query.search?.toLowerCase();
  const substring = search ? sql`${coffeeShops.searchText} like ${`%${escapeLike(search)}%`}` : undefined;

  const hasLocation = query.latitude !== undefined && query.longitude !== undefined;
  const distance = hasLocation ? distanceSql(query.latitude!, query.longitude!) : sql<null>`null::float8`;
  const selection = { row: coffeeShops, featured: isFeaturedSql, distanceKm: distance };
  const listed = (rows: ListedRow[]) => rows.map((row) => flatten(row, hasLocation));

  // Promoted first, then best rated: the coffee_shops_rank index. The flag can trail a just-expired promotion
  // by up to a minute (expirePromotions); the featured filter and badge use the exact rule.
  // Spelled exactly as the index is (drizzle-kit writes DESC NULLS LAST), or the planner cannot use it.
  const rankOrder = [
    sql`${coffeeShops.isPromoted} desc nulls last`,
    sql`${coffeeShops.rating} desc nulls last`,
    sql`${coffeeShops.reviewCount} desc nulls last`,
    sql`${coffeeShops.id}`,
  ];

  if (hasLocation && query.sortByDistance) {
    const nearestOrder = [sql`${distance} asc nulls last`, ...rankOrder];
    // Nearest first without scanning every shop: look in growing boxes. Once a box holds a full page of
    // shops whose distance is within its radius, nothing outside the box can be nearer, so the page is exact.
    const wanted = query.offset + query.limit;
    for (const radius of SEARCH_RADII_KM) {
      const rows = await db
        .select(selection)
        .from(coffeeShops)
        .where(
          and(
            ...filters,
            substring,
            boxAround(query.latitude!, query.longitude!, radius),
            sql`${distance} <= ${radius}`,
          ),
        )
        .orderBy(...nearestOrder)
        .limit(wanted);
      if (rows.length >= wanted) return listed(rows.slice(query.offset));
    }
    return listed(
      await db
        .select(selection)
        .from(coffeeShops)
        .where(and(...filters, substring))
        .orderBy(...nearestOrder)
        .limit(query.limit)
        .offset(query.offset),
    );
  }

  if (search && substring)
    return listed(await searchShops(db, query, search, [...filters], substring, selection, rankOrder));

  return listed(
    await db
      .select(selection)
      .from(coffeeShops)
      .where(and(...filters))
      .orderBy(...rankOrder)
      .limit(query.limit)
      .offset(query.offset),
  );
}

async function searchShops(
  db: Database,
  query: ListQuery,
  search: string,
  filters: SQL[],
  substring: SQL,
  selection: { row: typeof coffeeShops; featured: SQL<boolean>; distanceKm: SQL<number | null> },
  rankOrder: SQL[],
): Promise<ListedRow[]> {
  const nameStarts = sql`lower(${coffeeShops.name}) like ${`${escapeLike(search)}%`}`;
  const nameHas = sql`lower(${coffeeShops.name}) like ${`%${escapeLike(search)}%`}`;
  // The best-ranked matches, then the page of them ordered by relevance.
  const candidates = db
    .select({
      id: coffeeShops.id,
      nameStarts: sql<boolean>`${nameStarts}`.as('name_starts'),
      nameHas: sql<boolean>`${nameHas}`.as('name_has'),
      position: sql<number>`row_number() over (order by ${sql.join(rankOrder, sql`, `)})`.as('position'),
    })
    .from(coffeeShops)
    .where(and(...filters, substring))
    .orderBy(...rankOrder)
    .limit(Math.max(SEARCH_CANDIDATES, query.offset + query.limit))
    .as('candidates');
  const page = await db
    .select(selection)
    .from(candidates)
    .innerJoin(coffeeShops, eq(coffeeShops.id, candidates.id))
    .orderBy(sql`${candidates.nameStarts} desc`, sql`${candidates.nameHas} desc`, candidates.position)
    .limit(query.limit)
    .offset(query.offset);
  if (page.length > 0 || query.offset > 0) return page;

  // Nothing matched: perhaps a typo. Replace each word by the closest word of any shop name and search again.
  const corrected = await correctSpelling(db, search);
  if (!corrected || corrected === search) return page;
  const correctedSubstring = sql`${coffeeShops.searchText} like ${`%${escapeLike(corrected)}%`}`;
  return searchShops(db, query, corrected, filters, correctedSubstring, selection, rankOrder);
}

/**
 * 'espreso bar' -> 'espresso bar': each word to the most similar word of the shop names, if one is close;
 * null when no word is close to anything.
 */
async function correctSpelling(db: Database, search: string): Promise<string | null> {
  const words = search.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  if (words.length === 0 || words.length > 6) return null;
  const result = await db.execute<{ word: string; closest: string | null }>(sql`
    select given.word, (
      select ${searchWords.word} from ${searchWords}
      where ${searchWords.word} % given.word
      order by similarity(${searchWords.word}, given.word) desc, ${searchWords.word}
      limit 1
    ) as closest
    from unnest(array[${sql.join(
      words.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as given(word)`);
  const rows = (result as unknown as { rows: { word: string; closest: string | null }[] }).rows;
  // A word with no close match is dropped ('colombo qiuck' still finds Colombo), but only while most words are
  // recognised: 'no such coffee anywhere' must not turn into a search for every coffee shop.
  const kept = rows.flatMap((row) => (row.closest ? [row.closest] : []));
  return kept.length > 0 && kept.length * 2 >= rows.length ? kept.join(' ') : null;
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

/** Clears the promoted flag of shops whose promotion has run out; run every minute. */
export async function expirePromotions(db: Database): Promise<number> {
  const expired = await db
    .update(coffeeShops)
    .set({ isPromoted: false })
    .where(
      and(
        eq(coffeeShops.isPromoted, true),
        sql`(${coffeeShops.promotionExpiresAt} is null or ${coffeeShops.promotionExpiresAt} <= now())`,
      ),
    )
    .returning({ id: coffeeShops.id });
  return expired.length;
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
