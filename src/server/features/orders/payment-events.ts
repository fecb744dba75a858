// After an order payment settled (issue 26): who hears of it over the bus, the customer's receipt by mail, and the
// Paystack webhook events that concern orders (charge.success with metadata.kind 'order', refund.processed and
// refund.failed), which the shared webhook route hands here before the promotion flow.
import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../../shared/api/orders.js';
import type { App } from '../../app-type.js';
import { transactionOf } from '../../integrations/payments.js';
import { type Settlement, settlePayment, settleRefund } from './payment.js';

/** Tells the bus about a settled payment and mails the receipt; failures are logged, never thrown. */
export function announceSettlement(app: App, settlement: Settlement, log: FastifyBaseLogger) {
  const fail = (error: unknown) => log.error({ err: error }, 'could not announce an order payment');
  if (settlement.kind === 'ignored') return;
  if (settlement.kind === 'customer_only') {
    publishOrder(app, settlement.order, 0, 'customer').catch(fail);
    return;
  }
  const { change } = settlement;
  publishOrder(app, change.order, change.ownerId, 'paid').catch(fail);
  app.deps.bus
    .publish({ type: 'new_message', messageId: change.message.id, message: change.message })
    .catch(fail);
  app.deps.metrics.orderPlaced();
  // The receipt was written to the outbox with the payment; send it now rather than at the next tick.
  app.deps.outbox.kick();
}

function publishOrder(app: App, order: Order, ownerId: number, change: 'paid' | 'customer' | 'updated') {
  return app.deps.bus.publish({
    type: 'order_event',
    change,
    orderId: order.id,
    customerId: order.customerId,
    ownerId,
    order,
  });
}

/**
 * A webhook event about an order payment: settles it and announces the outcome; 'not_ours' for any other event
 * (the promotion flow takes it). Throws when Paystack could not take a late payment's refund, so the webhook
 * answers 500 and Paystack sends it again.
 */
export async function handleOrderPaymentEvent(
  app: App,
  event: unknown,
  log: FastifyBaseLogger,
): Promise<'not_ours' | string> {
  if (typeof event !== 'object' || event === null) return 'not_ours';
  const { event: name, data } = event as { event?: unknown; data?: Record<string, unknown> };
  if (
    (name === 'refund.processed' || name === 'refund.failed') &&
    typeof data?.transaction_reference === 'string'
  ) {
    const moved = await settleRefund(
      app.db,
      data.transaction_reference,
      name === 'refund.processed' ? 'processed' : 'failed',
    );
    if (!moved) return 'refund already settled or unknown';
    publishOrder(app, moved.order, moved.ownerId ?? 0, moved.ownerId ? 'updated' : 'customer').catch(
      (error) => log.error({ err: error }, 'could not announce a refund'),
    );
    return `refund ${moved.order.paymentStatus}`;
  }
  if (name !== 'charge.success') return 'not_ours';
  const metadata = (data?.metadata ?? null) as { kind?: unknown } | null;
  if (metadata?.kind !== 'order') return 'not_ours';
  const transaction = transactionOf(data);
  if (!transaction || !app.deps.payments) return 'not a transaction';
  const settlement = await settlePayment(app.db, app.deps.payments, transaction);
  announceSettlement(app, settlement, log);
  return settlement.kind === 'ignored' ? `ignored: ${settlement.reason}` : settlement.kind;
}
