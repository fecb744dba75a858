// Pre-orders (issue 10): placing an order once per Idempotency-Key, reading orders as their customer or their
// shop's owner, moving them along the status machine with one conditional UPDATE, and the dashboard summary.
// Each write stores the order, its lines and its chat message in one transaction; callers publish afterwards.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { cardNotFullText } from '../../../shared/api/loyalty.js';
import type { Message } from '../../../shared/api/messages.js';
import {
  type DashboardSummary,
  IDEMPOTENCY_WINDOW_HOURS,
  MAX_LINE_QUANTITY,
  type Order,
  type OrderPlacedData,
  type orderListQuery,
  type placeOrderBody,
  RECENT_ORDERS,
} from '../../../shared/api/orders.js';
import type { OnlinePaymentSetting } from '../../../shared/api/payments.js';
import { localDateOf } from '../../../shared/domain/local-date.js';
import { rewardCents } from '../../../shared/domain/loyalty-reward.js';
import { centsToDecimalText, centsToRand } from '../../../shared/domain/money.js';
import type { SpecialHours, WeeklyHours } from '../../../shared/domain/opening-hours.js';
import {
  chosenInOrder,
  lineKey,
  optionsLabel,
  selectionProblem,
  unitPriceCents,
} from '../../../shared/domain/option-selection.js';
import { pickupTimeProblem } from '../../../shared/domain/pickup.js';
import {
  pickupCapacityProblem,
  type ShopPace,
  type SlotRuleInput,
  slotStart,
} from '../../../shared/domain/pickup-slots.js';
import type { Database, Transaction } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import {
  businessHours,
  coffeeShops,
  loyaltyStamps,
  menuItemOptionGroups,
  menuItems,
  messages,
  optionGroups,
  options,
  orderCheckouts,
  orderLines,
  orders,
  slotPlaces,
  specialHours,
  users,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { cardCtes, liveStamp, spendCardCte } from '../loyalty/card-sql.js';
import { pushEventSql } from '../push/enqueue.js';
import { slotCounts, slotRuleInput } from '../shops/pickup-slots.js';
import {
  checkoutAsOrder,
  findCheckoutByKey,
  findCustomerCheckout,
  listCustomerCheckouts,
  pageCursor,
} from './checkouts.js';
import {
  messageFromJson,
  orderRowFromJson,
  placingTotalCents,
  REWARD_LINE_NAME,
  type StoredHistoryEntry,
  type StoredLine,
  type StoredOption,
  storedLinesOf,
  toLine,
  toOrder,
} from './order-row.js';

export { type StoredHistoryEntry, type StoredLine, type StoredOption, toOrder };

type OptionFound = { id: number; name: string; priceCents: number; isAvailable: boolean };
type GroupFound = {
  id: number;
  name: string;
  minSelected: number;
  maxSelected: number;
  options: OptionFound[];
};
type MenuItemFound = {
  id: number;
  name: string;
  priceCents: number;
  isAvailable: boolean;
  groups: GroupFound[];
};
type SpecialDay = SpecialHours & { note: string | null };
/** What placing an order reads in its one query (JSON columns arrive parsed on both drivers). */
interface PlacementFacts {
  id: number;
  name: string;
  ownerId: number;
  acceptingOrders: boolean;
  onlinePayment: OnlinePaymentSetting;
  subaccountCode: string | null;
  prepMinutes: number;
  maxOrdersPerSlot: number | null;
  busyExtraMinutes: number | null;
  busyUntilMs: number | null;
  /** Orders already in the pickup's slot. */
  slotTaken: number;
  customerName: string;
  customerEmail: string;
  placedWithKey: number | null;
  /** An online order placed with this key, still in order_checkouts (not paid yet, or never). */
  checkoutWithKey: number | null;
  /** The shop's stamp card (issue 29) and the customer's live stamps there. */
  loyalty: { enabled: boolean; stampsRequired: number; rewardMaxCents: number } | null;
  stamps: number;
  items: MenuItemFound[];
  weekly: WeeklyHours[];
  special: SpecialDay[];
}

/** What the live bus carries after a committed change: the order and who must hear of it. */
export interface OrderChange {
  order: Order;
  ownerId: number;
  message: Message;
  /** A push notification was written to the outbox with it (the worker is kicked once it commits). */
  pushed?: boolean;
  /** The stamp a completion earned (issue 29): its chat line to the customer, and the card after it. */
  stamp?: { message: Message; stamps: number; stampsRequired: number };
}

const orderWithNames = {
  order: orders,
  shopName: coffeeShops.name,
  ownerId: coffeeShops.ownerId,
  customerName: users.username,
};

export function selectOrders(db: Database | Transaction) {
  return db
    .select(orderWithNames)
    .from(orders)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orders.shopId))
    .innerJoin(users, eq(users.id, orders.customerId));
}

/** One order by id, for whoever is allowed to read it (the bus reads it back this way too). */
export async function findOrder(db: Database, id: number): Promise<Order | null> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  if (row) return toOrder(row.order, row);
  // An online order not paid (or never): only its customer hears of it.
  const [checkout] = await db.select().from(orderCheckouts).where(eq(orderCheckouts.orderId, id));
  return checkout && checkout.paymentStatus !== 'paid' ? checkoutAsOrder(checkout) : null;
}

/**
 * Places an order as this customer, in two round trips: one read gathers what the checks need, one statement
 * writes the order, its lines and its chat message (a single statement is atomic: all three or none). Names and
 * prices are read from the menu; the body's only say is which items and how many. With an Idempotency-Key, the
 * first order placed with it in the last 24 hours is returned instead (created: false), even when both requests
 * race: the unique index orders_customer_idempotency_key lets one INSERT in and the other waits for it, does
 * nothing, then reads it.
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  input: z.output<typeof placeOrderBody>,
  idempotencyKey: string | null,
  settings: PlacementSettings,
  now: Date = new Date(),
): Promise<
  | { created: true; change: OrderChange }
  | { created: false; order: Order }
  | { created: 'checkout'; checkout: CheckoutToStart }
> {
  const windowStart = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3_600_000);
  const wanted = [...new Set(input.items.map((item) => item.menuItemId))];
  const today = localDateOf(now);
  // Everything the checks need in one round trip: the shop, the customer's name, an order already placed with
  // this key in the last 24 hours, the wanted menu items, and the hours around the pickup window.
  const [shop] = await executePrepared<PlacementFacts>(
    db,
    sql`select s.id, s.name, s.owner_id as "ownerId", s.accepting_orders as "acceptingOrders",
        s.online_payment as "onlinePayment", s.paystack_subaccount_code as "subaccountCode",
        s.prep_minutes as "prepMinutes", s.max_orders_per_slot as "maxOrdersPerSlot",
        s.busy_extra_minutes as "busyExtraMinutes",
        (extract(epoch from s.busy_until) * 1000)::float8 as "busyUntilMs",
        (select count(*)::int from ${slotPlaces} p where p.shop_id = s.id
          and p.slot_at = ${slotStart(new Date(input.pickupTime)).toISOString()}::timestamptz) as "slotTaken",
        (select u.username from ${users} u where u.id = ${customerId}) as "customerName",
        (select u.email from ${users} u where u.id = ${customerId}) as "customerEmail",
        (select c.order_id from ${orderCheckouts} c where c.customer_id = ${customerId}
          and c.idempotency_key = ${idempotencyKey} and c.payment_status <> 'paid'
          and c.created_at >= ${windowStart.toISOString()}::timestamptz) as "checkoutWithKey",
        (select o.id from ${orders} o where o.customer_id = ${customerId} and o.idempotency_key = ${idempotencyKey}
          and o.created_at >= ${windowStart.toISOString()}::timestamptz) as "placedWithKey",
        case when s.loyalty_stamps_required is null then null
          else json_build_object('enabled', s.loyalty_enabled, 'stampsRequired', s.loyalty_stamps_required,
            'rewardMaxCents', s.loyalty_reward_max_cents) end as loyalty,
        (select count(*)::int from ${loyaltyStamps} ls where ls.customer_id = ${customerId} and ls.shop_id = s.id
          and ${liveStamp(sql`ls`, now)}) as stamps,
        (select coalesce(json_agg(json_build_object('id', m.id, 'name', m.name, 'priceCents', m.price_cents,
            'isAvailable', m.is_available, 'groups', ${itemGroupsJson})), '[]'::json)
          from ${menuItems} m where m.shop_id = s.id and m.id = any(${`{${wanted.join(',')}}`}::int[])) as items,
        (select coalesce(json_agg(json_build_object('dayOfWeek', h.day_of_week, 'openTime', h.open_time,
            'closeTime', h.close_time, 'isClosed', h.is_closed)), '[]'::json)
          from ${businessHours} h where h.shop_id = s.id) as weekly,
        (select coalesce(json_agg(json_build_object('date', d.date::text, 'openTime', d.open_time,
            'closeTime', d.close_time, 'isClosed', d.is_closed, 'note', d.note)), '[]'::json)
          from ${specialHours} d where d.shop_id = s.id
          and d.date between ${today}::date - 1 and ${today}::date + 10) as special
      from ${coffeeShops} s where s.id = ${input.shopId}`,
  );
  const fingerprint = idempotencyKey ? fingerprintOf(input) : null;
  if (shop?.placedWithKey && idempotencyKey) {
    const existing = await findByKey(db, customerId, idempotencyKey);
    if (existing) return replay(existing, fingerprint);
  }
  if (shop?.checkoutWithKey && idempotencyKey) {
    const existing = await findCheckoutByKey(db, customerId, idempotencyKey);
    if (existing) return replay(existing, fingerprint);
  }
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
  if (!shop.acceptingOrders) throw new HttpError(409, `${shop.name} is not taking orders right now`);
  // Online payment only where the server has Paystack and the shop offers it (issue 26).
  const offered = settings.paymentsConfigured && shop.subaccountCode ? shop.onlinePayment : 'off';
  if (input.payment === 'online' && offered === 'off')
    throw new HttpError(409, `${shop.name} does not take payment online: choose Pay at the counter`);

  const byId = new Map(shop.items.map((item) => [item.id, item]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new HttpError(
      400,
      `menuItemId ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not on ${shop.name}'s menu`,
    );
  const soldOut = wanted.map((id) => byId.get(id)!).filter((item) => !item.isAvailable);
  if (soldOut.length > 0)
    throw new HttpError(
      409,
      `${soldOut.map((item) => item.name).join(', ')} ${soldOut.length === 1 ? 'is' : 'are'} sold out`,
    );

  const lines = linesOf(input.items, byId);
  const reward = input.redeemReward ? rewardOf(shop, lines) : null;

  const pickupTime = new Date(input.pickupTime);
  const problem = pickupTimeProblem({ weekly: shop.weekly, special: shop.special, now, pickupTime });
  if (problem) throw new HttpError(400, problem);
  // A busy shop's rule (issue 30): not sooner than its prep time (and busy delay), not in a full slot.
  const pace: ShopPace = {
    prepMinutes: shop.prepMinutes,
    maxOrdersPerSlot: shop.maxOrdersPerSlot,
    busyExtraMinutes: shop.busyExtraMinutes,
    busyUntil: shop.busyUntilMs === null ? null : new Date(shop.busyUntilMs),
  };
  const slotAt = slotStart(pickupTime);
  const taken = new Map([[slotAt.getTime(), shop.slotTaken]]);
  if (pickupCapacityProblem({ weekly: shop.weekly, special: shop.special, now, pace, taken, pickupTime }))
    throw await capacityRefusal(db, shop.id, pickupTime, now, {
      weekly: shop.weekly,
      special: shop.special,
      now,
      pace,
    });

  const placing: PlacingOrder = {
    reward,
    shopId: shop.id,
    ownerId: shop.ownerId,
    customerId,
    lines,
    pickupTime,
    notes: input.notes ?? null,
    idempotencyKey,
    fingerprint,
    now,
    slotAt: slotAt.toISOString(),
    maxOrdersPerSlot: pace.maxOrdersPerSlot,
  };
  const names = { shopName: shop.name, customerName: shop.customerName };
  // An order a reward makes free (R0.00) has nothing to pay, online or at the counter (issue 29).
  const payable = placingTotalCents(placing) > 0;
  if (payable && input.payment === 'counter' && offered === 'required')
    throw new HttpError(409, `${shop.name} takes payment online only: choose Pay now`);
  if (payable && input.payment === 'online') {
    // Not an order the shop sees until it is paid: orders/payment.ts starts the payment (the route calls it).
    const checkout = {
      placing,
      names,
      customerEmail: shop.customerEmail,
      subaccountCode: shop.subaccountCode!,
      openOrdersPerShop: settings.openOrdersPerShop,
    };
    return { created: 'checkout' as const, checkout };
  }
  const placed = await insertWithinLimits(db, placing, names, settings);
  if (placed) return { created: true as const, change: placed };
  if (!idempotencyKey) throw new HttpError(409, 'The order could not be placed; try again');
  // The key is taken. By an order within the window (another request got in first and has committed, as ON
  // CONFLICT waits for it): answer with that order. By an older one: free the key, only if it is that old, and
  // place this order under it.
  const existing = await findByKey(db, customerId, idempotencyKey);
  if (existing && new Date(existing.order.createdAt) >= windowStart) return replay(existing, fingerprint);
  const retried = await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ idempotencyKey: null })
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.idempotencyKey, idempotencyKey),
          lt(orders.createdAt, windowStart),
        ),
      );
    return insertWithinLimits(tx, placing, names, settings);
  });
  if (!retried) throw new HttpError(409, 'An order with this Idempotency-Key is being placed; try again');
  return { created: true as const, change: retried };
}

/**
 * The item's attached groups with their options, in order, as JSON: a subquery of the placement's one read, served
 * by the links' primary key and options_group (issue 25: options cost no extra round trip).
 */
const itemGroupsJson = sql`(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name,
    'minSelected', g.min_selected, 'maxSelected', g.max_selected,
    'options', (select coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'priceCents', o.price_cents,
        'isAvailable', o.is_available) order by o.position, o.id), '[]'::json)
      from ${options} o where o.group_id = g.id)) order by l.position), '[]'::json)
  from ${menuItemOptionGroups} l join ${optionGroups} g on g.id = l.group_id where l.menu_item_id = m.id)`;

/**
 * The order's lines from the body's, priced by the server: each line's options checked against its item's groups
 * (400 for a wrong choice, 409 for a sold-out option), lines with the same item and the same options merged, and
 * one item's cups across all its lines capped at MAX_LINE_QUANTITY.
 */
function linesOf(
  wanted: z.output<typeof placeOrderBody>['items'],
  menu: Map<number, MenuItemFound>,
): PricedLine[] {
  const byKey = new Map<string, PricedLine>();
  const cupsOf = new Map<number, number>();
  for (const line of wanted) {
    const item = menu.get(line.menuItemId)!;
    const problem = selectionProblem(item.name, item.groups, line.options);
    if (problem) throw new HttpError(problem.kind === 'sold_out' ? 409 : 400, problem.message);
    const cups = (cupsOf.get(item.id) ?? 0) + line.quantity;
    if (cups > MAX_LINE_QUANTITY)
      throw new HttpError(400, `${item.name}: at most ${MAX_LINE_QUANTITY} in one order (${cups} asked)`);
    cupsOf.set(item.id, cups);
    const key = lineKey(item.id, line.options);
    const same = byKey.get(key);
    if (same) {
      same.quantity += line.quantity;
      continue;
    }
    const chosen = chosenInOrder(item.groups, line.options).map(({ group, option }) => ({
      id: option.id,
      group: group.name,
      name: option.name,
      priceCents: option.priceCents,
    }));
    byKey.set(key, {
      menuItemId: item.id,
      name: item.name,
      quantity: line.quantity,
      priceCents: unitPriceCents(
        item.priceCents,
        chosen.map((option) => option.priceCents),
      ),
      options: chosen,
      optionGroups: item.groups.length > 0 ? item.groups.map((group) => group.name) : null,
    });
  }
  return [...byKey.values()];
}

/**
 * What a redeemed card takes off (issue 29): the dearest line's unit price, at most the card's rewardMaxValue. 409
 * when the shop has no card switched on, or the customer's card there is not full.
 */
function rewardOf(shop: PlacementFacts, lines: PricedLine[]): PlacingOrder['reward'] {
  const card = shop.loyalty;
  if (!card?.enabled) throw new HttpError(409, `${shop.name} has no stamp card at the moment`);
  if (shop.stamps < card.stampsRequired)
    throw new HttpError(409, cardNotFullText(shop.name, shop.stamps, card.stampsRequired));
  const cents = rewardCents(
    lines.map((line) => line.priceCents),
    card.rewardMaxCents,
  );
  return { cents, stampsRequired: card.stampsRequired };
}

/** A placed line, and the names of the groups its item offered (kept on order_lines for analytics' shares). */
type PricedLine = StoredLine & { options: StoredOption[]; optionGroups: string[] | null };

/** What placing may not exceed (config: OPEN_ORDERS_PER_SHOP) and whether Paystack is configured. */
export interface PlacementSettings {
  /** Orders paid at the counter one customer may have pending or confirmed at one shop. */
  openOrdersPerShop: number;
  /** PAYSTACK_SECRET_KEY is set: online payment may be offered. */
  paymentsConfigured: boolean;
}

/** An online order checked and priced, for orders/payment.ts to start its payment. */
export interface CheckoutToStart {
  placing: PlacingOrder;
  names: { shopName: string; customerName: string };
  customerEmail: string;
  subaccountCode: string;
  /** Unpaid online orders one customer may have awaiting at one shop (OPEN_ORDERS_PER_SHOP). */
  openOrdersPerShop: number;
}

/**
 * Inserts the order unless the customer already has `openOrdersPerShop` open at this shop (409, issue 33: one
 * customer placed 30 counter-paid orders in 0.4 s). The order takes the lowest free one of their numbered places at
 * the shop (open_slot), in the insert itself: no lock, no transaction. Of two placements racing for the last place
 * the unique index orders_open_slot lets one in; the other writes nothing, reads why, and tries the next free place
 * or is refused. Null when the Idempotency-Key is taken: the caller replays that order or frees the key.
 */
async function insertWithinLimits(
  db: Database | Transaction,
  order: PlacingOrder,
  names: { shopName: string; customerName: string },
  limits: PlacementSettings,
): Promise<OrderChange | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let written: OrderChange | null;
    try {
      written = await insertOrder(db, order, names, { openOrdersPerShop: limits.openOrdersPerShop });
    } catch (error) {
      // Another placement took the slot place this one chose (slot_places' key): look again.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    if (written) return written;
    const [facts] = await executePrepared<{
      open: number;
      keyTaken: boolean;
      slotTaken: number;
      stamps: number;
      accepting: boolean | null;
      customerGone: boolean | null;
    }>(
      db,
      sql`select ${closedToOrderFacts(order)}, (select count(*)::int from ${orders} o where o.customer_id = ${order.customerId}
            and o.shop_id = ${order.shopId} and o.status in ('pending', 'confirmed')) as open,
          exists (select 1 from ${orders} o where o.customer_id = ${order.customerId}
            and o.idempotency_key = ${order.idempotencyKey}) as "keyTaken",
          (select count(*)::int from ${slotPlaces} p where p.shop_id = ${order.shopId}
            and p.slot_at = ${order.slotAt}::timestamptz) as "slotTaken",
          (select count(*)::int from ${loyaltyStamps} ls where ls.customer_id = ${order.customerId}
            and ls.shop_id = ${order.shopId} and ${liveStamp(sql`ls`, order.now)}) as stamps`,
    );
    if (facts?.keyTaken) return null;
    refuseClosedToOrder(facts, names.shopName);
    // A racing order spent the card first.
    if (order.reward && (facts?.stamps ?? 0) < order.reward.stampsRequired)
      throw new HttpError(
        409,
        cardNotFullText(names.shopName, facts?.stamps ?? 0, order.reward.stampsRequired),
      );
    if (order.maxOrdersPerSlot !== null && (facts?.slotTaken ?? 0) >= order.maxOrdersPerSlot)
      throw await capacityRefusal(db, order.shopId, order.pickupTime, order.now);
    if ((facts?.open ?? 0) >= limits.openOrdersPerShop)
      throw new HttpError(
        409,
        `You already have ${facts!.open} open orders at ${names.shopName}: collect or cancel one before ordering again`,
      );
  }
  throw new HttpError(409, 'The order could not be placed; try again');
}

export interface PlacingOrder {
  /** A full stamp card spent on this order (issue 29): what it takes off, and how many stamps it spends. */
  reward: { cents: number; stampsRequired: number } | null;
  shopId: number;
  ownerId: number;
  customerId: number;
  lines: PricedLine[];
  pickupTime: Date;
  notes: string | null;
  idempotencyKey: string | null;
  /** fingerprintOf the body, kept with the key. */
  fingerprint: string | null;
  now: Date;
  /** The 15-minute pickup slot the order takes a place in (issue 30), and the shop's limit then. */
  slotAt: string;
  maxOrdersPerSlot: number | null;
}

/**
 * The CTEs that find the lowest free place in the order's pickup slot (`slot_free.place`, null when the slot is
 * full): a statement inserting that place fails on slot_places' key if another took it first.
 */
export function slotPlaceCtes(order: { shopId: number; slotAt: string; maxOrdersPerSlot: number | null }) {
  return sql`slot_taken as (
      select p.place from ${slotPlaces} p where p.shop_id = ${order.shopId} and p.slot_at = ${order.slotAt}::timestamptz
    ),
    slot_free as (
      select min(candidate)::smallint as place from (select 1 as candidate union all select place + 1 from slot_taken) c
      where candidate not in (select place from slot_taken)
        ${order.maxOrdersPerSlot === null ? sql`` : sql`and candidate <= ${order.maxOrdersPerSlot}::int`}
    ),`;
}

/** The 409 for a pickup time that is too soon or full, naming the next free time (shared/domain/pickup-slots.ts). */
export async function capacityRefusal(
  db: Database | Transaction,
  shopId: number,
  pickupTime: Date,
  now: Date,
  known?: Omit<SlotRuleInput, 'taken'>,
) {
  // The placement's read already has the pace and hours: then only the slots' counts are read.
  const input = known
    ? {
        ...known,
        taken: await slotCounts(
          db,
          shopId,
          new Date(now.getTime() - 15 * 60_000),
          new Date(now.getTime() + 3 * 86_400_000),
        ),
      }
    : await slotRuleInput(db as Database, shopId, now);
  const problem = pickupCapacityProblem({ ...input, pickupTime });
  return new HttpError(409, problem ?? 'That time has just filled up — please choose another pickup time');
}

/**
 * The shop still takes orders and the customer still has an account, read again by the insert itself under FOR KEY
 * SHARE: the placement's first read came a moment earlier, and an owner pausing or deleting their account (which
 * locks the shop FOR UPDATE, account/deletion.ts), or a customer deleting theirs, in between would otherwise be
 * missed. A lock the row's foreign keys take anyway; a placement that waited on the deletion then finds the row as
 * it was left and writes nothing (refuseClosedToOrder says why).
 */
export function openToOrderCte(order: { shopId: number; customerId: number }) {
  return sql`open_to_order as (
      select 1 from ${coffeeShops} s, ${users} u
      where s.id = ${order.shopId} and s.accepting_orders and s.removed_at is null
        and u.id = ${order.customerId} and u.deleted_at is null
      for key share of s, u
    ),`;
}

/** The columns that say why open_to_order found nothing: `accepting` and `customerGone`. */
export function closedToOrderFacts(order: { shopId: number; customerId: number }) {
  return sql`(select s.accepting_orders and s.removed_at is null from ${coffeeShops} s where s.id = ${order.shopId}) as accepting,
    (select u.deleted_at is not null from ${users} u where u.id = ${order.customerId}) as "customerGone"`;
}

/** The refusal when the shop stopped taking orders, or the customer's account went, since the placement read them. */
export function refuseClosedToOrder(
  facts: { accepting: boolean | null; customerGone: boolean | null } | undefined,
  shopName: string,
) {
  if (facts?.customerGone) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
  if (facts && facts.accepting !== true)
    throw new HttpError(409, `${shopName} is not taking orders right now`);
}

/** A short code for the counter: 4 characters without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
const PICKUP_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
function newPickupCode(): string {
  return Array.from(randomBytes(4), (byte) => PICKUP_CODE_ALPHABET[byte % PICKUP_CODE_ALPHABET.length]).join(
    '',
  );
}

/** A unique index refused the row (PostgreSQL and PGlite both say 23505, maybe wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * Writes a checked order, its lines and its 'order' message to the owner in one statement (data-modifying CTEs);
 * null when the customer's Idempotency-Key is taken or no open-order place is free (then nothing at all is written).
 * The message names the order's number, known only once it is inserted: its text is put together in SQL.
 */
export async function insertOrder(
  db: Database | Transaction,
  order: PlacingOrder,
  names: { shopName: string; customerName: string },
  how: {
    /** Take one of the customer's open-order places, or write nothing when none is free; null: no limit. */
    openOrdersPerShop: number | null;
    /** An online order being written once paid: its id (kept from order_checkouts) and its payment. */
    paid?: { id: number; paidAt: Date; reference: string; url: string | null };
  },
): Promise<OrderChange | null> {
  const at = order.now.toISOString();
  const totalCents = placingTotalCents(order);
  // A redeemed card is spent here, in the order's own statement; a paid online order's checkout spent it already.
  const spends = order.reward !== null && !how.paid;
  const history: StoredHistoryEntry[] = [{ status: 'pending', at }];
  // A place in the pickup slot only where the shop limits its slots (and not for a paid online order, whose
  // checkout took one already): shops without a limit pay nothing for the rule.
  const takesPlace = !how.paid && order.maxOrdersPerSlot !== null;
  const summary = order.lines
    .map((line) => {
      const chosen = optionsLabel(line.options);
      return `${line.quantity} × ${line.name}${chosen ? ` (${chosen})` : ''}`;
    })
    .join(', ')
    .concat(order.reward ? `, ${REWARD_LINE_NAME}` : '');
  const stored = storedLinesOf(order);
  // 'Order #{id}: 2 × Flat White (R65.00)', and orderData {orderId, items, total} as JSON text.
  const contentAfterId = `: ${summary.length > 400 ? `${summary.slice(0, 399)}…` : summary} (${centsToRand(totalCents)})`;
  const placedData: Omit<OrderPlacedData, 'orderId'> = {
    items: stored.map(toLine),
    total: centsToDecimalText(totalCents),
  };
  const dataAfterId = `,${JSON.stringify(placedData).slice(1)}`;
  const [written] = await executePrepared<{ order: string; message: string; pushed: boolean }>(
    db,
    sql`
    with taken as (
      select o.open_slot from ${orders} o where o.customer_id = ${order.customerId} and o.shop_id = ${order.shopId}
        and o.status in ('pending', 'confirmed') and o.open_slot is not null
    ),
    free as (
      select min(candidate) as slot from (select 1 as candidate union all select open_slot + 1 from taken) c
      where ${how.openOrdersPerShop === null ? sql`false` : sql`candidate <= ${how.openOrdersPerShop}::int`}
        and candidate not in (select open_slot from taken)
    ),
    ${
      // The lowest free place in the pickup's slot (issue 30); a paid online order's checkout holds one already.
      takesPlace ? slotPlaceCtes(order) : sql``
    }
    ${spends ? cardCtes({ ...order, stampsRequired: order.reward!.stampsRequired }) : sql``}
    ${how.paid ? sql`` : openToOrderCte(order)}
    placed as (
      insert into ${orders} (${how.paid ? sql`id, ` : sql``}shop_id, customer_id, items, total_cents, status, status_history, pickup_time,
        notes, idempotency_key, idempotency_fingerprint, open_slot, payment_status, paid_at, payment_reference,
        payment_url, pickup_code, pickup_day, reward_cents, created_at, updated_at)
      select ${how.paid ? sql`${how.paid.id}::int, ` : sql``}${order.shopId}, ${order.customerId}, ${JSON.stringify(stored)}::jsonb, ${totalCents},
        'pending', ${JSON.stringify(history)}::jsonb, ${order.pickupTime.toISOString()}::timestamptz,
        ${order.notes}, ${order.idempotencyKey}, ${order.fingerprint}, free.slot,
        ${how.paid ? 'paid' : 'not_required'}, ${how.paid ? sql`${how.paid.paidAt.toISOString()}::timestamptz` : null},
        ${how.paid?.reference ?? null}, ${how.paid?.url ?? null}, ${newPickupCode()},
        ${localDateOf(order.pickupTime)}::date, ${order.reward?.cents ?? null}::int, ${at}::timestamptz, ${at}::timestamptz
      from free${takesPlace ? sql`, slot_free` : sql``}${spends ? sql`, card_full` : sql``}${how.paid ? sql`` : sql`, open_to_order`}
      where ${how.openOrdersPerShop === null ? sql`true` : sql`free.slot is not null`}
        ${takesPlace ? sql`and slot_free.place is not null` : sql``}
        ${spends ? sql`and card_full.ok` : sql``}
      -- Any unique index: this key taken (orders_customer_idempotency_key), this open place (orders_open_slot), or
      -- this pickup code that day (orders_pickup_code): nothing is written and the caller looks why.
      on conflict do nothing
      returning *
    ),
    ${spends ? sql`${spendCardCte(sql`placed`, sql`id`)},` : sql``}
    ${
      !takesPlace
        ? sql``
        : sql`slot_taken_now as (
      insert into ${slotPlaces} (shop_id, slot_at, place, order_id)
      select placed.shop_id, ${order.slotAt}::timestamptz, slot_free.place, placed.id from placed, slot_free
    ),`
    }
    lines as (
      insert into ${orderLines} (order_id, shop_id, menu_item_id, name, quantity, price_cents, created_at, options,
        option_groups)
      select placed.id, placed.shop_id, line."menuItemId", line.name, line.quantity, line."priceCents",
        placed.created_at, line.options, line."optionGroups"
      from placed, jsonb_to_recordset(${JSON.stringify(order.lines)}::jsonb)
        as line("menuItemId" int, name text, quantity int, "priceCents" int, options jsonb, "optionGroups" text[])
    ),
    message as (
      insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type, order_data)
      select ${order.customerId}, ${order.ownerId}, placed.shop_id, ${order.customerId},
        'Order #' || placed.id || ${contentAfterId}, 'order', '{"orderId":' || placed.id || ${dataAfterId}
      from placed
      returning *
    ),
    -- The owner's devices hear of an order the shop can see now (issue 27).
    pushed as (${pushEventSql(sql`${order.ownerId}::int`, sql`jsonb_build_object('kind', 'new_order', 'orderId', placed.id)`, sql`placed`)})
    select row_to_json(placed.*)::text as "order", row_to_json(message.*)::text as message,
      exists (select 1 from pushed) as pushed
    from placed, message`,
  );
  if (!written) return null;
  return {
    order: toOrder(orderRowFromJson(written.order), names),
    ownerId: order.ownerId,
    message: messageFromJson(written.message),
    pushed: written.pushed,
  };
}

/**
 * What an Idempotency-Key promises to repeat, hashed: the shop, the lines (with defaults filled in) and the notes.
 * Not the pickup time: the checkout works 'As soon as possible' out again when it retries an attempt, so a retry
 * may ask for a pickup a minute later and is still the same order.
 */
function fingerprintOf(input: z.output<typeof placeOrderBody>): string {
  const { shopId, items, notes, redeemReward } = input;
  const canonical = JSON.stringify({
    shopId,
    items: items.map(({ menuItemId, quantity, options }) => ({ menuItemId, quantity, options })),
    notes,
    // Only when asked, so the fingerprints kept before loyalty still match their retries.
    ...(redeemReward ? { redeemReward } : {}),
  });
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * A retry answers with the first order; the same key with a different body is refused as Stripe does (issue 33):
 * a client that reuses a key for a new order would otherwise be told it was placed. Orders placed before
 * fingerprints were kept replay as before.
 */
function replay(existing: { order: Order; fingerprint: string | null }, fingerprint: string | null) {
  if (existing.fingerprint !== null && existing.fingerprint !== fingerprint)
    throw new HttpError(422, 'This Idempotency-Key was used for a different order');
  return { created: false as const, order: existing.order };
}

async function findByKey(db: Database, customerId: number, key: string) {
  const [row] = await selectOrders(db).where(
    and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)),
  );
  return row ? { order: toOrder(row.order, row), fingerprint: row.order.idempotencyFingerprint } : null;
}

/**
 * The orders a user may see, newest first: an owner's shops' orders (optionally one shop's, one status's), or a
 * customer's own. Bounded to a page; ?before= continues below the oldest order already shown.
 */
export async function listOrders(
  db: Database,
  user: { id: number; role: 'customer' | 'shop_owner' },
  query: z.output<typeof orderListQuery>,
): Promise<Order[]> {
  const cursor = query.before ? await pageCursor(db, query.before) : null;
  if (query.before && !cursor) return [];
  const rows = await selectOrders(db)
    .where(
      and(
        user.role === 'shop_owner' ? eq(coffeeShops.ownerId, user.id) : eq(orders.customerId, user.id),
        query.shopId ? eq(orders.shopId, query.shopId) : undefined,
        query.status ? eq(orders.status, query.status) : undefined,
        cursor
          ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit);
  const placed = rows.map((row) => toOrder(row.order, row));
  // A customer's online orders not paid yet (or never) are theirs to see; the shop's owner never sees them.
  if (user.role === 'shop_owner') return placed;
  const waiting = await listCustomerCheckouts(db, user.id, query, cursor);
  if (waiting.length === 0) return placed;
  return [...placed, ...waiting]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, query.limit);
}

/** One order for its customer or its shop's owner; anyone else gets 404, as if it did not exist. */
export async function getOrder(db: Database, userId: number, id: number): Promise<Order> {
  const [row] = await selectOrders(db).where(
    and(eq(orders.id, id), or(eq(orders.customerId, userId), eq(coffeeShops.ownerId, userId))),
  );
  if (row) return toOrder(row.order, row);
  const checkout = await findCustomerCheckout(db, userId, id);
  if (checkout) return checkoutAsOrder(checkout);
  throw new HttpError(404, 'Order not found');
}

/**
 * The dashboard's overview for an owner, computed by the database: today is the Africa/Johannesburg date of
 * `now`, read as a range of created_at so the orders_shop_created index serves it.
 */
export async function dashboardSummary(
  db: Database,
  ownerId: number,
  now: Date = new Date(),
): Promise<DashboardSummary> {
  const zone = sql.raw(`'Africa/Johannesburg'`);
  const dayStart = sql`((${now.toISOString()}::timestamptz at time zone ${zone})::date::timestamp at time zone ${zone})`;
  const ownShops = sql`(select id from ${coffeeShops} where owner_id = ${ownerId})`;
  const [figures] = await db
    .select({
      ordersToday: sql<number>`(select count(*)::int from ${orders} o
        where o.shop_id in ${ownShops} and o.created_at >= ${dayStart} and o.created_at < ${dayStart} + interval '1 day')`,
      cancelledToday: sql<number>`(select count(*)::int from ${orders} o
        where o.shop_id in ${ownShops} and o.created_at >= ${dayStart} and o.created_at < ${dayStart} + interval '1 day'
        and o.status = 'cancelled')`,
      revenueToday: sql<number>`(select coalesce(sum(o.total_cents), 0)::int from ${orders} o
        where o.shop_id in ${ownShops} and o.created_at >= ${dayStart} and o.created_at < ${dayStart} + interval '1 day'
        and o.status <> 'cancelled')`,
      pendingOrders: sql<number>`(select count(*)::int from ${orders} o
        where o.shop_id in ${ownShops} and o.status = 'pending')`,
      activeChats: sql<number>`(select count(*)::int from (select distinct m.shop_id, m.customer_id
        from ${messages} m where m.shop_id in ${ownShops}) conversations)`,
      avgRating: sql<string | null>`(select round(avg(s.rating), 1)::text from ${coffeeShops} s
        where s.owner_id = ${ownerId} and s.review_count > 0)`,
    })
    .from(sql`(select 1) one`);
  const recentOrders = await listOrders(db, { id: ownerId, role: 'shop_owner' }, { limit: RECENT_ORDERS });
  return {
    ordersToday: Number(figures!.ordersToday),
    cancelledToday: Number(figures!.cancelledToday),
    revenueToday: centsToDecimalText(Number(figures!.revenueToday)),
    pendingOrders: Number(figures!.pendingOrders),
    activeChats: Number(figures!.activeChats),
    avgRating: figures!.avgRating,
    recentOrders,
  };
}
