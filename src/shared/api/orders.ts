// The order contract (spec §3 Order, §4 Order status, §7 Orders) and the customer side the spec leaves out:
// placing an order ahead for pickup, paid at the counter.
import { z } from 'zod';
import { type OrderStatus, orderStatuses } from '../domain/order-status.js';
import { bodyId, pathId } from './ids.js';
import { MAX_OPTION_GROUPS_PER_ITEM, MAX_OPTIONS_PER_GROUP } from './option-constants.js';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, MAX_ORDER_NOTES } from './order-constants.js';
import { orderPayment, paymentChoice, paymentStatus } from './payments.js';
import { safeText } from './text.js';

export * from './order-constants.js';

export const orderStatus = z.enum(orderStatuses, {
  message: `status must be one of ${orderStatuses.join(', ')}`,
});

/** One chosen option as the order keeps it: names and price as they were when ordered (issue 25). */
export const orderLineOption = z.object({
  /** The option's id then: Order again chooses it again while it exists. */
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  /** Decimal text: what it added to the unit price, '8.00'. */
  price: z.string(),
});
export type OrderLineOption = z.infer<typeof orderLineOption>;

/** One line as stored in the order: name and price as they were when ordered. */
export const orderLine = z.object({
  menuItemId: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  /** Decimal text: the unit price with its options, '47.50'. */
  price: z.string(),
  /** The chosen options in the item's group order; [] for none. */
  options: z.array(orderLineOption),
  /** 'discount': a redeemed loyalty card's line (issue 29), menuItemId null and a negative price. */
  kind: z.literal('discount').optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

export const order = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  customerId: z.number().int(),
  /** JSON text of OrderLine[] (spec §3: items are JSON text). */
  items: z.string(),
  /** Decimal text: '65.00'. */
  totalAmount: z.string(),
  status: orderStatus,
  createdAt: z.string(),
  pickupTime: z.string().nullable(),
  notes: z.string().nullable(),
  shopName: z.string(),
  customerName: z.string(),
  statusHistory: z.array(z.object({ status: orderStatus, at: z.string() })),
  /** How it is paid and where that stands (issue 26): not_required for orders paid at the counter. */
  paymentStatus: paymentStatus,
  /** When the online payment was confirmed. */
  paidAt: z.string().nullable(),
  /** The online payment's link and reference; null for orders paid at the counter. */
  payment: orderPayment.nullable(),
  /** Shown at the counter (issue 30): 4 characters, unique among the shop's pickups that day; null until paid. */
  pickupCode: z.string().nullable(),
  /** Who cancelled it (issue 32): the customer, the shop, or the server when the shop never confirmed. */
  cancelledBy: z.enum(['customer', 'shop', 'system']).nullable(),
  /** Why, as the shop said ('Sold out') or the server; null when not cancelled or no reason was given. */
  cancelReason: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

export const placeOrderBody = z.object({
  shopId: bodyId('shopId'),
  items: z
    .array(
      z.object({
        menuItemId: bodyId('menuItemId'),
        quantity: z
          .number({ message: `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}` })
          .int(`quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
          .min(1, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
          .max(MAX_LINE_QUANTITY, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`),
        /** The chosen options' ids (issue 25); the server checks them against the item's groups. */
        options: z
          .array(bodyId('options'), { message: 'options must be a list of option ids' })
          .max(MAX_OPTION_GROUPS_PER_ITEM * MAX_OPTIONS_PER_GROUP, 'options has too many entries')
          .default([]),
      }),
      { message: 'items must be a list of { menuItemId, quantity, options }' },
    )
    .min(1, 'items must not be empty: add something to your order')
    .max(MAX_ORDER_LINES, `items must have at most ${MAX_ORDER_LINES} lines`),
  pickupTime: z.iso.datetime({ offset: true, message: 'pickupTime must be an ISO date and time' }),
  notes: safeText('notes must be text')
    .trim()
    .max(MAX_ORDER_NOTES, `notes must be at most ${MAX_ORDER_NOTES} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Pay now through Paystack, or at the counter on pickup (issue 26). */
  payment: paymentChoice.default('counter'),
  /** Spend a full stamp card at this shop on this order (issue 29). */
  redeemReward: z.boolean({ message: 'redeemReward must be true or false' }).default(false),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const orderParams = z.object({ id: pathId('id') });
/** Orders per page of GET /api/orders: the newest this many, then older ones with ?before=. */
export const ORDER_PAGE_SIZE = 200;
export const orderListQuery = z.object({
  shopId: pathId('shopId').optional(),
  status: orderStatus.optional(),
  /** Only orders older than this order (the oldest one already shown). */
  before: pathId('before').optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ORDER_PAGE_SIZE, `limit must be at most ${ORDER_PAGE_SIZE}`)
    .default(ORDER_PAGE_SIZE),
});
export const updateOrderBody = z
  .object({
    status: orderStatus,
    /** With a cancel: why, told to the other side (issue 32). The shop's dialog offers a short list. */
    cancelReason: safeText()
      .trim()
      .min(1, 'cancelReason must not be empty')
      .max(200, 'cancelReason must be at most 200 characters')
      .optional(),
  })
  .refine((body) => body.cancelReason === undefined || body.status === 'cancelled', {
    message: 'cancelReason goes only with status cancelled',
    path: ['cancelReason'],
  });

export const dashboardSummary = z.object({
  /** Every order placed today (Africa/Johannesburg), cancelled included. */
  ordersToday: z.number().int(),
  /** Of those, the cancelled ones (issue 32): shown beside Orders Today, as Revenue leaves them out. */
  cancelledToday: z.number().int(),
  /** Decimal text; cancelled orders left out. */
  revenueToday: z.string(),
  /** Orders of any day still waiting to be confirmed (pending), across the owner's shops: the Orders tab's count. */
  pendingOrders: z.number().int(),
  activeChats: z.number().int(),
  /** Mean of the shops' ratings to one decimal, as text; null before any review. */
  avgRating: z.string().nullable(),
  recentOrders: z.array(order),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** orderData of the order messages the server posts into the conversation. */
export type OrderPlacedData = { orderId: number; items: OrderLine[]; total: string };
export type OrderStatusData = { orderId: number; status: OrderStatus };

/** The Idempotency-Key header: any text up to this length; the same key within 24 hours returns the first order. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** What the server pushes over /ws about orders (besides chat events). */
export type OrderEvent = { type: 'order_created'; order: Order } | { type: 'order_updated'; order: Order };

/**
 * "My usual" (issue 29): a basket (the same lines: items, options, quantities, in any order) the customer ordered
 * at least this many times at one shop, cancelled orders left out, within the last USUAL_WINDOW_DAYS days.
 */
export const USUAL_MIN_TIMES = 2;
export const USUAL_WINDOW_DAYS = 90;

export const usualQuery = z.object({ shopId: pathId('shopId') });

/** One line of the usual, as the menu has it today. */
export const usualLine = z.object({
  menuItemId: z.number().int(),
  /** Today's name of the item (as ordered when it is gone from the menu). */
  name: z.string(),
  quantity: z.number().int(),
  /** The chosen options in the item's group order; [] for none. */
  options: z.array(orderLineOption.pick({ id: true, group: true, name: true })),
  /** Decimal text: today's unit price with today's option prices (as last ordered for what is gone). */
  price: z.string(),
  /** The item and every option still exist, are offered with each other and are not sold out. */
  available: z.boolean(),
});
export type UsualLine = z.infer<typeof usualLine>;

export const usual = z.object({
  /** In the order of the basket's most recent order. */
  lines: z.array(usualLine),
  /** Decimal text: the lines at today's prices. */
  total: z.string(),
  /** How many orders of the last USUAL_WINDOW_DAYS days had this basket. */
  timesOrdered: z.number().int(),
  lastOrderedAt: z.string(),
});
export type Usual = z.infer<typeof usual>;

/** GET /api/orders/usuals: every shop where the customer has a usual, for the favourites page in one request. */
export const shopUsual = z.object({ shopId: z.number().int(), usual: usual });
export type ShopUsual = z.infer<typeof shopUsual>;
