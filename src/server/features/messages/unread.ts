// Read markers and unread counts (issue 32): how far each participant has read a conversation, and the messages
// people wrote to them since. Order cards and status lines (message_type 'order') are never unread: the index
// messages_unread holds text messages only, and the trigger of migration 0023 gives a receiver their marker row.
import { type Column, type SQL, sql } from 'drizzle-orm';
import { MAX_ID } from '../../../shared/api/ids.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, conversationReads, messages } from '../../db/schema.js';

/**
 * SQL: the user's unread messages in the conversation whose shop and customer are these columns of the outer query,
 * 0 when the shop is gone (removed with its owner's account: its conversation can no longer be opened to be read).
 * Counted from messages_unread alone, past the marker.
 */
export function unreadCountSql(userId: number, shopId: Column, customerId: Column, shopRemovedAt: Column) {
  return sql<number>`case when ${shopRemovedAt} is not null then 0 else (
    select count(*)::int from ${messages} unread
    where unread.receiver_id = ${userId} and unread.shop_id = ${shopId} and unread.customer_id = ${customerId}
      and unread.message_type = 'text'
      and unread.id > coalesce((select marker.last_read_message_id from ${conversationReads} marker
        where marker.user_id = ${userId} and marker.shop_id = ${shopId} and marker.customer_id = ${customerId}), 0)
  ) end`;
}

/**
 * The user's unread messages over every conversation: the navigation's badge. One index probe per conversation of
 * theirs (their conversation_reads rows), then only the messages past each marker, whatever their history's length.
 * Equal to the sum of listConversations' unreadCount.
 */
export async function countUnreadMessages(db: Database, userId: number): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(sum(unread.count), 0)::int as total
    from ${conversationReads} marker
    join ${coffeeShops} shop on shop.id = marker.shop_id and shop.removed_at is null
    cross join lateral (
      select count(*) as count from ${messages} message
      where message.receiver_id = marker.user_id and message.shop_id = marker.shop_id
        and message.customer_id = marker.customer_id and message.message_type = 'text'
        and message.id > marker.last_read_message_id
    ) unread
    where marker.user_id = ${userId}`)) as unknown as { rows: { total: number }[] };
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Marks the conversation (shop, customer) read by the user up to `upTo` (a message id: the newest one on their
 * screen) or to its newest message. The caller has checked the user takes part in it. One conditional upsert: the
 * marker moves only forward, so of racing reads (two tabs, a late retry) the furthest wins whatever the order they
 * land in. `found` is false when the conversation has no message at all; `moved` says whether the marker moved.
 */
export async function markConversationRead(
  db: Database,
  userId: number,
  shopId: number,
  customerId: number,
  upTo: number | undefined,
): Promise<{ found: boolean; moved: boolean }> {
  const conversation: SQL = sql`shop_id = ${shopId} and customer_id = ${customerId}`;
  const result = (await db.execute(sql`
    with target as (
      select exists (select from ${messages} where ${conversation}) as found,
        (select max(id) from ${messages} where ${conversation} and id <= ${upTo ?? MAX_ID}) as read_to
    ),
    marked as (
      insert into ${conversationReads} as marker (user_id, shop_id, customer_id, last_read_message_id, read_at)
      select ${userId}, ${shopId}, ${customerId}, target.read_to, now() from target where target.read_to is not null
      on conflict (user_id, shop_id, customer_id) do update
        set last_read_message_id = excluded.last_read_message_id, read_at = excluded.read_at
        where marker.last_read_message_id < excluded.last_read_message_id
      returning 1
    )
    select target.found, exists (select from marked) as moved from target`)) as unknown as {
    rows: { found: boolean; moved: boolean }[];
  };
  const row = result.rows[0]!;
  return { found: row.found, moved: row.moved };
}
