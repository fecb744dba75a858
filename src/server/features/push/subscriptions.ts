// Devices' push subscriptions and what each user wants pushed (issue 27).
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  type NotificationPreferences,
  type PushSubscriptionBody,
} from '../../../shared/api/push.js';
import type { Database } from '../../db/client.js';
import { notificationPreferences, pushSubscriptions } from '../../db/schema.js';

/** The advisory lock's first key, beside the user's id (auth/service.ts uses another). */
const SUBSCRIBE_LOCK = 0x50_5b5b;

/**
 * Keeps a device's subscription for the user, in the session it was turned on in (ending the session ends it): one
 * row per endpoint, so the same endpoint again updates its keys and moves it to this user (someone else signed in
 * on that device); past MAX_PUSH_SUBSCRIPTIONS_PER_USER the user's least recently given ones go. One transaction: two devices subscribing at once leave at most the limit.
 */
export async function saveSubscription(
  db: Database,
  user: { id: number; sid: string },
  body: PushSubscriptionBody,
): Promise<void> {
  const userId = user.id;
  await db.transaction(async (tx) => {
    // Serialises this user's subscribes, so the count below is the count.
    await tx.execute(sql`select pg_advisory_xact_lock(${SUBSCRIBE_LOCK}::int, ${userId}::int)`);
    await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        sessionId: user.sid,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          sessionId: user.sid,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          updatedAt: sql`now()`,
        },
      });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .offset(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    if (kept.length > 0) {
      await tx.execute(
        sql`delete from ${pushSubscriptions} where id in (${sql.join(
          kept.map((row) => sql`${row.id}`),
          sql`, `,
        )})`,
      );
    }
  });
}

/** Forgets the user's own subscription with this endpoint; false when the user has none such. */
export async function deleteSubscription(db: Database, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

const ALL_ON: NotificationPreferences = { orderUpdates: true, newOrders: true, messages: true };

export async function preferencesOf(db: Database, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      orderUpdates: notificationPreferences.orderUpdates,
      newOrders: notificationPreferences.newOrders,
      messages: notificationPreferences.messages,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? ALL_ON;
}

export async function savePreferences(
  db: Database,
  userId: number,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: preferences });
  return preferences;
}
