// Stamp cards (issue 29): a shop's card as its owner sets it, the cards a customer holds, and the owner's figures.
// Stamps are written by the order moves (orders/moves.ts) and spent by placing (orders/service.ts, card-sql.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LOYALTY_STAMP_MONTHS,
  type LoyaltyCard,
  type LoyaltyMembers,
  type LoyaltyProgram,
  type loyaltyProgramBody,
} from '../../../shared/api/loyalty.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { coffeeShops, loyaltyStamps, orders } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { assertOwnsShop } from '../owned-shops.js';
import { liveStamp } from './card-sql.js';

/** The card's columns on the shop's row. */
const programColumns = {
  shopId: coffeeShops.id,
  enabled: coffeeShops.loyaltyEnabled,
  stampsRequired: coffeeShops.loyaltyStampsRequired,
  reward: coffeeShops.loyaltyReward,
  rewardMaxCents: coffeeShops.loyaltyRewardMaxCents,
};
type ProgramFields = {
  shopId: number;
  enabled: boolean;
  stampsRequired: number | null;
  reward: string | null;
  rewardMaxCents: number | null;
};

/** The card as the owner sees it; null when the shop never set one up. */
function toProgram(row: ProgramFields): LoyaltyProgram | null {
  if (row.stampsRequired === null || row.reward === null || row.rewardMaxCents === null) return null;
  return {
    shopId: row.shopId,
    enabled: row.enabled,
    stampsRequired: row.stampsRequired,
    reward: row.reward,
    rewardMaxValue: centsToDecimalText(row.rewardMaxCents),
  };
}

/** The owner's card for their shop (404 for a shop that is not theirs, rule 4); null when never set up. */
export async function getProgram(
  db: Database,
  ownerId: number,
  shopId: number,
): Promise<LoyaltyProgram | null> {
  const [row] = await db
    .select(programColumns)
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)));
  if (!row) throw new HttpError(404, 'Coffee shop not found');
  return toProgram(row);
}

/**
 * Sets the shop's card, whole, on the shop's row (one conditional UPDATE: the owner's shop only). Customers' stamps
 * are rows of their own, so a new stampsRequired or a card switched off keeps every stamp for when it returns.
 */
export async function putProgram(
  db: Database,
  ownerId: number,
  shopId: number,
  body: z.output<typeof loyaltyProgramBody>,
): Promise<LoyaltyProgram> {
  const [row] = await db
    .update(coffeeShops)
    .set({
      loyaltyEnabled: body.enabled,
      loyaltyStampsRequired: body.stampsRequired,
      loyaltyReward: body.reward,
      loyaltyRewardMaxCents: body.rewardMaxValue,
    })
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)))
    .returning(programColumns);
  if (!row) throw new HttpError(404, 'Coffee shop not found');
  return toProgram(row)!;
}

/**
 * Every card the customer holds (a shop where they earned a stamp in the last LOYALTY_STAMP_MONTHS months; a card
 * just spent shows with 0), the most recently stamped first, computed by the database from loyalty_stamps_card.
 */
export async function listCards(db: Database, customerId: number, now = new Date()): Promise<LoyaltyCard[]> {
  const rows = await executePrepared<{
    shopId: number;
    shopName: string;
    stamps: number;
    stampsRequired: number;
    reward: string;
    enabled: boolean;
    rewardMaxCents: number;
    lastStampAtMs: number | null;
  }>(
    db,
    sql`select ls.shop_id as "shopId", s.name as "shopName",
        (count(*) filter (where ${liveStamp(sql`ls`, now)}))::int as stamps,
        s.loyalty_stamps_required as "stampsRequired", s.loyalty_reward as reward, s.loyalty_enabled as enabled,
        s.loyalty_reward_max_cents as "rewardMaxCents",
        (extract(epoch from max(ls.created_at)) * 1000)::float8 as "lastStampAtMs"
      from ${loyaltyStamps} ls
      join ${coffeeShops} s on s.id = ls.shop_id and s.removed_at is null and s.loyalty_stamps_required is not null
      where ls.customer_id = ${customerId}
      group by ls.shop_id, s.name, s.loyalty_stamps_required, s.loyalty_reward, s.loyalty_enabled,
        s.loyalty_reward_max_cents
      having max(ls.created_at) > ${now.toISOString()}::timestamptz - ${`${LOYALTY_STAMP_MONTHS} months`}::interval
      order by max(ls.created_at) desc, ls.shop_id`,
  );
  return rows.map((row) => ({
    shopId: row.shopId,
    shopName: row.shopName,
    stamps: row.stamps,
    stampsRequired: row.stampsRequired,
    reward: row.reward,
    full: row.stamps >= row.stampsRequired,
    enabled: row.enabled,
    rewardMaxValue: centsToDecimalText(row.rewardMaxCents),
    lastStampAt: row.lastStampAtMs === null ? null : new Date(row.lastStampAtMs).toISOString(),
  }));
}

/**
 * The owner's figures: customers holding a live stamp, cards full now (at today's stampsRequired), and rewards
 * redeemed in the last 30 days on orders that were not cancelled (a cancelled one gave its card back).
 */
export async function members(
  db: Database,
  ownerId: number,
  shopId: number,
  now = new Date(),
): Promise<LoyaltyMembers> {
  await assertOwnsShop(db, ownerId, shopId);
  const [row] = await executePrepared<LoyaltyMembers>(
    db,
    sql`with cards as (
        select ls.customer_id, count(*)::int as stamps from ${loyaltyStamps} ls
        where ls.shop_id = ${shopId} and ${liveStamp(sql`ls`, now)}
        group by ls.customer_id
      )
      select (select count(*)::int from cards) as members,
        (select count(*)::int from cards, ${coffeeShops} s
          where s.id = ${shopId} and cards.stamps >= s.loyalty_stamps_required) as "fullCards",
        (select count(*)::int from ${orders} o where o.shop_id = ${shopId} and o.reward_cents is not null
          and o.status <> 'cancelled'
          and o.created_at >= ${now.toISOString()}::timestamptz - interval '30 days') as "redeemedLast30Days"`,
  );
  return row!;
}
