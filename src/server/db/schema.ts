// The one database schema (spec §3), PostgreSQL dialect for both PGlite and node-postgres (CONVENTIONS rule 6).
// Money is integer cents; times are timestamptz; columns snake_case.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentStatuses } from '../../shared/api/payments.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum('user_role', ['customer', 'shop_owner']);
export const shopCategory = pgEnum('shop_category', ['specialty', 'quick_service', 'artisan']);
export const menuCategory = pgEnum('menu_category', [
  'coffee',
  'tea',
  'pastries',
  'sandwiches',
  'beverages',
  'snacks',
]);
export const orderStatus = pgEnum('order_status', [
  'pending',
  'confirmed',
  'preparing',
  'ready',
  'completed',
  'cancelled',
]);
export const messageType = pgEnum('message_type', ['text', 'order']);
export const promotionStatus = pgEnum('promotion_status', ['pending', 'active', 'failed', 'expired']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull(),
    /**
     * The person proved the mailbox is theirs (issue 32): a wizard sign-up did with its code; a /register sign-up
     * starts false until the code mailed to it is entered. Accounts from before were counted as confirmed.
     */
    emailVerified: boolean('email_verified').notNull().default(true),
    createdAt: createdAt(),
    /**
     * Set when the person deleted their account (issue 28, POPIA): the row stays so the shops keep their
     * records (orders, reviews, messages), with the name 'Deleted customer' and the email and password erased.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // Many deleted accounts share the name 'Deleted customer'; living ones are unique.
    uniqueIndex('users_username_lower_unique')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * Where someone is signed in (issue 28): every sign-in, sign-up and password reset makes one, and the access token
 * names it (`sid`). A token whose session is revoked (sign out, sign out elsewhere, a password change or reset, a
 * deleted account) is refused everywhere. features/auth/sessions.ts.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Moved on at most once a minute by the requests that use it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    address: text('address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/**
 * Mailed 6-digit codes, stored hashed, spent after use, expiry or too many wrong tries: sign-up (spec §5 wizard),
 * a forgotten password and a new email address (issue 28).
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** sign_up · password_reset · email_change. */
    purpose: text('purpose').notNull().default('sign_up'),
    /** The account a password_reset (null: no account has the email) or email_change code is for. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    requestedFrom: text('requested_from'),
    createdAt: createdAt(),
  },
  (table) => [index('verification_codes_email_created').on(table.email, table.createdAt)],
);

export const coffeeShops = pgTable(
  'coffee_shops',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: shopCategory('category').notNull(),
    address: text('address').notNull(),
    phone: text('phone'),
    email: text('email'),
    imageUrl: text('image_url'),
    /** Mean review rating rounded to one decimal, recomputed with every review in the same transaction. */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0.0'),
    reviewCount: integer('review_count').notNull().default(0),
    isPromoted: boolean('is_promoted').notNull().default(false),
    promotionExpiresAt: timestamp('promotion_expires_at', { withTimezone: true }),
    deliveryTime: text('delivery_time'),
    deliveryFeeCents: integer('delivery_fee_cents'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The pin is only the centre of the town or suburb the address names (the map search found nothing closer and
     * the owner did not place it): discovery says 'approximate location' (issue 31).
     */
    locationApproximate: boolean('location_approximate').notNull().default(false),
    /** The owner's switch: while false, customers cannot place orders (a paused shop's page says so). */
    acceptingOrders: boolean('accepting_orders').notNull().default(true),
    /**
     * Set when its owner deleted their account (issue 28): out of discovery, its menu, hours and payout gone; the row
     * stays so customers' past orders keep the shop's name.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** What the checkout offers (issue 26): 'off' (the counter only), 'optional' or 'required' (Pay now). */
    onlinePayment: text('online_payment', { enum: ['off', 'optional', 'required'] })
      .notNull()
      .default('off'),
    /** The shop's Paystack subaccount: every rand of its online orders settles there. Never sent to clients. */
    paystackSubaccountCode: text('paystack_subaccount_code'),
    /** The payout account as the owner sees it: the bank and the last 4 digits, never the whole number. */
    payoutBankCode: text('payout_bank_code'),
    payoutBankName: text('payout_bank_name'),
    payoutAccountLast4: text('payout_account_last4'),
    /** issue 30: the earliest pickup after placing, in minutes (5–60). */
    prepMinutes: smallint('prep_minutes').notNull().default(10),
    /** Orders per 15-minute pickup slot (1–100); null: no limit. */
    maxOrdersPerSlot: smallint('max_orders_per_slot'),
    /** A temporary extra delay (5–60 minutes) on every pickup, until busy_until. */
    busyExtraMinutes: smallint('busy_extra_minutes'),
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    /** A pending order not confirmed within this many minutes (5–30) is cancelled by the server. */
    autoCancelMinutes: smallint('auto_cancel_minutes').notNull().default(10),
    /**
     * The shop's stamp card (issue 29), set by its owner: stamps for the reward (5–20; null: never set up), what it
     * gives, and the most it takes off an order. Switched off, customers keep their stamps (loyalty_stamps) for when
     * it returns. On the shop's row, so every shop answer carries it at no cost.
     */
    loyaltyEnabled: boolean('loyalty_enabled').notNull().default(false),
    loyaltyStampsRequired: smallint('loyalty_stamps_required'),
    loyaltyReward: text('loyalty_reward'),
    loyaltyRewardMaxCents: integer('loyalty_reward_max_cents'),
    /** name, description and address in one lower-cased text, for trigram search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || coalesce(description, '') || ' ' || address)`),
    /**
     * What the shop sells, for search (issue 31): the lower-cased names of its available menu items and their
     * categories, ' | ' between them. Kept by a trigger on menu_items (migration 0021), never written by the app: on
     * the shop's row, a search tests it as it tests search_text, so every list path can filter on it.
     */
    menuText: text('menu_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('coffee_shops_owner').on(table.ownerId),
    check(
      'coffee_shops_loyalty_card',
      sql`(${table.loyaltyStampsRequired} is null and not ${table.loyaltyEnabled})
        or (${table.loyaltyStampsRequired} between 5 and 20 and ${table.loyaltyReward} is not null
          and ${table.loyaltyRewardMaxCents} between 100 and 20000)`,
    ),
    index('coffee_shops_category').on(table.category),
    index('coffee_shops_promoted').on(table.promotionExpiresAt).where(sql`${table.isPromoted}`),
    index('coffee_shops_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('coffee_shops_menu_trgm').using('gin', sql`${table.menuText} gin_trgm_ops`),
    // Bounding-box searches for 'near me' (point is x = longitude, y = latitude). On PostgreSQL migration 0005
    // also adds globe indexes (cube), which drizzle cannot declare as they may not exist.
    index('coffee_shops_location_gist').using('gist', sql`point(${table.longitude}, ${table.latitude})`),
    // The default order (promoted first, then best rated) read straight from an index. Migration 0004 adds
    // INCLUDE (category, promotion_expires_at, search_text), which drizzle cannot declare, for searches.
    index('coffee_shops_rank').on(
      table.isPromoted.desc(),
      table.rating.desc(),
      table.reviewCount.desc(),
      table.id,
    ),
    check(
      'coffee_shops_delivery_fee_positive',
      sql`${table.deliveryFeeCents} is null or ${table.deliveryFeeCents} >= 0`,
    ),
  ],
);

/**
 * Every word of every shop name and menu item name, kept by triggers on coffee_shops and menu_items (migrations
 * 0003 and 0021). A search that finds nothing looks its words up here to correct a typo ('espreso' -> 'espresso',
 * 'capucino' -> 'cappuccino'): a small table, as names share their words, so fast.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trgm').using('gin', sql`${table.word} gin_trgm_ops`),
]);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.shopId] }),
    // Shop first, then time: a shop's favourites, and those added in a span (analytics: what a promotion bought).
    index('favorites_shop_created').on(table.shopId, table.createdAt),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shop owner's public answer (issue 29): one per review, editable; null when not answered. */
    replyText: text('reply_text'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    replyUpdatedAt: timestamp('reply_updated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reviews_one_per_user_and_shop').on(table.userId, table.shopId),
    index('reviews_shop').on(table.shopId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/**
 * A message belongs to the conversation of one customer with one shop: customer_id names that customer
 * whichever side sent it, so a conversation is (shop_id, customer_id).
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: messageType('message_type').notNull().default('text'),
    orderData: text('order_data'),
    /** The sender's Idempotency-Key: a retried send returns the first message instead of storing a second. */
    clientKey: text('client_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('messages_conversation').on(table.shopId, table.customerId, table.id),
    index('messages_customer').on(table.customerId, table.id),
    uniqueIndex('messages_sender_client_key')
      .on(table.senderId, table.clientKey)
      .where(sql`${table.clientKey} is not null`),
    // Unread counts (issue 32): people's messages to a user in one conversation after their read marker, counted
    // from the index alone. Order cards and status lines (message_type 'order') are never unread.
    index('messages_unread')
      .on(table.receiverId, table.shopId, table.customerId, table.id)
      .where(sql`${table.messageType} = 'text'`),
  ],
);

/**
 * How far each participant has read a conversation (issue 32): their messages with a larger id are unread. The marker
 * only moves forward (one conditional upsert), so a late or repeated read never makes a message unread again. The
 * receiver's row (at 0) is added by a trigger with the first text message to them (migration 0023), so a user's unread
 * total walks their own rows, one per conversation, not their whole history.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message of the conversation the user has read; 0 before any read. */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.shopId, table.customerId] })],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    category: menuCategory('category').notNull().default('coffee'),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url'),
    isAvailable: boolean('is_available').notNull().default(true),
    preparationTime: text('preparation_time'),
    ingredients: text('ingredients').array(),
    allergens: text('allergens').array(),
    calories: integer('calories'),
    isVegan: boolean('is_vegan').notNull().default(false),
    isGlutenFree: boolean('is_gluten_free').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index('menu_items_shop').on(table.shopId),
    check('menu_items_price_positive', sql`${table.priceCents} >= 0`),
  ],
);

/**
 * A shop's group of choices (issue 25): Size, Milk, Extras. One group serves every item it is attached to; how many
 * of its options a customer picks is minSelected..maxSelected (Square's modifier lists, Toast's modifier groups).
 */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minSelected: smallint('min_selected').notNull(),
    maxSelected: smallint('max_selected').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('option_groups_shop').on(table.shopId),
    check(
      'option_groups_selection',
      sql`${table.minSelected} >= 0 and ${table.maxSelected} >= 1 and ${table.maxSelected} >= ${table.minSelected}`,
    ),
  ],
);

/** One choice of a group. Its id outlives edits of the group, so carts and past orders keep naming it. */
export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** What choosing it adds to the item's price. */
    priceCents: integer('price_cents').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    isAvailable: boolean('is_available').notNull().default(true),
    /** Its place in the group, as the owner listed them. */
    position: smallint('position').notNull(),
  },
  (table) => [
    index('options_group').on(table.groupId, table.position),
    check('options_price_range', sql`${table.priceCents} >= 0`),
  ],
);

/** Which groups an item offers, in order. */
export const menuItemOptionGroups = pgTable(
  'menu_item_option_groups',
  {
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.menuItemId, table.groupId] }),
    index('menu_item_option_groups_group').on(table.groupId),
  ],
);

export const businessHours = pgTable(
  'business_hours',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    openTime: text('open_time'),
    closeTime: text('close_time'),
    isClosed: boolean('is_closed').notNull().default(false),
  },
  (table) => [
    uniqueIndex('business_hours_one_per_day').on(table.shopId, table.dayOfWeek),
    check('business_hours_day_range', sql`${table.dayOfWeek} between 0 and 6`),
  ],
);

/** One-off days (a public holiday, a late night): for its date, a special day overrides the weekly row. */
export const specialHours = pgTable(
  'special_hours',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    /** The Africa/Johannesburg calendar date, 'YYYY-MM-DD'. */
    date: date('date', { mode: 'string' }).notNull(),
    isClosed: boolean('is_closed').notNull().default(false),
    openTime: text('open_time'),
    closeTime: text('close_time'),
    note: text('note'),
  },
  (table) => [uniqueIndex('special_hours_one_per_date').on(table.shopId, table.date)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** [{ menuItemId, name, quantity, priceCents, options }]: names and prices (with options) as they were when ordered. */
    items: jsonb('items').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: orderStatus('status').notNull().default('pending'),
    /** [{ status, at }] from placement on; each move appends one entry in the same UPDATE. */
    statusHistory: jsonb('status_history').notNull().default(sql`'[]'::jsonb`),
    /** When the order became ready (analytics: time to ready), set by the move to ready. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Who cancelled it (issue 32): the customer, the shop, or the server's sweep of unconfirmed orders. */
    cancelledBy: text('cancelled_by', { enum: ['customer', 'shop', 'system'] }),
    /** Why, in the shop's words ('Sold out', 'Too busy', …) or the sweep's; shown to the customer. */
    cancelReason: text('cancel_reason'),
    pickupTime: timestamp('pickup_time', { withTimezone: true }),
    notes: text('notes'),
    /** The customer's Idempotency-Key: a retried placement returns the first order. */
    idempotencyKey: text('idempotency_key'),
    /** A hash of the body placed with the key: the same key with another body is refused, not replayed. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /**
     * Which of the customer's OPEN_ORDERS_PER_SHOP places at this shop the order holds while pending or confirmed
     * (1, 2, 3): unique among their open orders there, so two racing placements cannot both take the last place.
     */
    openSlot: smallint('open_slot'),
    /** issue 26: not_required (paid at the counter), paid, refund_pending, refunded or refund_failed. */
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('not_required'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The Paystack reference and checkout link of an order paid online. */
    paymentReference: text('payment_reference'),
    paymentUrl: text('payment_url'),
    /** issue 30: shown at the counter; unique among the shop's orders picked up on the same local day. */
    pickupCode: text('pickup_code'),
    pickupDay: date('pickup_day', { mode: 'string' }),
    /** issue 29: what a redeemed loyalty card took off the total (its 'Loyalty reward' line); null: none. */
    rewardCents: integer('reward_cents'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_shop_created').on(table.shopId, table.createdAt),
    index('orders_customer').on(table.customerId, table.createdAt),
    uniqueIndex('orders_customer_idempotency_key')
      .on(table.customerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // The orders waiting to be confirmed, counted on every dashboard summary: a few rows per shop, however many
    // orders it has had (status is already in orders_shop_created's INCLUDE, so moves were never HOT updates).
    index('orders_shop_pending').on(table.shopId).where(sql`${table.status} = 'pending'`),
    uniqueIndex('orders_pickup_code').on(table.shopId, table.pickupDay, table.pickupCode),
    uniqueIndex('orders_payment_reference')
      .on(table.paymentReference)
      .where(sql`${table.paymentReference} is not null`),
    uniqueIndex('orders_open_slot')
      .on(table.customerId, table.shopId, table.openSlot)
      .where(sql`${table.status} in ('pending', 'confirmed') and ${table.openSlot} is not null`),
    check('orders_total_positive', sql`${table.totalCents} >= 0`),
  ],
);

/**
 * An online order until it is paid (issue 26): the shop must not see it, so it is not in orders (nor in its lines,
 * messages and analytics rollups) until Paystack confirms the money. Its id is taken from orders' sequence, so the
 * customer sees one order number from placing to pickup; once paid, the order is written under that id
 * (payment_status 'paid' here marks that). Expired, failed and late-refunded ones stay here, as the customer's
 * cancelled orders.
 */
/**
 * The places of a shop's 15-minute pickup slots (issue 30): one row per order (or unpaid online order) that is not
 * cancelled or expired, numbered 1, 2, 3 … within its slot. The primary key decides a race for a slot's last place:
 * of two placements that both saw place 5 free, one insert fails and that placement looks again.
 */
export const slotPlaces = pgTable(
  'slot_places',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    place: smallint('place').notNull(),
    /** The order's number (in orders, or in order_checkouts while unpaid). */
    orderId: integer('order_id').notNull().unique(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.slotAt, table.place] })],
);

export const orderCheckouts = pgTable(
  'order_checkouts',
  {
    orderId: integer('order_id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull().unique(),
    /** The shop's subaccount when the payment was started: the money must settle there. */
    subaccountCode: text('subaccount_code').notNull(),
    /** Paystack's checkout page; null while initialize has not answered. */
    authorizationUrl: text('authorization_url'),
    totalCents: integer('total_cents').notNull(),
    /** Everything needed to write the order once paid: its priced lines, pickup time, notes and names. */
    placing: jsonb('placing').notNull(),
    /** awaiting · paid (the order is in orders) · expired · failed · refund_pending · refunded · refund_failed. */
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('awaiting'),
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /**
     * Which of the customer's OPEN_ORDERS_PER_SHOP places for unpaid online orders at this shop it holds while
     * awaiting (1, 2, 3): an unpaid order holds a pickup place, so a customer cannot hold a shop's slots unpaid.
     */
    openPlace: smallint('open_place'),
    /** When an unpaid checkout is given up (PAYMENT_WINDOW_MINUTES after placing): any instance's sweep finds it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_checkouts_customer').on(table.customerId, table.createdAt),
    uniqueIndex('order_checkouts_customer_idempotency_key')
      .on(table.customerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('order_checkouts_awaiting').on(table.expiresAt).where(sql`${table.paymentStatus} = 'awaiting'`),
    uniqueIndex('order_checkouts_open_place')
      .on(table.customerId, table.shopId, table.openPlace)
      .where(sql`${table.paymentStatus} = 'awaiting' and ${table.openPlace} is not null`),
  ],
);

/**
 * The lines of each order, beside the order's JSON: analytics sums them by shop and time through an index
 * (top items) instead of unpacking every order's JSON. created_at and cancelled copy the order's.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    /** Null once the menu item is deleted; the line keeps its name and price. */
    menuItemId: integer('menu_item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price with the line's options. */
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** [{ id, group, name, priceCents }]: the chosen options as they were when ordered (issue 25). */
    options: jsonb('options').notNull().default(sql`'[]'::jsonb`),
    /** Names of the groups the item offered when ordered: the denominators of analytics' option shares. */
    optionGroups: text('option_groups').array(),
    /** Kept in step with the order's status by the move to cancelled. */
    isCancelled: boolean('is_cancelled').notNull().default(false),
  },
  (table) => [
    index('order_lines_shop_created').on(table.shopId, table.createdAt),
    index('order_lines_order').on(table.orderId),
    // Analytics' option shares read only the lines of items that offered options.
    index('order_lines_shop_options')
      .on(table.shopId, table.createdAt)
      .where(sql`${table.optionGroups} is not null`),
  ],
);

/** Shop page views, one counter per shop and Africa/Johannesburg day (analytics), not a row per view. */
export const shopViews = pgTable(
  'shop_views',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day] })],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    /** The payment provider's transaction reference; one promotion per payment. */
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    durationDays: integer('duration_days').notNull(),
    status: promotionStatus('status').notNull().default('pending'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('promotions_reference_unique').on(table.reference),
    index('promotions_shop').on(table.shopId),
  ],
);

// Analytics rollups (issue 11: the cost of an answer follows the window, not the shop's history). Each is kept by
// triggers on orders, order_lines and messages (migration 0007), so every write path keeps them right: the order
// service, the demo seed, test factories and bulk loads alike. Buckets are UTC hours and UTC days; Johannesburg is
// UTC+2 without daylight saving, so an hour bucket is one local hour too. Why rollups and how an answer stays exact
// with them: docs/decisions/0004-analytics-rollups.md.

/**
 * What shop_order_hours and shop_order_days count of the orders placed in their hour or day: a count per status,
 * revenue, and where the customers' latest orders fall. A function, so each table gets columns of its own.
 */
const orderCounters = () => ({
  shopId: integer('shop_id')
    .notNull()
    .references(() => coffeeShops.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull().default(0),
  confirmed: integer('confirmed').notNull().default(0),
  preparing: integer('preparing').notNull().default(0),
  ready: integer('ready').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  /** total_cents of the orders not cancelled. */
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  /** Customers whose latest order at this shop was placed in this hour or day (unique customers of a window). */
  customersLatest: integer('customers_latest').notNull().default(0),
  /** Customers whose second-latest order at this shop was placed in this hour or day (repeat customers). */
  customersSecondLatest: integer('customers_second_latest').notNull().default(0),
});

/** Orders of a shop placed in one UTC hour: a count per status, revenue, and where its customers' latest orders fall. */
export const shopOrderHours = pgTable(
  'shop_order_hours',
  {
    ...orderCounters(),
    /** The start of the UTC hour. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.hour] })],
);

/**
 * shop_order_hours summed per Africa/Johannesburg day (migration 0009), kept in the same statements as the hours:
 * a window's whole local days are one row each, whatever the shop's volume, and `hourly_orders` (orders per local
 * hour, 0-23) keeps the heat map and peak hours without the day's 24 hour rows.
 */
export const shopOrderDays = pgTable(
  'shop_order_days',
  {
    ...orderCounters(),
    /** The local calendar day. */
    day: date('day').notNull(),
    /** Orders (every status) placed in each local hour of the day, 24 entries. */
    hourlyOrders: integer('hourly_orders').array().notNull().default(sql`array_fill(0, array[24])`),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day] })],
);

/**
 * Each customer's two latest orders at a shop: a customer ordered in a window ending now when the latest is in it,
 * twice or more when the second-latest is. customer_id has no foreign key on purpose: when a customer is deleted,
 * the trigger on orders must still find this row to take the customer out of shop_order_hours.
 */
export const shopCustomers = pgTable(
  'shop_customers',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    latestAt: timestamp('latest_at', { withTimezone: true }),
    secondLatestAt: timestamp('second_latest_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.customerId] }),
    index('shop_customers_latest').on(table.shopId, table.latestAt),
    index('shop_customers_second_latest').on(table.shopId, table.secondLatestAt),
  ],
);

/**
 * Items sold (lines of orders not cancelled) per shop, bucket and name, in UTC hours (hours = 1) and UTC days
 * (hours = 24): a window's whole days are read from day rows, the hours around its ends from hour rows.
 */
export const shopItemSales = pgTable(
  'shop_item_sales',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    /** The bucket's length in hours: 1 or 24. */
    hours: smallint('hours').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.hours, table.bucket, table.name] })],
);

/**
 * How many orders placed in a bucket (UTC hour or day, as in shop_item_sales) became ready after each whole
 * number of minutes: where the median time to ready lies, to the minute; the exact value is then read from the
 * orders of that minute alone (index orders_shop_ready_minute, migration 0007).
 */
export const shopReadyMinutes = pgTable(
  'shop_ready_minutes',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    hours: smallint('hours').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    minute: integer('minute').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.hours, table.bucket, table.minute] })],
);

/**
 * Messages per conversation (shop and customer): Quick Stats' total without counting every message. One row per
 * conversation rather than per shop, so two conversations never wait for each other's count. People's messages only
 * (message_type 'text', migration 0023): order cards and status lines are the orders' figures, not messages.
 */
export const shopMessageCounts = pgTable(
  'shop_message_counts',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.customerId] })],
);

/**
 * Abuse limits every instance shares (src/server/limits/shared-counter.ts, docs/decisions/0006): one row per
 * counted thing ('rate:POST /api/auth/register:10.0.0.1', 'login:account:a@b.co'), moved only by single
 * conditional upserts, so two instances or twenty concurrent requests cannot both take the last place. A row whose
 * reset_at has passed counts as absent and is deleted by a periodic sweep (hence the index). Migration 0012 makes it
 * UNLOGGED (drizzle cannot say so): counts need no WAL flush, and a crash forgets them as a restart used to.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When this window (or run of failures) began: with the key, it names the window a take-back belongs to. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The latest counted hit: a backoff's delay runs from here. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    /** From then on the row is as good as absent. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('limit_counters_reset_at').on(table.resetAt)],
);

/**
 * Work that can wait (CONVENTIONS rule 20): written in the same transaction as the change that causes it, then
 * claimed by a worker on any instance (FOR UPDATE SKIP LOCKED), done, and marked; retried with backoff, then given
 * up (done_at with last_error). src/server/outbox.ts.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do: 'receipt_mail'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /** When the row may be claimed (again): a claim moves it on by the backoff, so a crashed worker's row returns. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_due').on(table.nextAttemptAt).where(sql`${table.doneAt} is null`)],
);

/**
 * A device's Web Push subscription (issue 27): one row per endpoint, which belongs to whoever signed in on that
 * device last. The keys encrypt what is sent to it (RFC 8291). features/push/.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The session it was turned on in: ending that session (sign out, elsewhere too) ends its pushes (issue 28). */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** When it was last given (again) by its device: the oldest goes first past MAX_PUSH_SUBSCRIPTIONS_PER_USER. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint').on(table.endpoint),
    index('push_subscriptions_user').on(table.userId, table.updatedAt),
  ],
);

/** What a user wants pushed (issue 27); no row: everything on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderUpdates: boolean('order_updates').notNull().default(true),
  newOrders: boolean('new_orders').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
});

/**
 * Who has a live socket open, per instance (issue 27: a chat message is pushed only to someone with no open
 * socket). Each instance writes its own users' counts and refreshes seen_at; an instance that died stops
 * refreshing, and its rows stop counting after PRESENCE_FRESH_SECONDS. realtime/presence.ts.
 */
export const socketPresence = pgTable(
  'socket_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: integer('user_id').notNull(),
    sockets: integer('sockets').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.userId] }),
    index('socket_presence_user').on(table.userId),
  ],
);

/**
 * One stamp per completed order (issue 29): the order is the key, so a retried or racing completion writes it once.
 * A redeemed order spends stamps_required of a card's oldest live stamps by naming itself in redeemed_by (its order
 * id, or its checkout's while unpaid, which becomes the order's); cancelling it before it is made clears them again.
 * Stamps older than 12 months no longer count (LOYALTY_STAMP_MONTHS).
 */
export const loyaltyStamps = pgTable(
  'loyalty_stamps',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => coffeeShops.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    redeemedBy: integer('redeemed_by'),
  },
  (table) => [
    // A customer's stamps at a shop, oldest first: their cards, and the stamps a redemption spends.
    index('loyalty_stamps_card').on(table.customerId, table.shopId, table.createdAt),
    index('loyalty_stamps_shop').on(table.shopId, table.createdAt),
    index('loyalty_stamps_redeemed_by').on(table.redeemedBy).where(sql`${table.redeemedBy} is not null`),
  ],
);
