// Moving an order along its status machine (spec §4, issue 10) with one conditional UPDATE, and the server's own
// move (issue 30): a pending order the shop did not confirm within its autoCancelMinutes is cancelled by a sweep.
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatusData } from '../../../shared/api/orders.js';
import {
  canActorMove,
  type OrderActor,
  type OrderStatus,
  orderStatuses,
  orderStatusMessage,
} from '../../../shared/domain/order-status.js';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import {
  coffeeShops,
  loyaltyStamps,
  messages,
  orderLines,
  orders,
  slotPlaces,
  users,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { giveCardBackSql, liveStamp } from '../loyalty/card-sql.js';
import { pushEventSql } from '../push/enqueue.js';
import { changeFromJson, messageFromJson, type StoredHistoryEntry } from './order-row.js';
import { type OrderChange, selectOrders } from './service.js';

interface MoveStatement {
  id: number;
  to: OrderStatus;
  fromStates: OrderStatus[];
  now: Date;
  /** Who may move it: a condition on the order `o` and its shop `s`. */
  allowed: SQL;
  /** The chat line's sender and receiver, in terms of the moved row. */
  senderId: SQL;
  receiverId: SQL;
  /** The chat line. */
  content: string;
  /** A cancelled paid order's line starts so, then names its refund: '… — your R65.00 refund is on its way'. */
  refundedContent?: string;
  /** The push notification written with the move (issue 27): to the customer or the owner; null for none. */
  push: { to: 'customer' | 'owner'; event: Record<string, unknown> } | null;
  /** A cancel's who and why (issue 32), stored on the order. */
  cancelled?: { by: 'customer' | 'shop' | 'system'; reason: string | null };
}

/**
 * One statement: the conditional UPDATE … WHERE id, who may, and status IN (the states it may move from)
 * … RETURNING, with, when cancelling, the lines' cancelled flag, the slot place given back and a paid order's
 * payment moved to refund_pending (its refund was accepted before), and the chat line, written from what it
 * returned. Of two racing moves exactly one matches; null when nothing moved.
 */
async function runMove(db: Database, move: MoveStatement): Promise<OrderChange | null> {
  const { id, to, now } = move;
  const entry: StoredHistoryEntry = { status: to, at: now.toISOString() };
  const data: OrderStatusData = { orderId: id, status: to };
  const cancelling = to === 'cancelled';
  // A collected order earns its customer a stamp where the shop's card is on (issue 29).
  const completing = to === 'completed';
  const pushTo = move.push?.to === 'owner' ? sql`moved.owner_id` : sql`moved.customer_id`;
  const [moved] = await executePrepared<{
    order: string;
    message: string;
    customer_name: string;
    pushed: boolean;
    stamp: string | null;
    stamp_message: string | null;
  }>(
    db,
    sql`
    with moved as (
      update ${orders} o set
        status = ${to}::order_status,
        status_history = o.status_history || ${JSON.stringify([entry])}::jsonb,
        ready_at = ${to === 'ready' ? sql`${now.toISOString()}::timestamptz` : sql`o.ready_at`},
        ${
          cancelling
            ? sql`payment_status = case when o.payment_status = 'paid' then 'refund_pending' else o.payment_status end,
              cancelled_by = ${move.cancelled?.by ?? null}, cancel_reason = ${move.cancelled?.reason ?? null},`
            : sql``
        }
        updated_at = ${now.toISOString()}::timestamptz
      from ${coffeeShops} s
      where o.id = ${id} and s.id = o.shop_id
        and o.status in (${sql.join(
          move.fromStates.map((from) => sql`${from}::order_status`),
          sql`, `,
        )})
        and ${move.allowed}
      returning o.*, s.name as shop_name, s.owner_id
    ),
    ${
      cancelling
        ? sql`lines as (update ${orderLines} set is_cancelled = true where order_id in (select id from moved)),
          unplaced as (delete from ${slotPlaces} where order_id in (select id from moved)),
          card_back as (${giveCardBackSql(sql`select id from moved`)}),`
        : sql``
    }
    ${completing ? stampCtes(now) : sql``}
    message as (
      insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type, order_data)
      select ${move.senderId}, ${move.receiverId}, moved.shop_id, moved.customer_id,
        case when moved.payment_status = 'refund_pending'
          then ${`${move.refundedContent ?? move.content} — your R`} || to_char(moved.total_cents / 100.0, 'FM9999999990.00')
            || ' refund is on its way'
          else ${move.content} end,
        'order', ${JSON.stringify(data)}
      from moved
      returning *
    )${
      move.push
        ? sql`,
    pushed as (${pushEventSql(pushTo, sql`${JSON.stringify(move.push.event)}::jsonb || jsonb_build_object('orderId', moved.id)`, sql`moved`)})`
        : sql``
    }
    select row_to_json(moved.*)::text as "order", row_to_json(message.*)::text as message,
      (select username from ${users} where id = moved.customer_id) as customer_name,
      ${move.push ? sql`exists (select 1 from pushed)` : sql`false`} as pushed,
      ${
        completing
          ? sql`(select row_to_json(stamp_message.*)::text from stamp_message) as stamp_message,
            (select row_to_json(stamp_count.*)::text from stamp_count) as stamp`
          : sql`null as stamp_message, null as stamp`
      }
    from moved, message`,
  );
  if (!moved) return null;
  const change: OrderChange = {
    ...changeFromJson(moved.order, moved.message, moved.customer_name),
    pushed: moved.pushed,
  };
  if (moved.stamp && moved.stamp_message) {
    const stamp = JSON.parse(moved.stamp) as { stamps: number; stamps_required: number };
    change.stamp = {
      message: messageFromJson(moved.stamp_message),
      stamps: stamp.stamps,
      stampsRequired: stamp.stamps_required,
    };
  }
  return change;
}

/**
 * The CTEs of a completion's stamp (issue 29): `stamped` writes one stamp keyed by the order (a retried or racing
 * completion cannot write a second; the move's own condition already lets only one through), not for an order that
 * spent a card, and only where the shop's card is on; `stamp_count` is the card after it ('Stamp 8 of 10': the
 * statement's snapshot does not see its own insert, hence + 1); `stamp_message` is that chat line to the customer.
 */
function stampCtes(now: Date) {
  return sql`stamped as (
      insert into ${loyaltyStamps} (order_id, shop_id, customer_id, created_at)
      select moved.id, moved.shop_id, moved.customer_id, ${now.toISOString()}::timestamptz
      from moved join ${coffeeShops} card on card.id = moved.shop_id and card.loyalty_enabled
      where moved.reward_cents is null
      on conflict (order_id) do nothing
      returning order_id, shop_id, customer_id
    ),
    stamp_count as (
      select card.loyalty_stamps_required as stamps_required, 1 + (select count(*)::int from ${loyaltyStamps} ls
          where ls.customer_id = stamped.customer_id and ls.shop_id = stamped.shop_id
            and ${liveStamp(sql`ls`, now)}) as stamps
      from stamped join ${coffeeShops} card on card.id = stamped.shop_id
    ),
    -- 'Stamp 8 of 10 at Truth Coffee', as shared/api/loyalty.ts stampLine says it.
    stamp_message as (
      insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type, order_data)
      select moved.owner_id, moved.customer_id, moved.shop_id, moved.customer_id,
        'Stamp ' || least(stamp_count.stamps, stamp_count.stamps_required) || ' of ' || stamp_count.stamps_required
          || ' at ' || moved.shop_name,
        'order', json_build_object('orderId', moved.id, 'status', 'completed', 'stamp', true)::text
      from moved, stamp_count
      returning *
    ),`;
}

/**
 * Moves an order to `to` as its shop's owner or its customer. A statement that matches nothing writes nothing, and
 * a read then says why: 404, 403 or 409.
 */
export async function moveOrder(
  db: Database,
  user: { id: number; role: 'customer' | 'shop_owner' },
  id: number,
  to: OrderStatus,
  now: Date = new Date(),
  cancelReason: string | null = null,
): Promise<OrderChange> {
  const actor: OrderActor = user.role === 'shop_owner' ? 'owner' : 'customer';
  const fromStates = orderStatuses.filter((from) => canActorMove(actor, from, to));
  if (fromStates.length > 0) {
    // A cancel with a reason says it in the chat line too: 'Order #12 was cancelled by the shop: Sold out'.
    const cancelledAs = cancelReason
      ? `Order #${id} was cancelled by ${actor === 'owner' ? 'the shop' : 'the customer'}: ${cancelReason}`
      : null;
    const moved = await runMove(db, {
      id,
      to,
      fromStates,
      now,
      allowed: actor === 'owner' ? sql`s.owner_id = ${user.id}` : sql`o.customer_id = ${user.id}`,
      senderId: sql`${user.id}`,
      receiverId: actor === 'owner' ? sql`moved.customer_id` : sql`moved.owner_id`,
      content: cancelledAs ?? orderStatusMessage(id, to),
      refundedContent: cancelledAs ?? `Order #${id} was cancelled`,
      push: pushOfMove(actor, to),
      cancelled: { by: actor === 'owner' ? 'shop' : 'customer', reason: cancelReason },
    });
    if (moved) return moved;
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

/** Why a move is refused, from where the order is. */
function illegalMove(id: number, from: OrderStatus, to: OrderStatus, actor: OrderActor) {
  const why = actor === 'customer' ? ': only a pending order can be cancelled' : '';
  return new HttpError(409, `Order #${id} cannot move from ${from} to ${to}${why}`);
}

/** Pending orders their shop has not confirmed within its autoCancelMinutes, oldest first. */
export async function unconfirmedOrders(db: Database, now: Date = new Date()) {
  return db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, paymentReference: orders.paymentReference })
    .from(orders)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orders.shopId))
    .where(
      and(
        eq(orders.status, 'pending'),
        sql`${orders.createdAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${coffeeShops.autoCancelMinutes})`,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(50);
}

/**
 * The server cancels one unconfirmed order, as the shop (its chat line is the shop's): conditional on it still
 * being pending and overdue, so an owner's Confirm at the same moment wins or loses cleanly. Null when it did not
 * move. A paid order's refund must have been accepted before (orders/payment.ts).
 */
export async function cancelUnconfirmed(db: Database, id: number, now: Date = new Date()) {
  return runMove(db, {
    id,
    to: 'cancelled',
    fromStates: ['pending'],
    now,
    allowed: sql`o.created_at <= ${now.toISOString()}::timestamptz - make_interval(mins => s.auto_cancel_minutes)`,
    senderId: sql`moved.owner_id`,
    receiverId: sql`moved.customer_id`,
    content: `Order #${id} was cancelled because the shop did not confirm it in time`,
    cancelled: { by: 'system', reason: 'The shop did not confirm it in time' },
    push: { to: 'customer', event: { kind: 'order_status', status: 'cancelled', by: 'sweep' } },
  });
}

/**
 * Who is told on their devices (issue 27): the customer when the shop confirms, readies or cancels their order;
 * the owner when the customer cancels. Preparing and completed are not worth a buzz in a pocket.
 */
function pushOfMove(actor: OrderActor, to: OrderStatus): MoveStatement['push'] {
  if (actor === 'customer')
    return to === 'cancelled' ? { to: 'owner', event: { kind: 'order_cancelled' } } : null;
  if (to === 'confirmed' || to === 'ready' || to === 'cancelled')
    return { to: 'customer', event: { kind: 'order_status', status: to } };
  return null;
}
