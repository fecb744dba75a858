// Everything the marketplace holds about one person, as one JSON document (POPIA s23, issue 28): profile, sessions,
// favourites, reviews, conversations and messages, orders with lines and payments, devices and preferences, and
// for owners their shops with menus, hours, promotions and payout (last 4 digits only). Nobody else's records.
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  businessHours,
  coffeeShops,
  favorites,
  menuItems,
  messages,
  notificationPreferences,
  orderLines,
  orders,
  promotions,
  pushSubscriptions,
  reviews,
  sessions,
  specialHours,
  users,
} from '../../db/schema.js';

export async function exportAccount(db: Database, userId: number) {
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const shops = await db
    .select({
      id: coffeeShops.id,
      name: coffeeShops.name,
      description: coffeeShops.description,
      address: coffeeShops.address,
      category: coffeeShops.category,
      phone: coffeeShops.phone,
      email: coffeeShops.email,
      acceptingOrders: coffeeShops.acceptingOrders,
      createdAt: coffeeShops.createdAt,
      payout: {
        bankName: coffeeShops.payoutBankName,
        accountLast4: coffeeShops.payoutAccountLast4,
      },
    })
    .from(coffeeShops)
    .where(eq(coffeeShops.ownerId, userId))
    .orderBy(asc(coffeeShops.id));
  const shopIds = shops.map((shop) => shop.id);

  const myOrders = await db
    .select({
      id: orders.id,
      shopId: orders.shopId,
      shopName: coffeeShops.name,
      status: orders.status,
      totalCents: orders.totalCents,
      pickupTime: orders.pickupTime,
      notes: orders.notes,
      statusHistory: orders.statusHistory,
      paymentStatus: orders.paymentStatus,
      paymentReference: orders.paymentReference,
      paidAt: orders.paidAt,
      pickupCode: orders.pickupCode,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orders.shopId))
    .where(eq(orders.customerId, userId))
    .orderBy(asc(orders.id));
  const lines =
    myOrders.length > 0
      ? await db
          .select({
            orderId: orderLines.orderId,
            name: orderLines.name,
            quantity: orderLines.quantity,
            priceCents: orderLines.priceCents,
            options: orderLines.options,
          })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              myOrders.map((order) => order.id),
            ),
          )
      : [];

  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Brew Connect holds about you (POPIA section 23). Money is in cents (ZAR); times are UTC.',
    profile,
    sessions: await db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        address: sessions.address,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    favorites: await db
      .select({ shopId: favorites.shopId, shopName: coffeeShops.name, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(coffeeShops, eq(coffeeShops.id, favorites.shopId))
      .where(eq(favorites.userId, userId)),
    reviews: await db
      .select({
        shopId: reviews.shopId,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, userId)),
    // The conversations one is in: as the customer, and as the owner of a shop.
    messages: await db
      .select({
        id: messages.id,
        shopId: messages.shopId,
        customerId: messages.customerId,
        senderId: messages.senderId,
        content: messages.content,
        messageType: messages.messageType,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        shopIds.length > 0
          ? or(eq(messages.customerId, userId), inArray(messages.shopId, shopIds))
          : eq(messages.customerId, userId),
      )
      .orderBy(asc(messages.id)),
    orders: myOrders.map((order) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id),
    })),
    pushSubscriptions: (
      await db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
    ).map((device) => ({ pushService: new URL(device.endpoint).host, createdAt: device.createdAt })),
    notificationPreferences:
      (
        await db
          .select({
            orderUpdates: notificationPreferences.orderUpdates,
            newOrders: notificationPreferences.newOrders,
            messages: notificationPreferences.messages,
          })
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, userId))
      )[0] ?? null,
    shops: await Promise.all(
      shops.map(async (shop) => ({
        ...shop,
        menu: await db
          .select({
            name: menuItems.name,
            description: menuItems.description,
            priceCents: menuItems.priceCents,
            category: menuItems.category,
          })
          .from(menuItems)
          .where(eq(menuItems.shopId, shop.id)),
        hours: await db
          .select({
            dayOfWeek: businessHours.dayOfWeek,
            openTime: businessHours.openTime,
            closeTime: businessHours.closeTime,
          })
          .from(businessHours)
          .where(eq(businessHours.shopId, shop.id)),
        specialDays: await db
          .select({
            date: specialHours.date,
            openTime: specialHours.openTime,
            closeTime: specialHours.closeTime,
          })
          .from(specialHours)
          .where(eq(specialHours.shopId, shop.id)),
        promotions: await db
          .select({
            reference: promotions.reference,
            amountCents: promotions.amountCents,
            durationDays: promotions.durationDays,
            status: promotions.status,
            createdAt: promotions.createdAt,
          })
          .from(promotions)
          .where(eq(promotions.shopId, shop.id)),
      })),
    ),
  };
}
