// The analytics contract (spec §2 Analytics dialog, §9 analytics constants): one shop's figures, computed by the server.
import { z } from 'zod';
import { pathId } from './ids.js';
import { orderStatus } from './orders.js';

/** The periods an owner may ask for, in days (spec §9: 30 by default). */
export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsPeriod = 30;
/** Most Popular Items shows this many (spec §9). */
export const TOP_ITEMS = 5;
/** Most chosen options shown under Most Popular Items (issue 25). */
export const TOP_OPTIONS = 5;
/** Daily Revenue covers this many Africa/Johannesburg days, today included (spec §9 'weekly view'). */
export const DAILY_REVENUE_DAYS = 7;

export const analyticsParams = z.object({ shopId: pathId('shopId') });
export const analyticsQuery = z.object({
  days: z.coerce
    .number({ message: 'days must be 7, 30 or 90' })
    .refine((days) => (analyticsPeriods as readonly number[]).includes(days), 'days must be 7, 30 or 90')
    .default(DEFAULT_ANALYTICS_DAYS),
});

/** Views, new favourites and orders over one span of days. */
export const promotionSpan = z.object({
  views: z.number().int(),
  favourites: z.number().int(),
  orders: z.number().int(),
});

export const shopAnalytics = z.object({
  periodDays: z.number().int(),
  /** Decimal text ('1234.50'); cancelled orders left out. */
  totalRevenue: z.string(),
  /** Percent against the `periodDays` days before, one decimal; 0 when that period had nothing (spec §9). */
  revenueGrowth: z.number(),
  /** Every order placed in the window, cancelled included. */
  totalOrders: z.number().int(),
  ordersGrowth: z.number(),
  /**
   * The period before's orders and revenue (decimal text), so a screen can say 'New' rather than '0%' when that
   * period had nothing to compare with (issue 32).
   */
  previousOrders: z.number().int(),
  previousRevenue: z.string(),
  uniqueCustomers: z.number().int(),
  /** Decimal text: revenue over the orders not cancelled, to the cent. */
  avgOrderValue: z.string(),
  /** The last 7 Africa/Johannesburg days, oldest first, today included, empty days as '0.00'. */
  dailyRevenue: z.array(z.object({ date: z.string(), revenue: z.string() })),
  /** The statuses that appear in the window, in the order of the status machine. */
  statusBreakdown: z.array(z.object({ status: orderStatus, count: z.number().int() })),
  /** Local hours 0–23 that have orders, in hour order. */
  peakHours: z.array(z.object({ hour: z.number().int(), orders: z.number().int() })),
  /** Up to 5, by quantity; cancelled orders left out. */
  topItems: z.array(z.object({ name: z.string(), quantity: z.number().int(), revenue: z.string() })),
  /**
   * Up to 5 options chosen most (issue 25): cups that had the option, in orders not cancelled, and its share (0–1)
   * of the cups of items that offered its group.
   */
  topOptions: z.array(
    z.object({ group: z.string(), name: z.string(), count: z.number().int(), share: z.number() }),
  ),
  /** People's messages in the shop's conversations: order cards and status lines are not counted (issue 32). */
  totalMessages: z.number().int(),
  menuItems: z.number().int(),
  /** Decimal text: the 7 days before the current 7. */
  lastWeekRevenue: z.string(),
  /** The shop's rating, one decimal as text ('4.5'). */
  rating: z.string(),
  /** Customers with two or more orders in the window. */
  repeatCustomers: z.number().int(),
  /** Median minutes from placement to ready, one decimal; null when no order of the window became ready. */
  medianMinutesToReady: z.number().nullable(),
  /** Orders by local weekday (0 Sunday … 6 Saturday) and hour; only cells with orders. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
  /**
   * The latest promotion that ran, with the same number of Africa/Johannesburg days before it began and since
   * (up to today or its end): what the promotion bought.
   */
  promotion: z
    .object({
      startedAt: z.string(),
      endsAt: z.string().nullable(),
      /** Whole local days in each span. */
      spanDays: z.number().int(),
      before: promotionSpan,
      during: promotionSpan,
    })
    .nullable(),
  /**
   * The shop's stamp card in the period (issue 29); null when it has never set one up. rewardsRedeemed: orders not
   * cancelled that spent a card; cardHolderShare: of the period's orders not cancelled, the share (0–1) placed by a
   * customer who already held a stamp here.
   */
  loyalty: z.object({ rewardsRedeemed: z.number().int(), cardHolderShare: z.number() }).nullable(),
});
export type ShopAnalytics = z.infer<typeof shopAnalytics>;

/**
 * The CSV's header row (issue: id, created, pickup, status, customer, items, total; issue 25 adds options; issue 26
 * paymentStatus and paymentReference).
 */
export const ORDERS_CSV_COLUMNS = [
  'id',
  'created',
  'pickup',
  'status',
  'customer',
  'items',
  'options',
  'total',
  'paymentStatus',
  'paymentReference',
] as const;
