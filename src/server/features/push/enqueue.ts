// Writing a push event (features/push/notifications.ts PushEvent) into the outbox from inside the statement that
// makes the change, so the notification is written with the change or not at all. A file of its own, importing
// nothing of the features, so orders and messages can use it without importing what words the notifications.
import { type SQL, sql } from 'drizzle-orm';

/**
 * An INSERT of a push event into the outbox, for the CTE of the statement that makes the change, written only
 * when the user has a device to push to (most have none, and then the statement writes nothing more).
 * `event` is a jsonb expression, `userId` an int expression, both over `from`; `only` a further condition.
 */
export function pushEventSql(userId: SQL, event: SQL, from: SQL, only: SQL = sql`true`) {
  return sql`insert into outbox (kind, payload)
    select 'push', jsonb_build_object('userId', ${userId}) || ${event} from ${from}
    where ${only} and exists (select 1 from push_subscriptions ps where ps.user_id = ${userId})
    returning id`;
}
