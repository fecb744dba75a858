// Delivering push notifications off the request path (issue 27), as two kinds of outbox work:
//   push       an event for one user (written with the change): checked against their preferences and, for a chat
//              message, their open sockets; worded; then one push_send row per device of theirs, written in the
//              same transaction that marks the event done, so each device gets each event at most once.
//   push_send  one notification to one device: 201 done; 404/410 the subscription is deleted; 429/5xx or no
//              answer retried with backoff (not before Retry-After), within the outbox's limits; other 4xx given up.
import { and, eq, isNull } from 'drizzle-orm';
import type { PushPayload } from '../../../shared/api/push.js';
import type { Database } from '../../db/client.js';
import { outbox, pushSubscriptions } from '../../db/schema.js';
import type { PushOptions, PushSender } from '../../integrations/push.js';
import { GiveUp, type OutboxRow, RetryLater } from '../../outbox.js';
import { hasOpenSocket } from '../../realtime/presence.js';
import { composeNotification, type PushEvent, preferenceOf } from './notifications.js';
import { preferencesOf } from './subscriptions.js';

/** One push to one device: which subscription (as it was when the event was fanned out) and what to send. */
interface PushSend {
  subscriptionId: number;
  userId: number;
  endpoint: string;
  payload: PushPayload;
  options: PushOptions;
}

export function pushHandlers(db: Database, sender: PushSender | undefined, kick: () => void) {
  return {
    async push(payload: unknown, row: OutboxRow) {
      const event = payload as PushEvent;
      if (!sender) return; // push was turned off since it was written
      const wanted = await preferencesOf(db, event.userId);
      if (!wanted[preferenceOf(event)]) return;
      // Someone with the app open hears a message live; a push would say it twice.
      if (event.kind === 'message' && (await hasOpenSocket(db, event.userId))) return;
      const notification = await composeNotification(db, event);
      if (!notification) return;
      const fannedOut = await db.transaction(async (tx) => {
        // Marked done here, with the sends written, or not at all: a second worker (or a retry) finds it done.
        const [claimed] = await tx
          .update(outbox)
          .set({ doneAt: new Date() })
          .where(and(eq(outbox.id, row.id), isNull(outbox.doneAt)))
          .returning({ id: outbox.id });
        if (!claimed) return 0;
        const devices = await tx
          .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, event.userId));
        if (devices.length === 0) return 0;
        await tx.insert(outbox).values(
          devices.map((device) => ({
            kind: 'push_send',
            payload: {
              subscriptionId: device.id,
              userId: event.userId,
              endpoint: device.endpoint,
              ...notification,
            } satisfies PushSend,
          })),
        );
        return devices.length;
      });
      if (fannedOut > 0) kick();
    },

    async push_send(payload: unknown) {
      const send = payload as PushSend;
      if (!sender) return;
      // Still this user's: a device that someone else has signed in on since gets nothing meant for the first.
      const [device] = await db
        .select({ p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.id, send.subscriptionId),
            eq(pushSubscriptions.userId, send.userId),
            eq(pushSubscriptions.endpoint, send.endpoint),
          ),
        );
      if (!device) return;
      const result = await sender.send(
        { endpoint: send.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        send.payload,
        send.options,
      );
      if (result.outcome === 'sent') return;
      if (result.outcome === 'gone') {
        // The browser unsubscribed or the subscription expired: it will never take a push again.
        await db
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.id, send.subscriptionId), eq(pushSubscriptions.endpoint, send.endpoint)),
          );
        return;
      }
      if (result.outcome === 'refused') throw new GiveUp(result.reason);
      throw new RetryLater(result.reason, result.afterSeconds ?? 0);
    },
  };
}
