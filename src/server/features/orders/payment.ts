// Paying for an order online (issue 26, docs/decisions/0009-order-payments.md): starting the payment on Paystack
// with the shop's subaccount, settling it once whichever of verify, webhook or sweep comes first, expiring unpaid
// ones, and the refunds of a cancelled paid order or a payment that came too late. Every state change is one
// conditional write; the callers publish and mail after it has committed.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { cardNotFullText } from '../../../shared/api/loyalty.js';
import type { Order } from '../../../shared/api/orders.js';
import { PAYMENT_WINDOW_MINUTES, type PaymentStatus } from '../../../shared/api/payments.js';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { coffeeShops, loyaltyStamps, orderCheckouts, orders, slotPlaces, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  PaymentProviderError,
  PaymentRefusedError,
  type Payments,
  type PaymentTransaction,
} from '../../integrations/payments.js';
import { enqueue } from '../../outbox.js';
import { cardCtes, giveCardBackSql, liveStamp, spendCardCte } from '../loyalty/card-sql.js';
import { type CheckoutRow, checkoutAsOrder, placingFromJson, placingToJson } from './checkouts.js';
import { placingTotalCents, toOrder } from './order-row.js';
import { receiptMail } from './receipt.js';
import {
  type CheckoutToStart,
  capacityRefusal,
  closedToOrderFacts,
  insertOrder,
  isUniqueViolation,
  type OrderChange,
  openToOrderCte,
  refuseClosedToOrder,
  slotPlaceCtes,
} from './service.js';

export const PAYMENT_CURRENCY = 'ZAR';

/** What a settled payment asks the caller to do once committed: tell the owner and the customer, mail a receipt. */
export type Settlement =
  | { kind: 'paid'; change: OrderChange }
  | { kind: 'customer_only'; order: Order }
  | { kind: 'ignored'; reason: string };

/**
 * Starts an online order's payment: a checkout row under a new order number (from orders' sequence), then
 * Paystack's initialize for the server's total, settled to the shop's subaccount, which pays Paystack's fee. A
 * Paystack error or timeout is 502 and the checkout is kept as failed (the customer sees it cancelled).
 */
export async function startCheckout(
  db: Database,
  payments: Payments,
  publicUrl: string,
  { placing, names, customerEmail, subaccountCode, openOrdersPerShop }: CheckoutToStart,
): Promise<{ created: boolean; order: Order }> {
  const totalCents = placingTotalCents(placing);
  // A redeemed card (issue 29) is held by the checkout from now: given back if the payment never comes.
  const spends = placing.reward !== null;
  const reference = `order_${randomBytes(12).toString('hex')}`;
  const expiresAt = new Date(placing.now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
  // The checkout, its open-order place (decision 0010: an unpaid order counts towards OPEN_ORDERS_PER_SHOP) and its
  // place in the pickup slot (issue 30) in one statement. Nothing written: the key was taken, no place was free,
  // or a racing placement took the place chosen (ON CONFLICT for the open place; slot_places' key fails the
  // statement) — then this one reads why and looks again or is refused.
  let reserved: { orderId: number } | undefined;
  const limited = placing.maxOrdersPerSlot !== null;
  for (let attempt = 0; attempt < 5 && !reserved; attempt += 1) {
    try {
      [reserved] = await executePrepared<{ orderId: number }>(
        db,
        sql`with ${limited ? slotPlaceCtes(placing) : sql``}
        ${spends ? cardCtes({ ...placing, stampsRequired: placing.reward!.stampsRequired }) : sql``}
        ${openToOrderCte(placing)}
        open_taken as (
          select open_place from ${orderCheckouts} where customer_id = ${placing.customerId}
            and shop_id = ${placing.shopId} and payment_status = 'awaiting' and open_place is not null
        ),
        open_free as (
          select min(candidate)::smallint as place
          from (select 1 as candidate union all select open_place + 1 from open_taken) c
          where candidate <= ${openOrdersPerShop}::int and candidate not in (select open_place from open_taken)
        ),
        reserved as (
          insert into ${orderCheckouts} (order_id, customer_id, shop_id, reference, subaccount_code, total_cents,
            "placing", idempotency_key, idempotency_fingerprint, open_place, expires_at, created_at, updated_at)
          select nextval(pg_get_serial_sequence('orders', 'id'))::int, ${placing.customerId}, ${placing.shopId},
            ${reference}, ${subaccountCode}, ${totalCents}, ${JSON.stringify(placingToJson(placing, names))}::jsonb,
            ${placing.idempotencyKey}, ${placing.fingerprint}, open_free.place, ${expiresAt.toISOString()}::timestamptz,
            ${placing.now.toISOString()}::timestamptz, ${placing.now.toISOString()}::timestamptz
          from open_free, open_to_order${limited ? sql`, slot_free` : sql``}${spends ? sql`, card_full` : sql``}
          where open_free.place is not null ${limited ? sql`and slot_free.place is not null` : sql``}
            ${spends ? sql`and card_full.ok` : sql``}
          on conflict do nothing
          returning order_id
        )${spends ? sql`, ${spendCardCte(sql`reserved`, sql`order_id`)}` : sql``}${
          limited
            ? sql`,
        placed as (
          insert into ${slotPlaces} (shop_id, slot_at, place, order_id)
          select ${placing.shopId}, ${placing.slotAt}::timestamptz, slot_free.place, reserved.order_id
          from reserved, slot_free
        )`
            : sql``
        }
        select order_id as "orderId" from reserved`,
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      continue;
    }
    if (reserved) break;
    const [facts] = await executePrepared<{
      awaiting: number;
      keyTaken: boolean;
      slotTaken: number;
      stamps: number;
      accepting: boolean | null;
      customerGone: boolean | null;
    }>(
      db,
      sql`select ${closedToOrderFacts(placing)}, (select count(*)::int from ${orderCheckouts} where customer_id = ${placing.customerId}
            and shop_id = ${placing.shopId} and payment_status = 'awaiting') as awaiting,
          (select count(*)::int from ${loyaltyStamps} ls where ls.customer_id = ${placing.customerId}
            and ls.shop_id = ${placing.shopId} and ${liveStamp(sql`ls`, placing.now)}) as stamps,
          exists (select 1 from ${orderCheckouts} where customer_id = ${placing.customerId}
            and idempotency_key = ${placing.idempotencyKey}) as "keyTaken",
          (select count(*)::int from ${slotPlaces} where shop_id = ${placing.shopId}
            and slot_at = ${placing.slotAt}::timestamptz) as "slotTaken"`,
    );
    if (facts?.keyTaken) break;
    refuseClosedToOrder(facts, names.shopName);
    // A racing order spent the card first.
    if (placing.reward && (facts?.stamps ?? 0) < placing.reward.stampsRequired)
      throw new HttpError(
        409,
        cardNotFullText(names.shopName, facts?.stamps ?? 0, placing.reward.stampsRequired),
      );
    if ((facts?.awaiting ?? 0) >= openOrdersPerShop)
      throw new HttpError(
        409,
        `You already have ${facts!.awaiting} orders waiting for payment at ${names.shopName}: pay for one, or let it expire, before ordering again`,
      );
    if (placing.maxOrdersPerSlot !== null && (facts?.slotTaken ?? 0) >= placing.maxOrdersPerSlot)
      throw await capacityRefusal(db, placing.shopId, placing.pickupTime, placing.now);
  }
  if (!reserved) throw new HttpError(409, 'This order is being placed already; try again in a moment');
  try {
    const { authorizationUrl } = await payments.initializeTransaction({
      email: customerEmail,
      amount: totalCents,
      currency: PAYMENT_CURRENCY,
      reference,
      callbackUrl: `${publicUrl}/orders?payment=${encodeURIComponent(reference)}`,
      metadata: { kind: 'order', orderId: reserved.orderId, shopId: placing.shopId },
      subaccount: subaccountCode,
      bearer: 'subaccount',
    });
    const [started] = await db
      .update(orderCheckouts)
      .set({ authorizationUrl, updatedAt: new Date() })
      .where(and(eq(orderCheckouts.orderId, reserved.orderId), eq(orderCheckouts.paymentStatus, 'awaiting')))
      .returning();
    // Settled already (a webhook faster than our write): the order is what it is now.
    return {
      created: true,
      order: started ? checkoutAsOrder(started) : await currentOrder(db, reserved.orderId),
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError || error instanceof PaymentRefusedError)) throw error;
    await db
      .update(orderCheckouts)
      .set({ paymentStatus: 'failed', updatedAt: new Date() })
      .where(and(eq(orderCheckouts.orderId, reserved.orderId), eq(orderCheckouts.paymentStatus, 'awaiting')));
    await releaseSlotPlace(db, reserved.orderId);
    throw new HttpError(502, `${error.message} Your order was not placed and nothing was charged.`);
  }
}

/** An unpaid order given up: its place in the pickup slot is free again, and a card it redeemed is given back. */
async function releaseSlotPlace(db: Database, orderId: number) {
  await db.delete(slotPlaces).where(eq(slotPlaces.orderId, orderId));
  await db.execute(giveCardBackSql(sql`${orderId}::int`));
}

/** The order as it is now: in orders once paid, else its checkout. */
async function currentOrder(db: Database, orderId: number): Promise<Order> {
  const [placed] = await db
    .select({ order: orders, shopName: coffeeShops.name, customerName: users.username })
    .from(orders)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orders.shopId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (placed) return toOrder(placed.order, placed);
  const [checkout] = await db.select().from(orderCheckouts).where(eq(orderCheckouts.orderId, orderId));
  if (!checkout) throw new HttpError(404, 'Order not found');
  return checkoutAsOrder(checkout);
}

/** Why a transaction does not pay this checkout; null when it does (status, reference, amount, currency, shop). */
export function transactionProblem(transaction: PaymentTransaction, checkout: CheckoutRow): string | null {
  if (transaction.status !== 'success') return `the payment's status is ${transaction.status}`;
  if (transaction.reference !== checkout.reference) return 'the payment is for another reference';
  if (transaction.amount !== checkout.totalCents)
    return `the payment is ${transaction.amount} cents, the order ${checkout.totalCents}`;
  if (transaction.currency !== PAYMENT_CURRENCY) return `the payment is in ${transaction.currency}`;
  if (transaction.subaccountCode !== checkout.subaccountCode)
    return "the payment went to another shop's account";
  return null;
}

/**
 * Settles a successful transaction reported by verify, the webhook or the sweep, however often and on however many
 * instances: an awaiting checkout becomes paid and its order is written (lines, chat card, analytics) in one
 * transaction whose first write is conditional, so exactly one caller gets 'paid'. A payment for a checkout that
 * expired or failed meanwhile is refunded at once.
 */
export async function settlePayment(
  db: Database,
  payments: Payments,
  transaction: PaymentTransaction,
  now: Date = new Date(),
): Promise<Settlement> {
  const [checkout] = await db
    .select()
    .from(orderCheckouts)
    .where(eq(orderCheckouts.reference, transaction.reference));
  if (!checkout) return { kind: 'ignored', reason: 'no order has this payment reference' };
  const problem = transactionProblem(transaction, checkout);
  if (problem) return { kind: 'ignored', reason: problem };
  if (checkout.paymentStatus === 'awaiting') {
    const change = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(orderCheckouts)
        .set({ paymentStatus: 'paid', updatedAt: now })
        .where(
          and(eq(orderCheckouts.orderId, checkout.orderId), eq(orderCheckouts.paymentStatus, 'awaiting')),
        )
        .returning({ orderId: orderCheckouts.orderId });
      if (!won) return null;
      const { placing, names } = placingFromJson(checkout.placing as Parameters<typeof placingFromJson>[0]);
      // Written with a fresh pickup code each try: the only thing that can refuse it is that code being taken.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const written = await insertOrder(tx, placing, names, {
          openOrdersPerShop: null,
          paid: {
            id: checkout.orderId,
            paidAt: now,
            reference: checkout.reference,
            url: checkout.authorizationUrl,
          },
        });
        if (written) {
          // The receipt leaves through the outbox: sent once this commits, never for a payment that rolled back.
          const [customer] = await tx
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, checkout.customerId));
          if (customer) await enqueue(tx, 'receipt_mail', receiptMail(customer.email, written));
          return written;
        }
      }
      throw new Error(`the paid order #${checkout.orderId} could not be written`);
    });
    if (change) return { kind: 'paid', change };
  }
  return refundLatePayment(db, payments, checkout.orderId, now);
}

/**
 * A payment that came for a checkout that had expired or failed: the money goes back at once (refund_pending), and
 * never silently stays. The claim is conditional, so one caller asks Paystack; if Paystack refuses, the claim is
 * undone and the next webhook retry or sweep tries again.
 */
async function refundLatePayment(db: Database, payments: Payments, orderId: number, now: Date) {
  const [claimed] = await db
    .update(orderCheckouts)
    .set({ paymentStatus: 'refund_pending', updatedAt: now })
    .where(
      and(eq(orderCheckouts.orderId, orderId), inArray(orderCheckouts.paymentStatus, ['expired', 'failed'])),
    )
    .returning();
  if (!claimed) return { kind: 'ignored' as const, reason: 'the payment was settled already' };
  try {
    await payments.refundTransaction(claimed.reference);
  } catch (error) {
    await db
      .update(orderCheckouts)
      .set({ paymentStatus: 'expired', updatedAt: new Date() })
      .where(and(eq(orderCheckouts.orderId, orderId), eq(orderCheckouts.paymentStatus, 'refund_pending')));
    throw error;
  }
  return { kind: 'customer_only' as const, order: checkoutAsOrder(claimed) };
}

/**
 * The customer back from Paystack (or pressing 'I have paid'): asks Paystack about the order's payment and settles
 * it when it succeeded. Answers with the order as it is then; its paymentStatus tells the outcome.
 */
export async function verifyOrderPayment(
  db: Database,
  payments: Payments,
  customerId: number,
  orderId: number,
): Promise<{ order: Order; settlement: Settlement }> {
  const [checkout] = await db
    .select()
    .from(orderCheckouts)
    .where(and(eq(orderCheckouts.orderId, orderId), eq(orderCheckouts.customerId, customerId)));
  if (!checkout) throw new HttpError(404, 'No online payment for this order');
  if (checkout.paymentStatus !== 'awaiting')
    return {
      order: await currentOrder(db, orderId),
      settlement: { kind: 'ignored', reason: 'settled already' },
    };
  const transaction = await payments.verifyTransaction(checkout.reference);
  if (!('amount' in transaction))
    return {
      order: await currentOrder(db, orderId),
      settlement: { kind: 'ignored', reason: transaction.message },
    };
  const settlement = await settlePayment(db, payments, transaction);
  return { order: await currentOrder(db, orderId), settlement };
}

/**
 * Gives up online orders still awaiting payment PAYMENT_WINDOW_MINUTES after placing, on any instance: each is
 * checked with Paystack once (the customer may have paid and closed the tab), then moved awaiting → expired by a
 * conditional write, so two sweeps never both expire or both settle one.
 */
export async function sweepUnpaidCheckouts(
  db: Database,
  payments: Payments | undefined,
  now: Date = new Date(),
): Promise<Settlement[]> {
  const due = await db
    .select()
    .from(orderCheckouts)
    .where(and(eq(orderCheckouts.paymentStatus, 'awaiting'), lte(orderCheckouts.expiresAt, now)))
    .orderBy(orderCheckouts.expiresAt)
    .limit(50);
  const settled: Settlement[] = [];
  for (const checkout of due) {
    if (payments) {
      try {
        const transaction = await payments.verifyTransaction(checkout.reference);
        if ('amount' in transaction && transaction.status === 'success') {
          const settlement = await settlePayment(db, payments, transaction, now);
          if (settlement.kind !== 'ignored') {
            settled.push(settlement);
            continue;
          }
        }
      } catch (error) {
        // Paystack unreachable: try again at the next sweep rather than expire a payment that may have succeeded.
        if (error instanceof PaymentProviderError) continue;
        throw error;
      }
    }
    const [expired] = await db
      .update(orderCheckouts)
      .set({ paymentStatus: 'expired', updatedAt: now })
      .where(and(eq(orderCheckouts.orderId, checkout.orderId), eq(orderCheckouts.paymentStatus, 'awaiting')))
      .returning();
    if (expired) {
      await releaseSlotPlace(db, expired.orderId);
      settled.push({ kind: 'customer_only', order: checkoutAsOrder(expired) });
    }
  }
  return settled;
}

/**
 * Paystack's refund.processed or refund.failed for a transaction: refund_pending → refunded or refund_failed, once
 * (a conditional write; a repeated or late event changes nothing). Null when nothing moved.
 */
export async function settleRefund(
  db: Database,
  reference: string,
  outcome: 'processed' | 'failed',
  now: Date = new Date(),
): Promise<{ order: Order; ownerId: number | null } | null> {
  const to: PaymentStatus = outcome === 'processed' ? 'refunded' : 'refund_failed';
  const [moved] = await db
    .update(orders)
    .set({ paymentStatus: to as 'refunded' | 'refund_failed', updatedAt: now })
    .where(and(eq(orders.paymentReference, reference), eq(orders.paymentStatus, 'refund_pending')))
    .returning({ id: orders.id });
  if (moved) {
    const order = await currentOrder(db, moved.id);
    const [shop] = await db
      .select({ ownerId: coffeeShops.ownerId })
      .from(coffeeShops)
      .where(eq(coffeeShops.id, order.shopId));
    return { order, ownerId: shop?.ownerId ?? null };
  }
  const [late] = await db
    .update(orderCheckouts)
    .set({ paymentStatus: to, updatedAt: now })
    .where(and(eq(orderCheckouts.reference, reference), eq(orderCheckouts.paymentStatus, 'refund_pending')))
    .returning();
  return late ? { order: checkoutAsOrder(late), ownerId: null } : null;
}

/**
 * Cancelling a paid order refunds it in full first: Paystack must accept the refund before the order moves
 * (a refusal or outage is 502 and the order stays as it was, for the owner to retry). Only a pending or
 * confirmed order can be cancelled with a refund; from preparing on the shop settles it at the counter.
 */
export async function refundBeforeCancel(
  payments: Payments | undefined,
  order: { id: number; status: string; paymentStatus: PaymentStatus; payment: { reference: string } | null },
): Promise<void> {
  if (order.paymentStatus !== 'paid') return;
  if (order.status !== 'pending' && order.status !== 'confirmed')
    throw new HttpError(
      409,
      `Order #${order.id} is ${order.status}: a paid order can be cancelled with a refund only while pending or confirmed; settle it at the counter`,
    );
  if (!payments || !order.payment) throw new HttpError(503, 'Payments are not configured');
  try {
    await payments.refundTransaction(order.payment.reference);
  } catch (error) {
    if (error instanceof PaymentProviderError || error instanceof PaymentRefusedError)
      throw new HttpError(
        502,
        `The refund could not be requested: ${error.message} The order was not cancelled.`,
      );
    throw error;
  }
}
