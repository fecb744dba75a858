// Deleting one's account (POPIA s24, issue 28): refused with 409 while something is under way, checked and erased in
// one transaction that holds the rows an order placement writes against, so an order being written is waited for.
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { DELETED_CUSTOMER_NAME } from '../../../shared/api/account.js';
import { PAYMENT_WINDOW_MINUTES } from '../../../shared/api/payments.js';
import type { Database, Transaction } from '../../db/client.js';
import {
  businessHours,
  coffeeShops,
  favorites,
  menuItems,
  notificationPreferences,
  optionGroups,
  orderCheckouts,
  orders,
  outbox,
  promotions,
  pushSubscriptions,
  sessions,
  specialHours,
  users,
  verificationCodes,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { revokeSessions } from '../auth/sessions.js';

const OPEN_ORDER = ['pending', 'confirmed', 'preparing', 'ready'] as const;

/**
 * Deletes the account, or refuses with 409 while something is under way. A customer: their sessions, favourites,
 * devices and preferences go; the row stays for the shops' records (orders, reviews, chat) with the name 'Deleted
 * customer' and no email or password, and their unpaid online orders (order_checkouts) lose their name too. An
 * owner likewise, and their shops leave discovery with their menus, option groups, hours and payout; past orders
 * keep the shop's name. Resolves with the sessions ended and the shops removed.
 *
 * The refusals are checked inside the transaction, after locking (FOR UPDATE) the owner's live shops and then the
 * user's row. Placing an order or an online checkout writes rows whose foreign keys name that shop and that
 * customer, and PostgreSQL's check of a foreign key takes FOR KEY SHARE on the row it names, which FOR UPDATE
 * excludes: a placement whose row is being written when the deletion starts is waited for, then refuses the
 * deletion. The shops are locked before the user because a placement's statement checks its shop (the order's key)
 * before the owner (its chat message's receiver): the same order on both sides, so they wait instead of deadlocking.
 * What the lock cannot stop: a placement that read the shop before the deletion and writes after it has committed
 * waits for the lock and then finds both rows still there (they stay, marked removed or deleted). Closing that needs
 * the placement's own insert to re-read the shop and customer FOR KEY SHARE (orders/service.ts, orders/payment.ts).
 */
export async function deleteAccount(
  db: Database,
  userId: number,
): Promise<{ ended: string[]; shopIds: number[] }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const ownShops = await tx
      .select({ id: coffeeShops.id, name: coffeeShops.name })
      .from(coffeeShops)
      .where(and(eq(coffeeShops.ownerId, userId), isNull(coffeeShops.removedAt)))
      .orderBy(asc(coffeeShops.id))
      .for('update');
    const [account] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    // Deleted meanwhile (another request of the same person got there first).
    if (!account) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
    await refuseWhileUnderWay(tx, userId, ownShops, now);

    const shopIds = ownShops.map((shop) => shop.id);
    if (shopIds.length > 0) {
      await tx.delete(menuItems).where(inArray(menuItems.shopId, shopIds));
      await tx.delete(optionGroups).where(inArray(optionGroups.shopId, shopIds));
      await tx.delete(businessHours).where(inArray(businessHours.shopId, shopIds));
      await tx.delete(specialHours).where(inArray(specialHours.shopId, shopIds));
      await tx.delete(favorites).where(inArray(favorites.shopId, shopIds));
      await tx
        .update(coffeeShops)
        .set({
          removedAt: now,
          acceptingOrders: false,
          isPromoted: false,
          paystackSubaccountCode: null,
          payoutBankCode: null,
          payoutBankName: null,
          payoutAccountLast4: null,
        })
        .where(inArray(coffeeShops.id, shopIds));
    }
    await tx.delete(favorites).where(eq(favorites.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    // Unpaid, expired, failed and refunded online orders keep the name the customer had when placing them (it is
    // what the customer's order list shows): erased as on orders, reviews and messages.
    await tx
      .update(orderCheckouts)
      .set({
        placing: sql`jsonb_set(${orderCheckouts.placing}, '{names,customerName}', to_jsonb(${DELETED_CUSTOMER_NAME}::text))`,
      })
      .where(eq(orderCheckouts.customerId, userId));
    // The outbox's rows about the person, sent or not: mails to their address (codes, notices, receipts), reset
    // requests for it, and pushes to their devices. Done rows are otherwise kept; nothing about them is sent now.
    await tx.delete(outbox).where(
      or(
        sql`${outbox.kind} in ('mail', 'receipt_mail', 'password_reset') and (${outbox.payload}->>'to' = ${account.email}
            or ${outbox.payload}->>'email' = ${account.email})`,
        sql`${outbox.kind} = 'push' and ${outbox.payload}->>'userId' = ${String(userId)}`,
      ),
    );
    const ended = await revokeSessions(tx, { userId, all: true });
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The email is erased (the same address may sign up again as someone new); the name becomes 'Deleted customer'.
    await tx
      .update(users)
      .set({
        username: DELETED_CUSTOMER_NAME,
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: '!',
        deletedAt: now,
      })
      .where(eq(users.id, userId));
    return { ended, shopIds };
  });
}

/**
 * 409 naming what is under way: an order still open (the customer's, or at one of the owner's shops), an online
 * order still waiting for its payment (ditto), or a promotion of the owner's that is running or whose payment was
 * started within PAYMENT_WINDOW_MINUTES. An older unpaid promotion counts as abandoned, so a checkout left open on
 * Paystack cannot keep an owner from deleting their account for ever.
 */
async function refuseWhileUnderWay(
  tx: Transaction,
  userId: number,
  ownShops: { id: number; name: string }[],
  now: Date,
) {
  const shopIds = ownShops.map((shop) => shop.id);
  const isOwn = (shopId: number) => shopIds.includes(shopId);
  const [open] = await tx
    .select({ id: orders.id, status: orders.status, shopId: orders.shopId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...OPEN_ORDER]),
        shopIds.length > 0
          ? or(eq(orders.customerId, userId), inArray(orders.shopId, shopIds))
          : eq(orders.customerId, userId),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  if (open) {
    throw new HttpError(
      409,
      isOwn(open.shopId)
        ? `Your shop has order #${open.id} still ${open.status}: finish or cancel it first`
        : `Your order #${open.id} is still ${open.status}: wait until it is collected or cancelled`,
    );
  }
  const [awaiting] = await tx
    .select({ id: orderCheckouts.orderId, shopId: orderCheckouts.shopId })
    .from(orderCheckouts)
    .where(
      and(
        eq(orderCheckouts.paymentStatus, 'awaiting'),
        shopIds.length > 0
          ? or(eq(orderCheckouts.customerId, userId), inArray(orderCheckouts.shopId, shopIds))
          : eq(orderCheckouts.customerId, userId),
      ),
    )
    .orderBy(asc(orderCheckouts.orderId))
    .limit(1);
  if (awaiting) {
    throw new HttpError(
      409,
      isOwn(awaiting.shopId)
        ? `Your shop has order #${awaiting.id} still waiting for payment: delete your account once it is paid and collected, or has expired`
        : `Your order #${awaiting.id} is still waiting for payment: pay for it or let it expire first`,
    );
  }
  if (shopIds.length === 0) return;
  const nameOf = (shopId: number) => ownShops.find((shop) => shop.id === shopId)?.name ?? 'Your shop';
  // Running: activation extends the shop's promotion_expires_at (and the promotion's end_date with it).
  const [running] = await tx
    .select({ shopId: coffeeShops.id })
    .from(coffeeShops)
    .where(and(inArray(coffeeShops.id, shopIds), gt(coffeeShops.promotionExpiresAt, now)))
    .limit(1);
  if (running)
    throw new HttpError(
      409,
      `${nameOf(running.shopId)} has a promotion running: delete your account once it ends`,
    );
  const paymentStarted = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000);
  const [pending] = await tx
    .select({ shopId: promotions.shopId })
    .from(promotions)
    .where(
      and(
        inArray(promotions.shopId, shopIds),
        eq(promotions.status, 'pending'),
        gt(promotions.createdAt, paymentStarted),
      ),
    )
    .limit(1);
  if (pending)
    throw new HttpError(
      409,
      `${nameOf(pending.shopId)} has a promotion waiting for payment: delete your account once it has ended, or in ${PAYMENT_WINDOW_MINUTES} minutes if it is not paid`,
    );
}
