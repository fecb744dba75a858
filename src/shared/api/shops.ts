// The coffee-shop contract (spec §3 Coffee shop, §7 Shops): list filters, the shop shape and the create body.
import { z } from 'zod';
import { publicLoyalty } from './loyalty.js';
import { onlinePaymentSetting } from './payments.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_AREA_PAGE_SIZE,
  MAX_AUTO_CANCEL_MINUTES,
  MAX_BUSY_MINUTES,
  MAX_ORDERS_PER_SLOT,
  MAX_PAGE_SIZE,
  MAX_PREP_MINUTES,
  MIN_AUTO_CANCEL_MINUTES,
  MIN_BUSY_MINUTES,
  MIN_PREP_MINUTES,
  shopCategories,
} from './shop-constants.js';
import { publicHttpUrl, readDecimal, roundCoordinate, safeText } from './text.js';

export * from './shop-constants.js';

export const shopCategory = z.enum(shopCategories, {
  message: `category must be one of ${shopCategories.join(', ')}`,
});

export const shop = z.object({
  id: z.number().int(),
  ownerId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: shopCategory,
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** One decimal, as a numeric string: '4.5' (spec §3). */
  rating: z.string(),
  reviewCount: z.number().int(),
  isPromoted: z.boolean(),
  promotionExpiresAt: z.string().nullable(),
  deliveryTime: z.string().nullable(),
  deliveryFee: z.number().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  /** The pin is the centre of the town or suburb, not the door (issue 31): 'approximate location'. */
  locationApproximate: z.boolean(),
  /** Whether the owner takes orders now (a switch on the dashboard). */
  acceptingOrders: z.boolean(),
  /** What the checkout offers here (issue 26): only the counter, Pay now or the counter, or Pay now only. */
  onlinePayment: onlinePaymentSetting,
  /** issue 30: the earliest pickup after placing, in minutes. */
  prepMinutes: z.number().int(),
  /** Orders per 15-minute pickup slot; null: no limit. */
  maxOrdersPerSlot: z.number().int().nullable(),
  /** While busy: the extra minutes on every pickup and when that ends by itself; both null otherwise. */
  busyExtraMinutes: z.number().int().nullable(),
  busyUntil: z.string().nullable(),
  /** Minutes a pending order may wait for the shop's Confirm before the server cancels it. */
  autoCancelMinutes: z.number().int(),
  /** The earliest pickup an order placed now would get (ASAP); null where not worked out (lists) or not open. */
  nextPickupAt: z.string().nullable(),
  /**
   * Open at this moment by its hours and special days (Africa/Johannesburg); null when it has set no hours; false
   * while it has nothing on its menu to order, whatever its hours (issue 32, as the openNow filter decides).
   */
  openNow: z.boolean().nullable(),
  /** ISO time when it next opens or closes; null when unknown or never (as while it has nothing to order). */
  nextChangeAt: z.string().nullable(),
  /**
   * The owner's setup checklist (issue 32), in GET /api/my-shops only: what the shop has of photo, menu (an
   * available item), hours, location pin and payouts (null when this server takes no online payments).
   */
  setup: z
    .object({
      photo: z.boolean(),
      menu: z.boolean(),
      hours: z.boolean(),
      location: z.boolean(),
      payouts: z.boolean().nullable(),
    })
    .optional(),
  /** The shop's stamp card (issue 29): null when it has none, or has switched it off. */
  loyalty: publicLoyalty.nullable(),
  /** Great-circle distance from the asked location, when one was given. */
  distanceKm: z.number().nullable().optional(),
  /**
   * In answers to a search (issue 31), on a shop found by its menu alone: the names of up to 3 of its available
   * items that hold the search ('Serves: Oat latte'). Absent when the shop's own name, description or address holds
   * the search (the card shows those already), so such answers are what they were before menus were searched.
   */
  matchedItems: z.array(z.string()).optional(),
});
export type Shop = z.infer<typeof shop>;

const trueFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
const coordinate = (name: string, limit: number) =>
  z
    .string({ message: `${name} must be a number` })
    .transform(readDecimal)
    .pipe(
      z
        .number({ message: `${name} must be a number` })
        .min(-limit, `${name} must be between -${limit} and ${limit}`)
        .max(limit, `${name} must be between -${limit} and ${limit}`)
        .transform(roundCoordinate),
    );

const mapAreaBounds = ['minLatitude', 'maxLatitude', 'minLongitude', 'maxLongitude'] as const;
type MapAreaBound = (typeof mapAreaBounds)[number];

/**
 * A map area is all four bounds or none, each minimum at most its maximum (no area across the antimeridian: South
 * Africa is far from it); the larger page is for map areas only.
 */
function checkMapArea(
  query: Partial<Record<MapAreaBound, number>> & { limit: number },
  ctx: z.RefinementCtx,
) {
  const missing = mapAreaBounds.filter((bound) => query[bound] === undefined);
  if (missing.length > 0 && missing.length < mapAreaBounds.length) {
    ctx.addIssue({
      code: 'custom',
      path: [missing[0]!],
      message: `${missing.join(', ')} missing: a map area needs minLatitude, maxLatitude, minLongitude and maxLongitude`,
    });
    return;
  }
  if (missing.length === 0) {
    for (const axis of ['Latitude', 'Longitude'] as const)
      if (query[`min${axis}`]! > query[`max${axis}`]!)
        ctx.addIssue({
          code: 'custom',
          path: [`min${axis}`],
          message: `min${axis} must not be greater than max${axis}`,
        });
  } else if (query.limit > MAX_PAGE_SIZE) {
    ctx.addIssue({
      code: 'custom',
      path: ['limit'],
      message: `limit must be at most ${MAX_PAGE_SIZE} (${MAX_AREA_PAGE_SIZE} with a map area)`,
    });
  }
}

export const shopQuery = z
  .object({
    search: safeText().trim().max(200, 'search must be at most 200 characters').optional(),
    category: shopCategory.optional(),
    promoted: trueFlag.optional(),
    latitude: coordinate('latitude', 90).optional(),
    longitude: coordinate('longitude', 180).optional(),
    sortByDistance: trueFlag.optional(),
    /** Only shops open at this moment by their hours and taking orders: a paused shop is left out (issue 31). */
    openNow: trueFlag.optional(),
    /** A map area (issue 31, 'Search this area'): all four or none; only shops inside, nearest its centre first. */
    minLatitude: coordinate('minLatitude', 90).optional(),
    maxLatitude: coordinate('maxLatitude', 90).optional(),
    minLongitude: coordinate('minLongitude', 180).optional(),
    maxLongitude: coordinate('maxLongitude', 180).optional(),
    /** Up to MAX_PAGE_SIZE, or MAX_AREA_PAGE_SIZE with a map area (a map shows every pin of the area at once). */
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(MAX_AREA_PAGE_SIZE, `limit must be at most ${MAX_AREA_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    offset: z.coerce
      .number()
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(1_000_000, 'offset is too large')
      .default(0),
  })
  .refine((query) => (query.latitude === undefined) === (query.longitude === undefined), {
    message: 'latitude and longitude must be given together',
    path: ['latitude'],
  })
  .superRefine(checkMapArea);
export type ShopQuery = z.input<typeof shopQuery>;

const optionalText = (name: string, max: number) =>
  safeText()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalCoordinate = (name: string, limit: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return null;
      const number = readDecimal(value);
      if (!Number.isFinite(number) || Math.abs(number) > limit) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a number between -${limit} and ${limit}` });
        return z.NEVER;
      }
      return roundCoordinate(number);
    });

/** A whole number within [min, max], with a message naming the field and the range. */
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ message: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

export const createShopBody = z.object({
  name: safeText('name is required').trim().min(1, 'name is required').max(120),
  category: shopCategory,
  address: safeText('address is required').trim().min(1, 'address is required').max(300),
  description: optionalText('description', 2000),
  phone: optionalText('phone', 40),
  email: safeText()
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email('email must be a valid email address').nullable()),
  imageUrl: publicHttpUrl('imageUrl'),
  deliveryTime: optionalText('deliveryTime', 40),
  deliveryFee: z
    .number({ message: 'deliveryFee must be a number' })
    .min(0, 'deliveryFee must be 0 or more')
    .max(10_000, 'deliveryFee is too large')
    .nullish()
    .transform((value) => value ?? null),
  latitude: optionalCoordinate('latitude', 90),
  longitude: optionalCoordinate('longitude', 180),
  /**
   * The coordinates are a town's or suburb's centre the owner did not move (issue 31). Only with coordinates;
   * left out, coordinates sent by the owner count as placed at the door.
   */
  locationApproximate: z.boolean({ message: 'locationApproximate must be true or false' }).optional(),
  /** Sent by the spec's client; ignored: the owner is always the signed-in user. */
  ownerId: z.unknown().optional(),
});
export type CreateShopBody = z.input<typeof createShopBody>;

/**
 * PUT /api/coffee-shops/{id}: any subset of the create fields, plus the owner's orders switch. Fields a
 * client must not set (ownerId, rating, reviewCount, isPromoted, promotionExpiresAt) are dropped, never stored.
 */
export const updateShopBody = createShopBody
  .omit({ ownerId: true })
  .partial()
  .extend({
    acceptingOrders: z.boolean({ message: 'acceptingOrders must be true or false' }).optional(),
    /** optional or required only once the shop's payouts are set up (409 otherwise). */
    onlinePayment: onlinePaymentSetting.optional(),
    prepMinutes: wholeNumber('prepMinutes', MIN_PREP_MINUTES, MAX_PREP_MINUTES).optional(),
    maxOrdersPerSlot: wholeNumber('maxOrdersPerSlot', 1, MAX_ORDERS_PER_SLOT).nullable().optional(),
    /** A delay of 5–60 minutes from now until busyUntil (default an hour from now); null ends it. */
    busyExtraMinutes: wholeNumber('busyExtraMinutes', MIN_BUSY_MINUTES, MAX_BUSY_MINUTES)
      .nullable()
      .optional(),
    busyUntil: z.iso.datetime({ offset: true, message: 'busyUntil must be an ISO date and time' }).optional(),
    autoCancelMinutes: wholeNumber(
      'autoCancelMinutes',
      MIN_AUTO_CANCEL_MINUTES,
      MAX_AUTO_CANCEL_MINUTES,
    ).optional(),
  })
  // One coordinate alone would pair with the other's old value: a place nobody chose.
  .refine((body) => (body.latitude === undefined) === (body.longitude === undefined), {
    message: 'latitude and longitude must be given together',
    path: ['latitude'],
  });
export type UpdateShopBody = z.input<typeof updateShopBody>;

export const geocodeQuery = z.object({
  q: safeText().trim().min(3, 'q must be at least 3 characters').max(300, 'q must be at most 300 characters'),
});
export const geocodeResult = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** True when only the town or suburb was recognised: its centre, not the address. */
  approximate: z.boolean(),
  /** What was found, short: 'Kloof Street, Cape Town', or the town or suburb when approximate: 'Soweto'. */
  label: z.string(),
  /** The spec's first shape (§7 Third party), kept for clients written to it: the same place as decimal text. */
  lat: z.string(),
  lon: z.string(),
  displayName: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResult>;

/** GET /api/map-config: the raster tile URL template ({z}/{x}/{y}) and the attribution its policy asks for. */
export const mapConfig = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapConfig = z.infer<typeof mapConfig>;
