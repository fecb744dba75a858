// Delivering push notifications off the request path (issue 27). The change that causes one (an order move, a new
// order, a chat message) writes one outbox row per device of the user in its own statement (enqueue.ts); a worker
// on any instance claims each row once (FOR UPDATE SKIP LOCKED) and here: checks the device is still the user's,
// the user's preferences and, for a chat message, that no socket of theirs is open; words it from the order or
// message as it is now; and sends it. 201 done; 404/410 the subscription is deleted; 429/5xx or no answer retried
// with backoff (not before Retry-After) within the outbox's limits; any other answer given up.
import { and, eq, sql } from 'drizzle-orm';
import { fitPushPayload } from '../../../shared/api/push.js';
import type { Database } from '../../db/client.js';
import { notificationPreferences, pushSubscriptions } from '../../db/schema.js';
import type { PushSender } from '../../integrations/push.js';
import { GiveUp, RetryLater } from '../../outbox.js';
import { hasOpenSocket } from '../../realtime/presence.js';
import { composeNotification, type PushEvent, preferenceOf } from './notifications.js';

/** One event for one device, as written by the change (enqueue.ts). */
type DevicePush = PushEvent & { subscriptionId: number; endpoint: string };

export function pushHandlers(db: Database, sender: PushSender | undefined) {
  return {
    async push(payload: unknown) {
      const push = payload as DevicePush;
      if (!sender) return; // push was turned off since it was written
      // A push service that stopped answering is left alone: no other work is done for its rows meanwhile.
      const wait = sender.leftAlone(push.endpoint);
      if (wait > 0) throw new RetryLater('its push service is left alone for now', wait, true);
      // Still this user's (a device someone else has signed in on since gets nothing meant for the first), and
      // what the user wants pushed, in one look-up.
      const [device] = await db
        .select({
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          orderUpdates: sql<boolean>`coalesce(${notificationPreferences.orderUpdates}, true)`,
          newOrders: sql<boolean>`coalesce(${notificationPreferences.newOrders}, true)`,
          messages: sql<boolean>`coalesce(${notificationPreferences.messages}, true)`,
        })
        .from(pushSubscriptions)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, pushSubscriptions.userId))
        .where(
          and(
            eq(pushSubscriptions.id, push.subscriptionId),
            eq(pushSubscriptions.userId, push.userId),
            eq(pushSubscriptions.endpoint, push.endpoint),
          ),
        );
      if (!device?.[preferenceOf(push)]) return;
      // Someone with the app open hears a message live; a push would say it twice.
      if (push.kind === 'message' && (await hasOpenSocket(db, push.userId))) return;
      const notification = await composeNotification(db, push);
      if (!notification) return;
      const result = await sender.send(
        { endpoint: push.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        fitPushPayload(notification.payload),
        notification.options,
      );
      if (result.outcome === 'sent') return;
      if (result.outcome === 'gone') {
        // The browser unsubscribed or the subscription expired: it will never take a push again.
        await db
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.id, push.subscriptionId), eq(pushSubscriptions.endpoint, push.endpoint)),
          );
        return;
      }
      if (result.outcome === 'refused') throw new GiveUp(result.reason);
      throw new RetryLater(result.reason, result.afterSeconds ?? 0, result.quiet);
    },
  };
}
