// Opening hours: one weekly row per shop and day, and special days (a holiday, a late night) that override a
// date. Saves are upserts on unique keys, so parallel saves of the same day leave one row (rule 15).
import { and, asc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type BusinessHours,
  type businessHoursBody,
  MAX_SPECIAL_DAY_AHEAD_DAYS,
  type SpecialDay,
  type specialDayBody,
} from '../../../shared/api/hours.js';
import { addDaysToDate } from '../../../shared/domain/local-date.js';
import type { Database } from '../../db/client.js';
import { businessHours, specialHours } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { assertOwnsShop, assertShopExists, ownedShopIds } from '../owned-shops.js';

type HoursInput = z.output<typeof businessHoursBody>;
type SpecialDayInput = z.output<typeof specialDayBody>;

/** An upsert's result: the row, and whether it was new (201) or replaced one (200). */
export interface Saved<T> {
  value: T;
  created: boolean;
}

/**
 * True when the upsert inserted its row, false when ON CONFLICT updated an existing one: a row a statement
 * inserts has no deleting transaction yet (xmax 0); an updated row carries the updater's id. PostgreSQL's
 * usual idiom, on PGlite as well.
 */
const wasInserted = sql<boolean>`xmax = 0`;

function toBusinessHours(row: typeof businessHours.$inferSelect): BusinessHours {
  return {
    id: row.id,
    shopId: row.shopId,
    dayOfWeek: row.dayOfWeek,
    openTime: row.openTime,
    closeTime: row.closeTime,
    isClosed: row.isClosed,
  };
}

function toSpecialDay(row: typeof specialHours.$inferSelect): SpecialDay {
  return {
    id: row.id,
    shopId: row.shopId,
    date: row.date,
    isClosed: row.isClosed,
    openTime: row.openTime,
    closeTime: row.closeTime,
    note: row.note,
  };
}

export async function listBusinessHours(db: Database, shopId: number): Promise<BusinessHours[]> {
  await assertShopExists(db, shopId);
  const rows = await db
    .select()
    .from(businessHours)
    .where(eq(businessHours.shopId, shopId))
    .orderBy(asc(businessHours.dayOfWeek));
  return rows.map(toBusinessHours);
}

/** Creates or replaces the shop's row for that day in one statement. */
export async function saveBusinessHours(
  db: Database,
  ownerId: number,
  input: HoursInput,
): Promise<Saved<BusinessHours>> {
  await assertOwnsShop(db, ownerId, input.shopId);
  const [row] = await db
    .insert(businessHours)
    .values(input)
    .onConflictDoUpdate({
      target: [businessHours.shopId, businessHours.dayOfWeek],
      set: {
        openTime: sql`excluded.open_time`,
        closeTime: sql`excluded.close_time`,
        isClosed: sql`excluded.is_closed`,
      },
    })
    .returning({ ...getTableColumns(businessHours), created: wasInserted });
  const { created, ...saved } = row!;
  return { value: toBusinessHours(saved), created };
}

/**
 * Replaces the times of one row. The row's shop and day are what it is: a body naming another shop or day is
 * refused (400) rather than moving the row, which could make two rows for one day; POST sets another day.
 */
export async function updateBusinessHours(
  db: Database,
  ownerId: number,
  id: number,
  input: HoursInput,
): Promise<BusinessHours> {
  const owned = and(eq(businessHours.id, id), inArray(businessHours.shopId, ownedShopIds(db, ownerId)));
  const [row] = await db
    .update(businessHours)
    .set({ openTime: input.openTime, closeTime: input.closeTime, isClosed: input.isClosed })
    .where(and(owned, eq(businessHours.shopId, input.shopId), eq(businessHours.dayOfWeek, input.dayOfWeek)))
    .returning();
  if (row) return toBusinessHours(row);
  // Nothing updated: only the reason is left to find, to answer with the right error.
  const [existing] = await db.select().from(businessHours).where(owned);
  if (!existing) throw new HttpError(404, 'Business hours not found');
  if (existing.shopId !== input.shopId) throw new HttpError(400, 'shopId must be the shop of these hours');
  throw new HttpError(400, 'dayOfWeek must be the day of these hours; save another day with POST');
}

/** The shop's special days from today (a Johannesburg date) on, soonest first. */
export async function listSpecialDays(db: Database, shopId: number, today: string): Promise<SpecialDay[]> {
  await assertShopExists(db, shopId);
  const rows = await db
    .select()
    .from(specialHours)
    .where(and(eq(specialHours.shopId, shopId), gte(specialHours.date, today)))
    .orderBy(asc(specialHours.date));
  return rows.map(toSpecialDay);
}

/** Creates or replaces the shop's special day for that date; the date runs from today to a year ahead. */
export async function saveSpecialDay(
  db: Database,
  ownerId: number,
  input: SpecialDayInput,
  today: string,
): Promise<Saved<SpecialDay>> {
  const last = addDaysToDate(today, MAX_SPECIAL_DAY_AHEAD_DAYS);
  // 'YYYY-MM-DD' texts compare as their dates do.
  if (input.date < today || input.date > last) {
    throw new HttpError(400, `date must be from today (${today}) up to ${last}`);
  }
  await assertOwnsShop(db, ownerId, input.shopId);
  const [row] = await db
    .insert(specialHours)
    .values(input)
    .onConflictDoUpdate({
      target: [specialHours.shopId, specialHours.date],
      set: {
        isClosed: sql`excluded.is_closed`,
        openTime: sql`excluded.open_time`,
        closeTime: sql`excluded.close_time`,
        note: sql`excluded.note`,
      },
    })
    .returning({ ...getTableColumns(specialHours), created: wasInserted });
  const { created, ...saved } = row!;
  return { value: toSpecialDay(saved), created };
}

/** Deletes the owner's special day; answers its shop, whose watchers are told its hours changed. */
export async function deleteSpecialDay(db: Database, ownerId: number, id: number): Promise<number> {
  const [deleted] = await db
    .delete(specialHours)
    .where(and(eq(specialHours.id, id), inArray(specialHours.shopId, ownedShopIds(db, ownerId))))
    .returning({ shopId: specialHours.shopId });
  if (!deleted) throw new HttpError(404, 'Special day not found');
  return deleted.shopId;
}
