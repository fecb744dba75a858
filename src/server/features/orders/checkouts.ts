// Online orders waiting for their payment (issue 26): order_checkouts rows, which the shop never sees, read as the
// customer's orders. Awaiting is a pending order 'Waiting for payment'; expired, failed and late-refunded ones are
// cancelled orders. Once paid the order is in orders under the same id, and its checkout row is only a record.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, orderListQuery } from '../../../shared/api/orders.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { Database, Transaction } from '../../db/client.js';
import { orderCheckouts } from '../../db/schema.js';
import { type StoredHistoryEntry, storedLinesOf, toLine } from './order-row.js';
import type { PlacingOrder } from './service.js';

export type CheckoutRow = typeof orderCheckouts.$inferSelect;

/** order_checkouts.placing: what writing the order once paid needs, as JSON (times as ISO text). */
export interface StoredPlacing {
  order: Omit<PlacingOrder, 'pickupTime' | 'now'> & { pickupTime: string; now: string };
  names: { shopName: string; customerName: string };
}

export function placingToJson(
  placing: PlacingOrder,
  names: { shopName: string; customerName: string },
): StoredPlacing {
  return {
    order: { ...placing, pickupTime: placing.pickupTime.toISOString(), now: placing.now.toISOString() },
    names,
  };
}

export function placingFromJson(stored: StoredPlacing): {
  placing: PlacingOrder;
  names: { shopName: string; customerName: string };
} {
  const { order, names } = stored;
  // Checkouts kept before loyalty (issue 29) have no reward.
  const placing = { ...order, reward: order.reward ?? null };
  return { placing: { ...placing, pickupTime: new Date(order.pickupTime), now: new Date(order.now) }, names };
}

/** A checkout as the customer's order: pending while awaiting payment, cancelled once given up or refunded. */
export function checkoutAsOrder(row: CheckoutRow): Order {
  const { order, names } = row.placing as StoredPlacing;
  const waiting = row.paymentStatus === 'awaiting';
  const history: StoredHistoryEntry[] = [{ status: 'pending', at: order.now }];
  if (!waiting && row.paymentStatus !== 'paid')
    history.push({ status: 'cancelled', at: row.updatedAt.toISOString() });
  const lines = storedLinesOf({ lines: order.lines, reward: order.reward ?? null });
  const givenUp = !waiting && row.paymentStatus !== 'paid';
  return {
    id: row.orderId,
    shopId: row.shopId,
    customerId: row.customerId,
    items: JSON.stringify(lines.map(toLine)),
    totalAmount: centsToDecimalText(row.totalCents),
    status: waiting || row.paymentStatus === 'paid' ? 'pending' : 'cancelled',
    createdAt: row.createdAt.toISOString(),
    pickupTime: order.pickupTime,
    notes: order.notes,
    shopName: names.shopName,
    customerName: names.customerName,
    statusHistory: history,
    paymentStatus: row.paymentStatus,
    paidAt: null,
    payment: row.authorizationUrl
      ? { authorization_url: row.authorizationUrl, reference: row.reference }
      : null,
    pickupCode: null,
    // Never paid, so never made: the server let it go (issue 32 says who cancelled every cancelled order).
    cancelledBy: givenUp ? 'system' : null,
    cancelReason: givenUp ? 'The payment was not completed' : null,
  };
}

export async function findCheckoutByKey(db: Database | Transaction, customerId: number, key: string) {
  const [row] = await db
    .select()
    .from(orderCheckouts)
    .where(
      and(
        eq(orderCheckouts.customerId, customerId),
        eq(orderCheckouts.idempotencyKey, key),
        ne(orderCheckouts.paymentStatus, 'paid'),
      ),
    );
  return row ? { order: checkoutAsOrder(row), fingerprint: row.idempotencyFingerprint } : null;
}

/** The customer's own unpaid (or never paid) online order by its number; null for anyone else's or a paid one. */
export async function findCustomerCheckout(db: Database, customerId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(orderCheckouts)
    .where(
      and(
        eq(orderCheckouts.orderId, orderId),
        eq(orderCheckouts.customerId, customerId),
        ne(orderCheckouts.paymentStatus, 'paid'),
      ),
    );
  return row ?? null;
}

/** Where a page of orders continues: the order (or checkout) named by ?before=, or null when there is none. */
export async function pageCursor(
  db: Database,
  before: number,
): Promise<{ createdAt: string; id: number } | null> {
  const result = (await db.execute(
    sql`select created_at::text as "createdAt", id from orders where id = ${before}
      union all select created_at::text, order_id from order_checkouts where order_id = ${before} limit 1`,
  )) as unknown as { rows: { createdAt: string; id: number }[] };
  return result.rows[0] ?? null;
}

/** The customer's online orders that are not (or never were) paid, as orders, for their list (GET /api/orders). */
export async function listCustomerCheckouts(
  db: Database,
  customerId: number,
  query: z.output<typeof orderListQuery>,
  cursor: { createdAt: string; id: number } | null,
): Promise<Order[]> {
  const statusFilter =
    query.status === 'pending'
      ? eq(orderCheckouts.paymentStatus, 'awaiting')
      : query.status === 'cancelled'
        ? sql`${orderCheckouts.paymentStatus} not in ('awaiting', 'paid')`
        : query.status
          ? sql`false`
          : undefined;
  const rows = await db
    .select()
    .from(orderCheckouts)
    .where(
      and(
        eq(orderCheckouts.customerId, customerId),
        ne(orderCheckouts.paymentStatus, 'paid'),
        query.shopId ? eq(orderCheckouts.shopId, query.shopId) : undefined,
        statusFilter,
        cursor
          ? sql`(${orderCheckouts.createdAt}, ${orderCheckouts.orderId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::int)`
          : undefined,
      ),
    )
    .orderBy(desc(orderCheckouts.createdAt), desc(orderCheckouts.orderId))
    .limit(query.limit);
  return rows.map(checkoutAsOrder);
}
