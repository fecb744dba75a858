// Writing a push event (features/push/notifications.ts PushEvent) into the outbox from inside the statement that
// makes the change, so the notification is written with the change or not at all. A file of its own, importing
// nothing of the features, so orders and messages can use it without importing what words the notifications.
import { type SQL, sql } from 'drizzle-orm';

/**
 * An INSERT of a push event into the outbox, for the CTE of the statement that makes the change: one row per device
 * of the user (most users have none, and then the statement writes nothing more), each sent and retried on its own
 * (features/push/delivery.ts). `event` is a jsonb expression, `userId` an int expression, both over `from`;
 * `only` a further condition.
 */
export function pushEventSql(userId: SQL, event: SQL, from: SQL, only: SQL = sql`true`) {
  return sql`insert into outbox (kind, payload)
    select 'push', jsonb_build_object('userId', ${userId}, 'subscriptionId', ps.id, 'endpoint', ps.endpoint) || ${event}
    from ${from} join push_subscriptions ps on ps.user_id = ${userId}
    where ${only}
    returning id`;
}
