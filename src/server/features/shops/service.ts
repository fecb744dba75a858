// Coffee shops: the discover list (search, category, featured, near me), one shop, an owner's shops, creation.
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_BUSY_HOURS } from '../../../shared/api/shop-constants.js';
import type { createShopBody, Shop, shopQuery, updateShopBody } from '../../../shared/api/shops.js';
import { isFeatured } from '../../../shared/domain/featured.js';
import { localClock } from '../../../shared/domain/opening-hours.js';
import type { Database } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { Geocoder } from '../../integrations/geocoder.js';
import { featuredCircle } from './featured-turns.js';
import {
  distanceSql,
  hasGlobeIndex,
  inCircleBoxSql,
  isLocated,
  nearestWithinReach,
  onGlobe,
  shopOnGlobe,
} from './globe.js';
import { mapAreaOf, shopsInArea } from './map-area.js';
import { openNowSql, withOpenState } from './open-now.js';
import { nextPickupAt, resetSlotPlaces } from './pickup-slots.js';
import { correctSpelling, matchedItemsSql, matchesSearch, searchShops } from './search.js';

type ShopRow = typeof coffeeShops.$inferSelect;
export type ListQuery = z.output<typeof shopQuery>;

/**
 * The columns a Shop is made of: all but search_text and created_at, which no answer carries. Lists read only
 * these: search_text alone is about a third of a row, and every byte is read, sent and parsed 50 times a page.
 */
const shopColumns = {
  id: coffeeShops.id,
  ownerId: coffeeShops.ownerId,
  name: coffeeShops.name,
  description: coffeeShops.description,
  category: coffeeShops.category,
  address: coffeeShops.address,
  phone: coffeeShops.phone,
  email: coffeeShops.email,
  imageUrl: coffeeShops.imageUrl,
  rating: coffeeShops.rating,
  reviewCount: coffeeShops.reviewCount,
  isPromoted: coffeeShops.isPromoted,
  promotionExpiresAt: coffeeShops.promotionExpiresAt,
  deliveryTime: coffeeShops.deliveryTime,
  deliveryFeeCents: coffeeShops.deliveryFeeCents,
  latitude: coffeeShops.latitude,
  longitude: coffeeShops.longitude,
  locationApproximate: coffeeShops.locationApproximate,
  acceptingOrders: coffeeShops.acceptingOrders,
  onlinePayment: coffeeShops.onlinePayment,
  prepMinutes: coffeeShops.prepMinutes,
  maxOrdersPerSlot: coffeeShops.maxOrdersPerSlot,
  busyExtraMinutes: coffeeShops.busyExtraMinutes,
  busyUntil: coffeeShops.busyUntil,
  autoCancelMinutes: coffeeShops.autoCancelMinutes,
  loyaltyEnabled: coffeeShops.loyaltyEnabled,
  loyaltyStampsRequired: coffeeShops.loyaltyStampsRequired,
  loyaltyReward: coffeeShops.loyaltyReward,
};
type ShopFields = Pick<ShopRow, keyof typeof shopColumns>;

/**
 * The featured rule of spec §4 in SQL (shared/domain/featured.ts is the same rule for plain objects):
 * promoted, and the promotion has not yet expired. A promotion without an expiry date is not featured: false,
 * not SQL's null, which would reach the answer as isPromoted: null. Written with coalesce, not as a range on
 * promotion_expires_at, so the planner reads featured shops through the rank index (promoted first)
 * rather than all of them through coffee_shops_promoted, whose count it misjudges by a factor of thirty.
 */
export const isFeaturedSql = sql<boolean>`(${coffeeShops.isPromoted} and coalesce(${coffeeShops.promotionExpiresAt} > now(), false))`;

/**
 * The API's shape of a shop. `featured` is the featured rule's answer when the query already computed it;
 * `distanceKm` is given (a number, or null for a shop without a location) only when the caller asked from a place.
 */
export function toShop(row: ShopFields, featured = isFeatured(row), distanceKm?: number | null): Shop {
  const shop: Shop = {
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
    locationApproximate: row.latitude !== null && row.locationApproximate,
    acceptingOrders: row.acceptingOrders,
    onlinePayment: row.onlinePayment,
    prepMinutes: row.prepMinutes,
    maxOrdersPerSlot: row.maxOrdersPerSlot,
    // A busy delay that has ended is no delay: the answer shows the state in force.
    ...(row.busyUntil && new Date(row.busyUntil).getTime() > Date.now()
      ? { busyExtraMinutes: row.busyExtraMinutes, busyUntil: new Date(row.busyUntil).toISOString() }
      : { busyExtraMinutes: null, busyUntil: null }),
    autoCancelMinutes: row.autoCancelMinutes,
    // The stamp card customers can collect now (issue 29): none while it is switched off.
    loyalty:
      row.loyaltyEnabled && row.loyaltyStampsRequired !== null && row.loyaltyReward !== null
        ? { enabled: true, stampsRequired: row.loyaltyStampsRequired, reward: row.loyaltyReward }
        : null,
    // Worked out for a single shop (getShop); lists leave it out.
    nextPickupAt: null,
    // Filled in from the shop's hours by withOpenState (open-now.ts), which every answer goes through.
    openNow: null,
    nextChangeAt: null,
  };
  if (distanceKm !== undefined) shop.distanceKm = distanceKm === null ? null : Number(distanceKm);
  return shop;
}

/**
 * What each list query selects: a shop's columns, the featured rule, the distance when asked from a place, and
 * with a search the menu items that matched (search.ts).
 */
export type Selection = typeof shopColumns & {
  featured: SQL<boolean>;
  distanceKm: SQL<number | null>;
  hasMenu: SQL<boolean>;
  matchedItems?: SQL<string[] | null>;
};
export type ListedRow = ShopFields & {
  featured: boolean;
  distanceKm: number | null;
  hasMenu: boolean;
  matchedItems?: string[] | null;
};

/**
 * The discover list. Each path is led by an index so it stays fast as shops grow:
 * - nearest first: on PostgreSQL a walk of the globe index, exact and reading only the page; on PGlite the
 *   point index's own nearest-neighbour order bounds a box, read on the same index;
 * - search: substring matches in rank order (trigram GIN index), the best few hundred re-ordered so that
 *   matches in the name come first, then shops found by their menu alone (search.ts); when nothing matches, the
 *   words are spelling-corrected against the words of all shop names and menu items and searched again;
 * - a map area: the shops inside it nearest its centre first, on the globe or point index (map-area.ts);
 * - otherwise: promoted first, then best rated, straight from the rank index.
 * With a search, every path also finds shops by their available menu items, and says which matched.
 */
export async function listShops(db: Database, query: ListQuery, now = new Date()): Promise<Shop[]> {
  // A shop whose owner deleted their account is out of discovery (issue 28).
  const filters: SQL[] = [isNull(coffeeShops.removedAt)];
  if (query.category) filters.push(eq(coffeeShops.category, query.category));
  if (query.promoted) filters.push(isFeaturedSql);
  // Open now: the shared rule in SQL for this Johannesburg date, weekday and minute (open-now.ts).
  if (query.openNow) filters.push(openNowSql(localClock(now)));
  const search = query.search?.toLowerCase();
  const matching = search ? [...filters, matchesSearch(search)] : filters;

  const hasLocation = query.latitude !== undefined && query.longitude !== undefined;
  const distance = hasLocation ? distanceSql(query.latitude!, query.longitude!) : sql<null>`null::float8`;
  const selection: Selection = {
    ...shopColumns,
    featured: isFeaturedSql,
    distanceKm: distance,
    // Something to order (menu_text holds the names of its available items): a shop without is not open now
    // (issue 32). Read from the row the page reads anyway, rather than by withOpenState's own probe of each shop.
    hasMenu: sql<boolean>`${coffeeShops.menuText} <> ''`,
    ...(search ? { matchedItems: matchedItemsSql(search) } : {}),
  };
  // With a location every shop says how far it is: a number, or null when the shop has no coordinates.
  // Every shop says whether it is open now: the page's hours read in one query.
  const listed = (rows: ListedRow[]) =>
    withOpenState(
      db,
      rows.map((row) => {
        const shop = toShop(row, row.featured, hasLocation ? row.distanceKm : undefined);
        // Only on shops found by their menu alone (shared/api/shops.ts).
        if (row.matchedItems && row.matchedItems.length > 0) shop.matchedItems = row.matchedItems;
        return shop;
      }),
      now,
      new Set(rows.filter((row) => !row.hasMenu).map((row) => row.id)),
    );
  /** A misspelt search finds nothing on any path: the corrected search then, as searchShops does. */
  const corrected = async (rows: ListedRow[]) => {
    if (!search || rows.length > 0 || query.offset > 0) return null;
    const words = await correctSpelling(db, search);
    return words && words !== search ? listShops(db, { ...query, search: words }, now) : null;
  };

  // Promoted first, then best rated: the coffee_shops_rank index. The flag can trail a just-expired promotion
  // by up to a minute (expirePromotions); the featured filter and badge use the exact rule.
  // Spelled exactly as the index is (drizzle-kit writes DESC NULLS LAST), or the planner cannot use it.
  const rankOrder = [
    sql`${coffeeShops.isPromoted} desc nulls last`,
    sql`${coffeeShops.rating} desc nulls last`,
    sql`${coffeeShops.reviewCount} desc nulls last`,
    sql`${coffeeShops.id}`,
  ];

  // A map area has its own order, nearest its centre, whatever sortByDistance says.
  const area = mapAreaOf(query);
  if (area) {
    const rows = await shopsInArea(db, area, query, matching, selection, rankOrder);
    return (await corrected(rows)) ?? listed(rows);
  }

  if (hasLocation && query.sortByDistance) {
    const rows =
      (await nearestShops(db, query, matching, selection, rankOrder)) ??
      // Fewer located matches than the page asks for: all of them, then the shops without a location.
      (await db
        .select(selection)
        .from(coffeeShops)
        .where(and(...matching))
        .orderBy(sql`${distance} asc nulls last`, ...rankOrder)
        .limit(query.limit)
        .offset(query.offset));
    // A misspelt search is corrected here too, or sorting by distance would lose the shop.
    return (await corrected(rows)) ?? listed(rows);
  }

  if (search) return listed(await searchShops(db, query, search, filters, selection, rankOrder));
  // Featured Only (the landing page's list): the featured shops take turns at the top, day by day.
  if (query.promoted) {
    const { circle, inTurn } = featuredCircle(db, filters, now);
    return listed(
      await db
        .select(selection)
        .from(circle)
        .innerJoin(coffeeShops, eq(coffeeShops.id, circle.id))
        .orderBy(inTurn)
        .limit(query.limit)
        .offset(query.offset),
    );
  }

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

// PostgreSQL: nearest first from the globe indexes (globe.ts); PGlite has no cube: the point index there.

/** The page of located matches nearest first, or null when they run out within it. */
async function nearestOnGlobe(
  db: Database,
  query: ListQuery,
  filters: SQL[],
  selection: Selection,
): Promise<ListedRow[] | null> {
  const here = onGlobe(query.latitude!, query.longitude!);
  const rows = await db
    .select(selection)
    .from(coffeeShops)
    .where(and(...filters, isLocated))
    .orderBy(sql`${shopOnGlobe} <-> cube(array[${here[0]}, ${here[1]}, ${here[2]}]::float8[])`)
    .limit(query.limit)
    .offset(query.offset);
  return rows.length === query.limit ? rows : null;
}

// Featured Only, nearest first on the point index: radii tried in turn (see nearestShops).
const FEATURED_RADII_KM = [5, 25, 100, 500, 2500];

/**
 * Nearest first, exact, reading a few dozen rows wherever the shops are dense or sparse. If a page's worth of
 * matches lies within R km, the page is among the matches within R: read those from the smallest lat/lon box
 * that holds the circle (the location index) and order them by distance. R comes from the location index's
 * own nearest-neighbour walk (`<->`, flat distance in degrees: cheap, but not the great-circle order): the
 * greatest true distance among the first page's worth of matches it finds, all in one statement.
 * Featured Only is the exception: the planner takes the flag and the expiry for independent, expects a few
 * dozen featured shops where there are thousands, and reads them all to find the nearest. There growing
 * boxes (5, 25, 100 km…) do better, the box and the promoted index intersected before any row is read.
 * Null when there are fewer located matches than the page needs.
 */
async function nearestShops(
  db: Database,
  query: ListQuery,
  filters: SQL[],
  selection: Selection,
  rankOrder: SQL[],
): Promise<ListedRow[] | null> {
  if (await hasGlobeIndex(db)) return nearestOnGlobe(db, query, filters, selection);
  const latitude = query.latitude!;
  const longitude = query.longitude!;
  const wanted = query.offset + query.limit;
  /** Every match within reachKm, nearest first. */
  const withinReach = (reachKm: SQL) =>
    and(...filters, inCircleBoxSql(latitude, longitude, reachKm), sql`${selection.distanceKm} <= ${reachKm}`);
  const nearestOrder = [sql`${selection.distanceKm} asc`, ...rankOrder];

  if (query.promoted) {
    for (const radius of FEATURED_RADII_KM) {
      const rows = await db
        .select(selection)
        .from(coffeeShops)
        .where(withinReach(sql`${radius}::float8`))
        .orderBy(...nearestOrder)
        .limit(wanted);
      if (rows.length >= wanted) return rows.slice(query.offset);
    }
    return null;
  }

  const rows = await nearestWithinReach(
    db,
    { latitude, longitude },
    { selection, filters, wanted, rankOrder },
  );
  return rows.length >= wanted ? rows.slice(query.offset) : null;
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

export async function getShop(db: Database, id: number, now = new Date()): Promise<Shop> {
  const [row] = await db
    .select(shopColumns)
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, id), isNull(coffeeShops.removedAt)));
  if (!row) throw new HttpError(404, 'Coffee shop not found');
  const [shop] = await withOpenState(db, [toShop(row)], now);
  return { ...shop!, nextPickupAt: await nextPickupAt(db, id, now) };
}

/**
 * An owner's shops, each with its setup checklist (issue 32): a shop customers can order from needs a menu and hours;
 * a photo, a pin and (where payments exist) payouts make it worth finding. `paymentsConfigured`: null payouts when not.
 */
export async function listOwnerShops(
  db: Database,
  ownerId: number,
  now = new Date(),
  paymentsConfigured = false,
): Promise<Shop[]> {
  const rows = await db
    .select({
      ...shopColumns,
      // menu_text holds the names of its available items (migration 0021): empty when nothing can be ordered.
      hasMenu: sql<boolean>`${coffeeShops.menuText} <> ''`,
      // Spelled out: drizzle leaves the table off columns in a one-table select, and a bare "id" here would be h's.
      hasHours: sql<boolean>`exists (select 1 from business_hours h where h.shop_id = coffee_shops.id and not h.is_closed)`,
      hasPayouts: sql<boolean>`${coffeeShops.paystackSubaccountCode} is not null`,
    })
    .from(coffeeShops)
    .where(eq(coffeeShops.ownerId, ownerId))
    .orderBy(coffeeShops.id);
  return withOpenState(
    db,
    rows.map((row) => ({
      ...toShop(row),
      setup: {
        photo: row.imageUrl !== null,
        menu: row.hasMenu,
        hours: row.hasHours,
        location: row.latitude !== null,
        payouts: paymentsConfigured ? row.hasPayouts : null,
      },
    })),
    now,
  );
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
      locationApproximate: input.latitude !== null && input.locationApproximate === true,
    })
    .returning();
  return { ...toShop(row!), nextPickupAt: await nextPickupAt(db, row!.id) };
}

export interface UpdateShopOptions {
  /** Asked for the new coordinates when the address changes without them; none configured, none asked. */
  geocoder: Geocoder | undefined;
  /** Told when the geocoder fails (the edit goes on without coordinates). */
  onGeocoderError?: (error: unknown) => void;
  /** PAYSTACK_SECRET_KEY is set: online payment may be offered (issue 26). */
  paymentsConfigured?: boolean;
}

/**
 * PUT /api/coffee-shops/{id}: the owner's edit of any subset of the create fields and the orders switch. The
 * owner is part of every query, so another owner's shop is 404 like a missing one and is never written.
 * A new address without coordinates is looked up again; when the look-up finds nothing or fails, the old
 * coordinates are cleared rather than kept: a pin at the old address would send customers (and 'near me')
 * to the wrong place, while a shop without a location is only left out of distance order until the owner
 * adds it in the edit form.
 */
export async function updateShop(
  db: Database,
  ownerId: number,
  id: number,
  input: z.output<typeof updateShopBody>,
  options: UpdateShopOptions,
): Promise<Shop> {
  const owned = and(eq(coffeeShops.id, id), eq(coffeeShops.ownerId, ownerId));
  const [current] = await db
    .select({
      address: coffeeShops.address,
      subaccountCode: coffeeShops.paystackSubaccountCode,
      maxOrdersPerSlot: coffeeShops.maxOrdersPerSlot,
    })
    .from(coffeeShops)
    .where(owned);
  if (!current) throw new HttpError(404, 'Coffee shop not found');
  if (input.onlinePayment && input.onlinePayment !== 'off') {
    if (!options.paymentsConfigured) throw new HttpError(409, 'Payments are not configured on this server');
    if (!current.subaccountCode)
      throw new HttpError(
        409,
        'Set up payouts first: online payment needs the bank account your money is paid into (Payments)',
      );
  }

  const changes: Partial<typeof coffeeShops.$inferInsert> = {
    name: input.name,
    category: input.category,
    address: input.address,
    description: input.description,
    phone: input.phone,
    email: input.email,
    imageUrl: input.imageUrl,
    deliveryTime: input.deliveryTime,
    deliveryFeeCents:
      input.deliveryFee === undefined || input.deliveryFee === null
        ? input.deliveryFee
        : Math.round(input.deliveryFee * 100),
    latitude: input.latitude,
    longitude: input.longitude,
    // New coordinates are the owner's pin unless the client says it is only the town's centre.
    locationApproximate:
      input.latitude !== undefined
        ? input.latitude !== null && input.locationApproximate === true
        : undefined,
    acceptingOrders: input.acceptingOrders,
    onlinePayment: input.onlinePayment,
    prepMinutes: input.prepMinutes,
    maxOrdersPerSlot: input.maxOrdersPerSlot,
    autoCancelMinutes: input.autoCancelMinutes,
    // A busy delay runs until busyUntil (an hour from now unless said); null ends it.
    ...(input.busyExtraMinutes === null
      ? { busyExtraMinutes: null, busyUntil: null }
      : input.busyExtraMinutes !== undefined
        ? {
            busyExtraMinutes: input.busyExtraMinutes,
            busyUntil: input.busyUntil
              ? new Date(input.busyUntil)
              : new Date(Date.now() + DEFAULT_BUSY_HOURS * 3_600_000),
          }
        : {}),
  };
  if (input.busyUntil !== undefined && input.busyExtraMinutes === undefined)
    throw new HttpError(400, 'busyUntil must come with busyExtraMinutes (the delay it ends)');
  if (input.busyUntil && new Date(input.busyUntil).getTime() <= Date.now())
    throw new HttpError(400, 'busyUntil must be in the future');
  const movesWithoutCoordinates =
    input.address !== undefined &&
    input.address !== current.address &&
    input.latitude === undefined &&
    input.longitude === undefined;
  if (movesWithoutCoordinates) {
    const found = await geocodeOrNull(input.address!, options);
    changes.latitude = found ? found.latitude : null;
    changes.longitude = found ? found.longitude : null;
    changes.locationApproximate = found?.approximate ?? false;
  }
  // Fields not sent stay as they are (drizzle leaves undefined out of the SET).
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return getShop(db, id);

  const [row] = await db.update(coffeeShops).set(set).where(owned).returning(shopColumns);
  // Deleted between the two statements: as missing as it would have been a moment earlier.
  if (!row) throw new HttpError(404, 'Coffee shop not found');
  if (
    input.maxOrdersPerSlot !== undefined &&
    (input.maxOrdersPerSlot === null) !== (current.maxOrdersPerSlot === null)
  )
    await resetSlotPlaces(db, id, input.maxOrdersPerSlot !== null);
  const [shop] = await withOpenState(db, [toShop(row)], new Date());
  return { ...shop!, nextPickupAt: await nextPickupAt(db, id) };
}

async function geocodeOrNull(address: string, options: UpdateShopOptions) {
  if (!options.geocoder) return null;
  try {
    const found = await options.geocoder.search(address);
    return found && Number.isFinite(found.latitude) && Number.isFinite(found.longitude) ? found : null;
  } catch (error) {
    options.onGeocoderError?.(error);
    return null;
  }
}
