// Everything the marketplace holds about one person, as one JSON document (POPIA s23, issue 28): profile, sessions,
// codes mailed, favourites, reviews, conversations with their read markers, orders with lines and payments, online
// orders never paid, stamps, devices and preferences, and for owners their shops with menus, option groups, hours,
// promotions, payout (last 4 digits only) and their replies to reviews. Nobody else's records.
import { and, asc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  businessHours,
  coffeeShops,
  conversationReads,
  favorites,
  loyaltyStamps,
  menuItemOptionGroups,
  menuItems,
  messages,
  notificationPreferences,
  optionGroups,
  options,
  orderCheckouts,
  orderLines,
  orders,
  promotions,
  pushSubscriptions,
  reviews,
  sessions,
  specialHours,
  users,
  verificationCodes,
} from '../../db/schema.js';
import type { StoredPlacing } from '../orders/checkouts.js';
import { storedLinesOf } from '../orders/order-row.js';

export async function exportAccount(db: Database, userId: number) {
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
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
      imageUrl: coffeeShops.imageUrl,
      latitude: coffeeShops.latitude,
      longitude: coffeeShops.longitude,
      locationApproximate: coffeeShops.locationApproximate,
      deliveryTime: coffeeShops.deliveryTime,
      deliveryFeeCents: coffeeShops.deliveryFeeCents,
      acceptingOrders: coffeeShops.acceptingOrders,
      onlinePayment: coffeeShops.onlinePayment,
      prepMinutes: coffeeShops.prepMinutes,
      maxOrdersPerSlot: coffeeShops.maxOrdersPerSlot,
      busyExtraMinutes: coffeeShops.busyExtraMinutes,
      busyUntil: coffeeShops.busyUntil,
      autoCancelMinutes: coffeeShops.autoCancelMinutes,
      loyalty: {
        enabled: coffeeShops.loyaltyEnabled,
        stampsRequired: coffeeShops.loyaltyStampsRequired,
        reward: coffeeShops.loyaltyReward,
        rewardMaxCents: coffeeShops.loyaltyRewardMaxCents,
      },
      isPromoted: coffeeShops.isPromoted,
      promotionExpiresAt: coffeeShops.promotionExpiresAt,
      removedAt: coffeeShops.removedAt,
      createdAt: coffeeShops.createdAt,
      // The payout account as it is kept: the bank and the last 4 digits. The Paystack subaccount's code is the
      // provider's key to the account, not something about the owner, and is never sent to clients.
      payout: {
        bankCode: coffeeShops.payoutBankCode,
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
      rewardCents: orders.rewardCents,
      pickupTime: orders.pickupTime,
      notes: orders.notes,
      statusHistory: orders.statusHistory,
      cancelledBy: orders.cancelledBy,
      cancelReason: orders.cancelReason,
      readyAt: orders.readyAt,
      paymentStatus: orders.paymentStatus,
      paymentReference: orders.paymentReference,
      paymentUrl: orders.paymentUrl,
      paidAt: orders.paidAt,
      pickupCode: orders.pickupCode,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
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
          .orderBy(asc(orderLines.id))
      : [];
  // Online orders never paid (awaiting, expired, failed, refunded after a late payment): the paid ones are in
  // orders under the same number, above.
  const checkouts = await db
    .select({
      orderId: orderCheckouts.orderId,
      shopId: orderCheckouts.shopId,
      shopName: coffeeShops.name,
      paymentStatus: orderCheckouts.paymentStatus,
      reference: orderCheckouts.reference,
      authorizationUrl: orderCheckouts.authorizationUrl,
      totalCents: orderCheckouts.totalCents,
      placing: orderCheckouts.placing,
      expiresAt: orderCheckouts.expiresAt,
      createdAt: orderCheckouts.createdAt,
      updatedAt: orderCheckouts.updatedAt,
    })
    .from(orderCheckouts)
    .innerJoin(coffeeShops, eq(coffeeShops.id, orderCheckouts.shopId))
    .where(and(eq(orderCheckouts.customerId, userId), ne(orderCheckouts.paymentStatus, 'paid')))
    .orderBy(asc(orderCheckouts.orderId));

  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Brew Connect holds about you (POPIA section 23). Money is in cents (ZAR); times are UTC.',
    profile,
    sessions: await db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        userAgent: sessions.userAgent,
        address: sessions.address,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    // The codes mailed for the account (a password reset, a new email address), without the codes themselves
    // (kept only as hashes) and without the address that asked: a reset can be asked for by anyone.
    codes: await db
      .select({
        purpose: verificationCodes.purpose,
        email: verificationCodes.email,
        createdAt: verificationCodes.createdAt,
        expiresAt: verificationCodes.expiresAt,
        failedAttempts: verificationCodes.failedAttempts,
        spentAt: verificationCodes.spentAt,
      })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, userId))
      .orderBy(asc(verificationCodes.id)),
    favorites: await db
      .select({ shopId: favorites.shopId, shopName: coffeeShops.name, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(coffeeShops, eq(coffeeShops.id, favorites.shopId))
      .where(eq(favorites.userId, userId)),
    reviews: await db
      .select({
        id: reviews.id,
        shopId: reviews.shopId,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.id)),
    // The conversations one is in: as the customer, and as the owner of a shop.
    messages: await db
      .select({
        id: messages.id,
        shopId: messages.shopId,
        customerId: messages.customerId,
        senderId: messages.senderId,
        receiverId: messages.receiverId,
        content: messages.content,
        messageType: messages.messageType,
        orderData: messages.orderData,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        shopIds.length > 0
          ? or(eq(messages.customerId, userId), inArray(messages.shopId, shopIds))
          : eq(messages.customerId, userId),
      )
      .orderBy(asc(messages.id)),
    // How far one has read each conversation.
    conversationReads: await db
      .select({
        shopId: conversationReads.shopId,
        customerId: conversationReads.customerId,
        lastReadMessageId: conversationReads.lastReadMessageId,
        readAt: conversationReads.readAt,
      })
      .from(conversationReads)
      .where(eq(conversationReads.userId, userId))
      .orderBy(asc(conversationReads.shopId), asc(conversationReads.customerId)),
    orders: myOrders.map((order) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _orderId, ...line }) => line),
    })),
    onlineCheckouts: checkouts.map(({ placing, ...checkout }) => {
      const { order } = placing as StoredPlacing;
      return {
        ...checkout,
        pickupTime: order.pickupTime,
        notes: order.notes,
        lines: storedLinesOf({ lines: order.lines, reward: order.reward ?? null }).map((line) => ({
          name: line.name,
          quantity: line.quantity,
          priceCents: line.priceCents,
          options: line.options ?? [],
        })),
      };
    }),
    loyaltyStamps: await db
      .select({
        orderId: loyaltyStamps.orderId,
        shopId: loyaltyStamps.shopId,
        shopName: coffeeShops.name,
        createdAt: loyaltyStamps.createdAt,
        redeemedBy: loyaltyStamps.redeemedBy,
      })
      .from(loyaltyStamps)
      .innerJoin(coffeeShops, eq(coffeeShops.id, loyaltyStamps.shopId))
      .where(eq(loyaltyStamps.customerId, userId))
      .orderBy(asc(loyaltyStamps.createdAt), asc(loyaltyStamps.orderId)),
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
    // An owner's public answers to reviews of their shops: the answer, not the customer's review it answers.
    reviewReplies:
      shopIds.length > 0
        ? await db
            .select({
              reviewId: reviews.id,
              shopId: reviews.shopId,
              replyText: reviews.replyText,
              replyCreatedAt: reviews.replyCreatedAt,
              replyUpdatedAt: reviews.replyUpdatedAt,
            })
            .from(reviews)
            .where(and(inArray(reviews.shopId, shopIds), isNotNull(reviews.replyText)))
            .orderBy(asc(reviews.id))
        : [],
    shops: await Promise.all(shops.map((shop) => shopRecords(db, shop))),
  };
}

/** One of the owner's shops with its menu, option groups, hours, special days and promotions. */
async function shopRecords<Shop extends { id: number }>(db: Database, shop: Shop) {
  const menu = await db
    .select({
      id: menuItems.id,
      name: menuItems.name,
      description: menuItems.description,
      priceCents: menuItems.priceCents,
      category: menuItems.category,
      imageUrl: menuItems.imageUrl,
      isAvailable: menuItems.isAvailable,
      preparationTime: menuItems.preparationTime,
      ingredients: menuItems.ingredients,
      allergens: menuItems.allergens,
      calories: menuItems.calories,
      isVegan: menuItems.isVegan,
      isGlutenFree: menuItems.isGlutenFree,
      createdAt: menuItems.createdAt,
    })
    .from(menuItems)
    .where(eq(menuItems.shopId, shop.id))
    .orderBy(asc(menuItems.id));
  const groups = await db
    .select({
      id: optionGroups.id,
      name: optionGroups.name,
      minSelected: optionGroups.minSelected,
      maxSelected: optionGroups.maxSelected,
      createdAt: optionGroups.createdAt,
    })
    .from(optionGroups)
    .where(eq(optionGroups.shopId, shop.id))
    .orderBy(asc(optionGroups.id));
  const groupIds = groups.map((group) => group.id);
  const choices =
    groupIds.length > 0
      ? await db
          .select({
            groupId: options.groupId,
            name: options.name,
            priceCents: options.priceCents,
            isDefault: options.isDefault,
            isAvailable: options.isAvailable,
          })
          .from(options)
          .where(inArray(options.groupId, groupIds))
          .orderBy(asc(options.position), asc(options.id))
      : [];
  const offeredBy =
    groupIds.length > 0
      ? await db
          .select({ groupId: menuItemOptionGroups.groupId, menuItemId: menuItemOptionGroups.menuItemId })
          .from(menuItemOptionGroups)
          .where(inArray(menuItemOptionGroups.groupId, groupIds))
          .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position))
      : [];
  return {
    ...shop,
    menu,
    optionGroups: groups.map((group) => ({
      ...group,
      options: choices
        .filter((choice) => choice.groupId === group.id)
        .map(({ groupId: _groupId, ...choice }) => choice),
      menuItemIds: offeredBy.filter((link) => link.groupId === group.id).map((link) => link.menuItemId),
    })),
    hours: await db
      .select({
        dayOfWeek: businessHours.dayOfWeek,
        openTime: businessHours.openTime,
        closeTime: businessHours.closeTime,
        isClosed: businessHours.isClosed,
      })
      .from(businessHours)
      .where(eq(businessHours.shopId, shop.id))
      .orderBy(asc(businessHours.dayOfWeek)),
    specialDays: await db
      .select({
        date: specialHours.date,
        openTime: specialHours.openTime,
        closeTime: specialHours.closeTime,
        isClosed: specialHours.isClosed,
        note: specialHours.note,
      })
      .from(specialHours)
      .where(eq(specialHours.shopId, shop.id))
      .orderBy(asc(specialHours.date)),
    promotions: await db
      .select({
        reference: promotions.reference,
        amountCents: promotions.amountCents,
        durationDays: promotions.durationDays,
        status: promotions.status,
        startDate: promotions.startDate,
        endDate: promotions.endDate,
        createdAt: promotions.createdAt,
      })
      .from(promotions)
      .where(eq(promotions.shopId, shop.id))
      .orderBy(asc(promotions.id)),
  };
}
