// A busy shop's pickup slots on the server (issue 30): the shop's pace, hours and slot counts read together, then
// the shared rule (shared/domain/pickup-slots.ts) that the checkout runs too. GET /api/coffee-shops/{id}/pickup-slots
// and the single shop's nextPickupAt come from here.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { addDaysToDate, localDateOf } from '../../../shared/domain/local-date.js';
import {
  nextFreePickup,
  type PickupSlots,
  pickupSlots,
  type ShopPace,
  type SlotRuleInput,
} from '../../../shared/domain/pickup-slots.js';
import type { Database, Transaction } from '../../db/client.js';
import { businessHours, coffeeShops, slotPlaces, specialHours } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/** Orders per slot start (ms since the epoch) at a shop, for slots starting in [from, to). */
export async function slotCounts(
  db: Database | Transaction,
  shopId: number,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ slotAt: slotPlaces.slotAt, count: sql<number>`count(*)::int` })
    .from(slotPlaces)
    .where(and(eq(slotPlaces.shopId, shopId), gte(slotPlaces.slotAt, from), lt(slotPlaces.slotAt, to)))
    .groupBy(slotPlaces.slotAt);
  return new Map(rows.map((row) => [new Date(row.slotAt).getTime(), row.count]));
}

/** Everything the slot rule needs for one shop from now to the end of tomorrow. */
export async function slotRuleInput(db: Database, shopId: number, now: Date): Promise<SlotRuleInput> {
  const [shop] = await db
    .select({
      prepMinutes: coffeeShops.prepMinutes,
      maxOrdersPerSlot: coffeeShops.maxOrdersPerSlot,
      busyExtraMinutes: coffeeShops.busyExtraMinutes,
      busyUntil: coffeeShops.busyUntil,
    })
    .from(coffeeShops)
    .where(eq(coffeeShops.id, shopId));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
  const today = localDateOf(now);
  const [weekly, special] = await Promise.all([
    db.select().from(businessHours).where(eq(businessHours.shopId, shopId)),
    db
      .select()
      .from(specialHours)
      .where(and(eq(specialHours.shopId, shopId), gte(specialHours.date, addDaysToDate(today, -1)))),
  ]);
  const taken =
    shop.maxOrdersPerSlot === null
      ? new Map<number, number>()
      : await slotCounts(
          db,
          shopId,
          new Date(now.getTime() - 15 * 60_000),
          new Date(now.getTime() + 3 * 86_400_000),
        );
  const pace: ShopPace = shop;
  return { weekly, special, now, pace, taken };
}

/** GET /api/coffee-shops/{id}/pickup-slots?date=: today or tomorrow in Johannesburg. */
export async function listPickupSlots(
  db: Database,
  shopId: number,
  date: string | undefined,
  now = new Date(),
) {
  const today = localDateOf(now);
  const day = date ?? today;
  if (day !== today && day !== addDaysToDate(today, 1))
    throw new HttpError(400, `date must be today (${today}) or tomorrow (${addDaysToDate(today, 1)})`);
  const input = await slotRuleInput(db, shopId, now);
  return pickupSlots({ ...input, date: day }) satisfies PickupSlots;
}

/** The single shop's nextPickupAt: the ASAP time an order placed now would get. */
export async function nextPickupAt(db: Database, shopId: number, now = new Date()): Promise<string | null> {
  return nextFreePickup(await slotRuleInput(db, shopId, now))?.toISOString() ?? null;
}

/**
 * Places are kept only while a shop limits its slots (placing at a shop without a limit takes none). A shop that
 * starts limiting them has the orders already waiting counted, in the order they were placed; one that stops has
 * its places forgotten. One transaction, so a reader sees the old places or the new.
 */
export async function resetSlotPlaces(db: Database, shopId: number, limited: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(slotPlaces).where(eq(slotPlaces.shopId, shopId));
    if (!limited) return;
    await tx.execute(sql`
      insert into ${slotPlaces} (shop_id, slot_at, place, order_id)
      select ${shopId}, waiting.slot_at, row_number() over (partition by waiting.slot_at order by waiting.created_at, waiting.id),
        waiting.id
      from (
        select id, created_at, to_timestamp(floor(extract(epoch from pickup_time) / 900) * 900) as slot_at
        from orders where shop_id = ${shopId} and status <> 'cancelled' and pickup_time >= now() - interval '15 minutes'
        union all
        select order_id, created_at, ("placing"->'order'->>'slotAt')::timestamptz
        from order_checkouts where shop_id = ${shopId} and payment_status = 'awaiting'
      ) as waiting`);
  });
}
