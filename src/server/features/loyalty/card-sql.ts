// The SQL pieces that spend and give back a stamp card (issue 29), shared by a counter order's insert
// (orders/service.ts) and an online order's checkout (orders/payment.ts), so both spend a card the same way: in the
// statement that writes the order, as a conditional write that exactly one of two racing redemptions wins.
import { type SQL, sql } from 'drizzle-orm';
import { LOYALTY_STAMP_MONTHS } from '../../../shared/api/loyalty.js';
import { loyaltyStamps } from '../../db/schema.js';

/** A stamp that still counts at `now`: not spent, and earned within the last LOYALTY_STAMP_MONTHS months. */
export function liveStamp(alias: SQL, now: Date): SQL {
  return sql`${alias}.redeemed_by is null
    and ${alias}.created_at > ${now.toISOString()}::timestamptz - ${`${LOYALTY_STAMP_MONTHS} months`}::interval`;
}

/**
 * CTEs `card` (the customer's oldest `stampsRequired` live stamps at the shop, locked) and `card_full` (`ok`: there
 * were that many). Of two statements racing for the same stamps, the second waits for the first's lock, then finds
 * them spent and passes them over: its card is short, and its insert, gated on card_full.ok, writes nothing.
 */
export function cardCtes(card: {
  customerId: number;
  shopId: number;
  stampsRequired: number;
  now: Date;
}): SQL {
  return sql`card as (
      select ls.order_id from ${loyaltyStamps} ls
      where ls.customer_id = ${card.customerId} and ls.shop_id = ${card.shopId} and ${liveStamp(sql`ls`, card.now)}
      order by ls.created_at, ls.order_id
      limit ${card.stampsRequired}::int
      for update
    ),
    card_full as (select count(*) = ${card.stampsRequired}::int as ok from card),`;
}

/** The CTE `spent`: the card's stamps marked as spent by the order (or checkout) `written` returned as `idColumn`. */
export function spendCardCte(written: SQL, idColumn: SQL): SQL {
  return sql`spent as (
      update ${loyaltyStamps} set redeemed_by = ${written}.${idColumn} from ${written}
      where ${loyaltyStamps}.order_id in (select order_id from card)
    )`;
}

/** Gives a card back: the stamps an order (or its checkout) spent count again. Idempotent by its condition. */
export function giveCardBackSql(orderIds: SQL): SQL {
  return sql`update ${loyaltyStamps} set redeemed_by = null where redeemed_by in (${orderIds})`;
}
