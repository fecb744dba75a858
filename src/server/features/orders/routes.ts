// The order HTTP surface (spec §7 Orders, issue 10): place, list, read and move orders; the dashboard summary.
import { z } from 'zod';
import {
  dashboardSummary as dashboardSummarySchema,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  order,
  orderListQuery,
  orderParams,
  placeOrderBody,
  shopUsual,
  updateOrderBody,
  usual,
  usualQuery,
} from '../../../shared/api/orders.js';
import type { App } from '../../app-type.js';
import { requireRole, requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { cancelUnconfirmed, moveOrder, unconfirmedOrders } from './moves.js';
import { refundBeforeCancel, startCheckout, sweepUnpaidCheckouts, verifyOrderPayment } from './payment.js';
import { announceSettlement } from './payment-events.js';
import { dashboardSummary, getOrder, listOrders, type OrderChange, placeOrder } from './service.js';
import { findUsual, listUsuals } from './usual.js';

/** How often unpaid online orders past their payment window are looked for. */
const UNPAID_SWEEP_INTERVAL_MS = 60_000;
/** How often pending orders past their shop's autoCancelMinutes are looked for. */
const UNCONFIRMED_SWEEP_INTERVAL_MS = 30_000;

/**
 * One pass of the unconfirmed-orders sweep: each overdue pending order is cancelled by one conditional write (an
 * owner's Confirm at the same moment wins or loses cleanly); a paid one only once Paystack accepted its refund
 * (if not, the next pass tries again). Exported for tests, which run a pass with their own clock.
 */
export async function cancelUnconfirmedOrders(app: App, now: Date = new Date()): Promise<OrderChange[]> {
  const cancelled: OrderChange[] = [];
  for (const due of await unconfirmedOrders(app.db, now)) {
    if (due.paymentStatus === 'paid') {
      if (!app.deps.payments || !due.paymentReference) continue;
      try {
        await app.deps.payments.refundTransaction(due.paymentReference);
      } catch (error) {
        app.log.warn(
          { err: error, orderId: due.id },
          'refund of an unconfirmed order refused; will try again',
        );
        continue;
      }
    }
    const change = await cancelUnconfirmed(app.db, due.id, now);
    if (!change) continue;
    publishOrderChange(app, change, 'updated', app.log);
    cancelled.push(change);
  }
  return cancelled;
}

/**
 * Tells the sockets of everyone concerned, on every instance, after the write has committed. A failed push must
 * not turn a stored order into an error: the pages refetch on their next load or resync.
 */
export function publishOrderChange(
  app: App,
  change: OrderChange,
  kind: 'created' | 'updated',
  log: App['log'],
) {
  const { bus } = app.deps;
  const fail = (error: unknown) => log.error({ err: error }, 'could not publish an order event');
  bus
    .publish({
      type: 'order_event',
      change: kind,
      orderId: change.order.id,
      customerId: change.order.customerId,
      ownerId: change.ownerId,
      order: change.order,
      ...(change.stamp && {
        stamp: {
          type: 'loyalty_stamp' as const,
          shopId: change.order.shopId,
          shopName: change.order.shopName,
          stamps: change.stamp.stamps,
          stampsRequired: change.stamp.stampsRequired,
        },
      }),
    })
    .catch(fail);
  bus.publish({ type: 'new_message', messageId: change.message.id, message: change.message }).catch(fail);
  // The stamp's chat line (issue 29).
  if (change.stamp)
    bus
      .publish({ type: 'new_message', messageId: change.stamp.message.id, message: change.stamp.message })
      .catch(fail);
  // A push notification was written with the change: sent now rather than at the worker's next tick.
  if (change.pushed) app.deps.outbox.kick();
}

export function orderRoutes(app: App) {
  const publish = (change: OrderChange, kind: 'created' | 'updated', log: App['log']) =>
    publishOrderChange(app, change, kind, log);

  app.post(
    '/api/orders',
    {
      schema: { body: placeOrderBody, response: { 200: order, 201: order } },
      config: {
        // Per customer, counted once the token is read (issue 33: one customer placed 30 orders in 0.4 s).
        rateLimit: {
          max: app.deps.config.ordersPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `customer:${request.auth?.id ?? request.ip}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many orders: at most ${context.max} a minute. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          }),
        },
      },
    },
    async (request, reply) => {
      const customer = requireRole(request, 'customer');
      const header = request.headers['idempotency-key'];
      const key = (Array.isArray(header) ? header[0] : header)?.trim() || null;
      if (key && key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
        throw new HttpError(400, `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
      const { payments } = app.deps;
      const result = await placeOrder(app.db, customer.id, request.body, key, {
        openOrdersPerShop: app.deps.config.openOrdersPerShop,
        paymentsConfigured: payments !== undefined,
      });
      if (result.created === 'checkout') {
        // Online: the shop hears of it once it is paid (orders/payment.ts); the customer goes to Paystack.
        const started = await startCheckout(app.db, payments!, app.deps.config.publicUrl, result.checkout);
        return reply.code(201).send(started.order);
      }
      if (!result.created) {
        // A retry: the first order, as it was answered then (same status), flagged as a replay.
        return reply.code(201).header('idempotent-replayed', 'true').send(result.order);
      }
      publish(result.change, 'created', request.log);
      app.deps.metrics.orderPlaced();
      return reply.code(201).send(result.change.order);
    },
  );

  app.get(
    '/api/orders',
    { schema: { querystring: orderListQuery, response: { 200: z.array(order) } } },
    (request) => listOrders(app.db, requireUser(request), request.query),
  );

  // "My usual" (issue 29): a customer's most ordered basket at one shop (null: none), or at each shop that has one.
  app.get(
    '/api/orders/usual',
    { schema: { querystring: usualQuery, response: { 200: usual.nullable() } } },
    (request) => findUsual(app.db, requireRole(request, 'customer').id, request.query.shopId),
  );
  app.get('/api/orders/usuals', { schema: { response: { 200: z.array(shopUsual) } } }, (request) =>
    listUsuals(app.db, requireRole(request, 'customer').id),
  );

  app.get('/api/orders/:id', { schema: { params: orderParams, response: { 200: order } } }, (request) =>
    getOrder(app.db, requireUser(request).id, request.params.id),
  );

  app.put(
    '/api/orders/:id',
    { schema: { params: orderParams, body: updateOrderBody, response: { 200: order } } },
    async (request) => {
      const user = requireUser(request);
      if (request.body.status === 'cancelled') {
        // A paid order is refunded before it is cancelled: a refused refund leaves it as it was (502).
        const current = await getOrder(app.db, user.id, request.params.id);
        await refundBeforeCancel(app.deps.payments, current);
      }
      const change = await moveOrder(
        app.db,
        user,
        request.params.id,
        request.body.status,
        new Date(),
        request.body.cancelReason ?? null,
      );
      publish(change, 'updated', request.log);
      app.deps.metrics.orderMoved(change.order.status);
      return change.order;
    },
  );

  app.post(
    '/api/orders/:id/payment/verify',
    { schema: { params: orderParams, response: { 200: order } } },
    async (request) => {
      const customer = requireRole(request, 'customer');
      if (!app.deps.payments) throw new HttpError(503, 'Payments are not configured');
      const { order: now, settlement } = await verifyOrderPayment(
        app.db,
        app.deps.payments,
        customer.id,
        request.params.id,
      );
      announceSettlement(app, settlement, request.log);
      return now;
    },
  );

  // Online orders not paid within the window are given up, on every instance (conditional writes: safe to race).
  const sweep = setInterval(() => {
    sweepUnpaidCheckouts(app.db, app.deps.payments)
      .then((settled) => {
        for (const settlement of settled) announceSettlement(app, settlement, app.log);
      })
      .catch((error) => app.log.error({ err: error }, 'could not sweep unpaid online orders'));
  }, UNPAID_SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Orders the shop did not confirm in time are cancelled by the server (issue 30), a paid one refunded first.
  const unconfirmed = setInterval(() => {
    cancelUnconfirmedOrders(app).catch((error) =>
      app.log.error({ err: error }, 'could not cancel unconfirmed orders'),
    );
  }, UNCONFIRMED_SWEEP_INTERVAL_MS);
  unconfirmed.unref();
  app.addHook('onClose', async () => clearInterval(unconfirmed));

  app.get('/api/dashboard/summary', { schema: { response: { 200: dashboardSummarySchema } } }, (request) =>
    dashboardSummary(app.db, requireRole(request, 'shop_owner').id),
  );
}
