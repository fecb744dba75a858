// Pre-orders (issue 10): placing an order once per Idempotency-Key, reading orders as their customer or their
// shop's owner, moving them along the status machine with one conditional UPDATE, and the dashboard summary.
// Each write stores the order, its lines and its chat message in one transaction; callers publish afterwards.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Message } from '../../../shared/api/messages.js';
import {
  type DashboardSummary,
  IDEMPOTENCY_WINDOW_HOURS,
  type Order,
  type OrderLine,
  type OrderPlacedData,
  type OrderStatusData,
  type orderListQuery,
  type placeOrderBody,
  RECENT_ORDERS,
} from '../../../shared/api/orders.js';
import { localDateOf } from '../../../shared/domain/local-date.js';
import { centsToDecimalText, centsToRand } from '../../../shared/domain/money.js';
import type { SpecialHours, WeeklyHours } from '../../../shared/domain/opening-hours.js';
import {
  canActorMove,
  type OrderActor,
  type OrderStatus,
  orderStatuses,
  orderStatusMessage,
} from '../../../shared/domain/order-status.js';
import { pickupTimeProblem } from '../../../shared/domain/pickup.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  businessHours,
  coffeeShops,
  menuItems,
  messages,
  orderLines,
  orders,
  specialHours,
  users,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { postServerMessage } from '../messages/service.js';

/** A line as orders.items keeps it (cents inside, CONVENTIONS rule 16). */
export interface StoredLine {
  menuItemId: number | null;
  name: string;
  quantity: number;
  priceCents: number;
}

export interface StoredHistoryEntry {
  status: OrderStatus;
  at: string;
}

type OrderRow = typeof orders.$inferSelect;
type MenuItemFound = { id: number; name: string; priceCents: number; isAvailable: boolean };
type SpecialDay = SpecialHours & { note: string | null };

/** What the live bus carries after a committed change: the order and who must hear of it. */
export interface OrderChange {
  order: Order;
  ownerId: number;
  message: Message;
}

function toLine(line: StoredLine): OrderLine {
  return {
    menuItemId: line.menuItemId,
    name: line.name,
    quantity: line.quantity,
    price: centsToDecimalText(line.priceCents),
  };
}

export function toOrder(row: OrderRow, names: { shopName: string; customerName: string }): Order {
  return {
    id: row.id,
    shopId: row.shopId,
    customerId: row.customerId,
    items: JSON.stringify((row.items as StoredLine[]).map(toLine)),
    totalAmount: centsToDecimalText(row.totalCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    pickupTime: row.pickupTime?.toISOString() ?? null,
    notes: row.notes,
    shopName: names.shopName,
    customerName: names.customerName,
    statusHistory: row.statusHistory as StoredHistoryEntry[],
  };
}

const orderWithNames = {
  order: orders,
  shopName: coffeeShops.name,
  ownerId: coffeeShops.ownerId,
  customerName: users.username,
};

function selectOrders(db: Database | Transaction) {
  return db
    .select(orderWithNames)
    .from(orders)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orders.shopId))
    .innerJoin(users, eq(users.id, orders.customerId));
}

/** One order by id, for whoever is allowed to read it (the bus reads it back this way too). */
export async function findOrder(db: Database, id: number): Promise<Order | null> {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  return row ? toOrder(row.order, row) : null;
}

/**
 * Places an order as this customer. Names and prices are read from the menu inside the transaction; the body's
 * only say is which items and how many. With an Idempotency-Key, the first order placed with it in the last
 * 24 hours is returned instead (created: false), even when both requests race: the unique index
 * orders_customer_idempotency_key lets one INSERT in and the other waits for it, does nothing, then reads it.
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  input: z.output<typeof placeOrderBody>,
  idempotencyKey: string | null,
  now: Date = new Date(),
): Promise<{ created: true; change: OrderChange } | { created: false; order: Order }> {
  const windowStart = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3_600_000);
  const wanted = [...new Set(input.items.map((item) => item.menuItemId))];
  const today = localDateOf(now);
  return db.transaction(async (tx) => {
    // Everything the checks need in one round trip: the shop, the customer's name, an order already placed with
    // this key in the last 24 hours, the wanted menu items, and the hours around the pickup window. (Subqueries
    // name the shop by its parameter: drizzle writes a column of a one-table select unqualified, which inside a
    // subquery would mean the inner table's column of that name.)
    const [shop] = await tx
      .select({
        id: coffeeShops.id,
        name: coffeeShops.name,
        ownerId: coffeeShops.ownerId,
        acceptingOrders: coffeeShops.acceptingOrders,
        customerName: sql<string>`(select ${users.username} from ${users} where ${users.id} = ${customerId})`,
        placedWithKey: idempotencyKey
          ? sql<number | null>`(select o.id from ${orders} o where o.customer_id = ${customerId}
              and o.idempotency_key = ${idempotencyKey} and o.created_at >= ${windowStart.toISOString()}::timestamptz)`
          : sql<null>`null::int`,
        items: sql<MenuItemFound[]>`(select coalesce(json_agg(json_build_object('id', m.id, 'name', m.name,
            'priceCents', m.price_cents, 'isAvailable', m.is_available)), '[]'::json)
          from ${menuItems} m where m.shop_id = ${input.shopId}
          and m.id in (${sql.join(
            wanted.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        weekly: sql<WeeklyHours[]>`(select coalesce(json_agg(json_build_object('dayOfWeek', h.day_of_week,
            'openTime', h.open_time, 'closeTime', h.close_time, 'isClosed', h.is_closed)), '[]'::json)
          from ${businessHours} h where h.shop_id = ${input.shopId})`,
        special: sql<SpecialDay[]>`(select coalesce(json_agg(json_build_object('date', d.date::text,
            'openTime', d.open_time, 'closeTime', d.close_time, 'isClosed', d.is_closed, 'note', d.note)), '[]'::json)
          from ${specialHours} d where d.shop_id = ${input.shopId}
          and d.date between ${today}::date - 1 and ${today}::date + 10)`,
      })
      .from(coffeeShops)
      .where(eq(coffeeShops.id, input.shopId));
    if (shop?.placedWithKey && idempotencyKey) {
      const existing = await findByKey(tx, customerId, idempotencyKey);
      if (existing) return { created: false as const, order: existing };
    }
    if (!shop) throw new HttpError(404, 'Coffee shop not found');
    if (!shop.acceptingOrders) throw new HttpError(409, `${shop.name} is not taking orders right now`);

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

    const pickupTime = new Date(input.pickupTime);
    const problem = pickupTimeProblem({ weekly: shop.weekly, special: shop.special, now, pickupTime });
    if (problem) throw new HttpError(400, problem);

    const lines: StoredLine[] = input.items.map((item) => {
      const menuItem = byId.get(item.menuItemId)!;
      return {
        menuItemId: menuItem.id,
        name: menuItem.name,
        quantity: item.quantity,
        priceCents: menuItem.priceCents,
      };
    });
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const insertOrder = () =>
      tx
        .insert(orders)
        .values({
          shopId: shop.id,
          customerId,
          items: lines,
          totalCents,
          status: 'pending',
          statusHistory: [{ status: 'pending', at: now.toISOString() }],
          pickupTime,
          notes: input.notes,
          idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({
          target: [orders.customerId, orders.idempotencyKey],
          where: sql`${orders.idempotencyKey} is not null`,
        })
        .returning();
    let [row] = await insertOrder();
    if (!row && idempotencyKey) {
      // The key is taken. By an order within the window (another request got in first and has committed, as
      // ON CONFLICT waits for it): answer with that order. By an older one: free the key, only if it is that
      // old, and place this order under it.
      const existing = await findByKey(tx, customerId, idempotencyKey);
      if (existing && new Date(existing.createdAt) >= windowStart)
        return { created: false as const, order: existing };
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
      [row] = await insertOrder();
    }
    if (!row) throw new HttpError(409, 'An order with this Idempotency-Key is being placed; try again');
    await tx.insert(orderLines).values(
      lines.map((line) => ({
        orderId: row.id,
        shopId: shop.id,
        menuItemId: line.menuItemId,
        name: line.name,
        quantity: line.quantity,
        priceCents: line.priceCents,
        createdAt: now,
      })),
    );
    const order = toOrder(row, { shopName: shop.name, customerName: shop.customerName });
    const placed: OrderPlacedData = { orderId: row.id, items: lines.map(toLine), total: order.totalAmount };
    const summary = lines.map((line) => `${line.quantity} × ${line.name}`).join(', ');
    const message = await postServerMessage(tx, {
      senderId: customerId,
      receiverId: shop.ownerId,
      shopId: shop.id,
      customerId,
      content: `Order #${row.id}: ${summary.length > 400 ? `${summary.slice(0, 399)}…` : summary} (${centsToRand(totalCents)})`,
      messageType: 'order',
      orderData: JSON.stringify(placed),
    });
    return { created: true as const, change: { order, ownerId: shop.ownerId, message } };
  });
}

async function findByKey(tx: Transaction, customerId: number, key: string): Promise<Order | null> {
  const [row] = await selectOrders(tx).where(
    and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)),
  );
  return row ? toOrder(row.order, row) : null;
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
  const cursor = query.before
    ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${query.before})`
    : undefined;
  const rows = await selectOrders(db)
    .where(
      and(
        user.role === 'shop_owner' ? eq(coffeeShops.ownerId, user.id) : eq(orders.customerId, user.id),
        query.shopId ? eq(orders.shopId, query.shopId) : undefined,
        query.status ? eq(orders.status, query.status) : undefined,
        cursor,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit);
  return rows.map((row) => toOrder(row.order, row));
}

/** One order for its customer or its shop's owner; anyone else gets 404, as if it did not exist. */
export async function getOrder(db: Database, userId: number, id: number): Promise<Order> {
  const [row] = await selectOrders(db).where(
    and(eq(orders.id, id), or(eq(orders.customerId, userId), eq(coffeeShops.ownerId, userId))),
  );
  if (!row) throw new HttpError(404, 'Order not found');
  return toOrder(row.order, row);
}

/**
 * Moves an order to `to` as its shop's owner or its customer, in one statement: a conditional UPDATE … WHERE id,
 * the user's right to it, and status IN (the states this actor may move from to `to`) … RETURNING, with the
 * lines' cancelled flag and the chat message written by the same statement from what it returned. Of two racing
 * moves from one status exactly one matches (the other re-checks the row after the winner commits and finds it
 * moved); a statement that matches nothing writes nothing, and a read then says why: 404, 403 or 409.
 */
export async function moveOrder(
  db: Database,
  user: { id: number; role: 'customer' | 'shop_owner' },
  id: number,
  to: OrderStatus,
  now: Date = new Date(),
): Promise<OrderChange> {
  const actor: OrderActor = user.role === 'shop_owner' ? 'owner' : 'customer';
  const fromStates = orderStatuses.filter((from) => canActorMove(actor, from, to));
  if (fromStates.length > 0) {
    const entry: StoredHistoryEntry = { status: to, at: now.toISOString() };
    const data: OrderStatusData = { orderId: id, status: to };
    const result = (await db.execute(sql`
      with moved as (
        update ${orders} o set
          status = ${to}::order_status,
          status_history = o.status_history || ${JSON.stringify([entry])}::jsonb,
          ready_at = ${to === 'ready' ? sql`${now.toISOString()}::timestamptz` : sql`o.ready_at`},
          updated_at = ${now.toISOString()}::timestamptz
        from ${coffeeShops} s
        where o.id = ${id} and s.id = o.shop_id
          and o.status in (${sql.join(
            fromStates.map((from) => sql`${from}::order_status`),
            sql`, `,
          )})
          and ${actor === 'owner' ? sql`s.owner_id = ${user.id}` : sql`o.customer_id = ${user.id}`}
        returning o.*, s.name as shop_name, s.owner_id
      ),
      lines as (
        update ${orderLines} set is_cancelled = true
        where ${to === 'cancelled' ? sql`true` : sql`false`} and order_id in (select id from moved)
      ),
      message as (
        insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type, order_data)
        select ${user.id}, ${actor === 'owner' ? sql`moved.customer_id` : sql`moved.owner_id`}, moved.shop_id,
          moved.customer_id, ${orderStatusMessage(id, to)}, 'order', ${JSON.stringify(data)}
        from moved
        returning *
      )
      select row_to_json(moved.*)::text as "order", row_to_json(message.*)::text as message,
        (select username from ${users} where id = moved.customer_id) as customer_name
      from moved, message`)) as unknown as {
      rows: { order: string; message: string; customer_name: string }[];
    };
    const [moved] = result.rows;
    if (moved) return changeFromJson(moved.order, moved.message, moved.customer_name);
  }
  // Nothing moved: say why, from where the order is now.
  const [current] = await selectOrders(db).where(
    and(eq(orders.id, id), or(eq(orders.customerId, user.id), eq(coffeeShops.ownerId, user.id))),
  );
  if (!current) throw new HttpError(404, 'Order not found');
  if (actor === 'customer' && to !== 'cancelled')
    throw new HttpError(403, 'Customers can only cancel their own pending order');
  throw illegalMove(id, current.order.status, to, actor);
}

/** The moved order and its message as the statement gave them back (JSON rows: the same on both drivers). */
function changeFromJson(orderJson: string, messageJson: string, customerName: string): OrderChange {
  const row = JSON.parse(orderJson) as Record<string, unknown>;
  const message = JSON.parse(messageJson) as Record<string, unknown>;
  const at = (value: unknown) => (value === null ? null : new Date(value as string));
  const order = toOrder(
    {
      id: row.id as number,
      shopId: row.shop_id as number,
      customerId: row.customer_id as number,
      items: row.items,
      totalCents: row.total_cents as number,
      status: row.status as OrderStatus,
      statusHistory: row.status_history,
      readyAt: at(row.ready_at),
      pickupTime: at(row.pickup_time),
      notes: row.notes as string | null,
      idempotencyKey: row.idempotency_key as string | null,
      createdAt: at(row.created_at)!,
      updatedAt: at(row.updated_at)!,
    },
    { shopName: row.shop_name as string, customerName },
  );
  return {
    order,
    ownerId: row.owner_id as number,
    message: {
      id: message.id as number,
      senderId: message.sender_id as number,
      receiverId: message.receiver_id as number,
      shopId: message.shop_id as number,
      customerId: message.customer_id as number,
      content: message.content as string,
      messageType: message.message_type as 'order',
      orderData: message.order_data as string | null,
      createdAt: at(message.created_at)!.toISOString(),
    },
  };
}

function illegalMove(id: number, from: OrderStatus, to: OrderStatus, actor: OrderActor) {
  const why = actor === 'customer' ? ': only a pending order can be cancelled' : '';
  return new HttpError(409, `Order #${id} cannot move from ${from} to ${to}${why}`);
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
      revenueToday: sql<number>`(select coalesce(sum(o.total_cents), 0)::int from ${orders} o
        where o.shop_id in ${ownShops} and o.created_at >= ${dayStart} and o.created_at < ${dayStart} + interval '1 day'
        and o.status <> 'cancelled')`,
      activeChats: sql<number>`(select count(*)::int from (select distinct m.shop_id, m.customer_id
        from ${messages} m where m.shop_id in ${ownShops}) conversations)`,
      avgRating: sql<string | null>`(select round(avg(s.rating), 1)::text from ${coffeeShops} s
        where s.owner_id = ${ownerId} and s.review_count > 0)`,
    })
    .from(sql`(select 1) one`);
  const recentOrders = await listOrders(db, { id: ownerId, role: 'shop_owner' }, { limit: RECENT_ORDERS });
  return {
    ordersToday: Number(figures!.ordersToday),
    revenueToday: centsToDecimalText(Number(figures!.revenueToday)),
    activeChats: Number(figures!.activeChats),
    avgRating: figures!.avgRating,
    recentOrders,
  };
}
