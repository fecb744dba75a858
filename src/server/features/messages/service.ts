// Chat between one customer and one shop (spec §3 Message, Conversation). A conversation is (shop, customer):
// its messages are visible to exactly that customer and the shop's owner, checked in every query.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Conversation,
  Message,
  messageHistoryQuery,
  sendMessageBody,
} from '../../../shared/api/messages.js';
import type { Database, Transaction } from '../../db/client.js';
import { coffeeShops, messages, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { pushEventSql } from '../push/enqueue.js';
import { unreadCountSql } from './unread.js';

type MessageRow = typeof messages.$inferSelect;

/** A client's message (text only, by the schema); the server's own order messages may set type and data. */
export type SendMessageInput = Omit<z.output<typeof sendMessageBody>, 'messageType' | 'orderData'> & {
  messageType?: Message['messageType'];
  orderData?: string | null;
};

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    shopId: row.shopId,
    customerId: row.customerId,
    content: row.content,
    messageType: row.messageType,
    orderData: row.orderData,
    createdAt: row.createdAt.toISOString(),
  };
}

// A shop's owner never changes (there is no transfer), so each database's answers are remembered: sending a
// message then costs one query, not two. Bounded; a deleted shop surfaces as a foreign-key error on insert.
const ownersByDatabase = new WeakMap<Database, Map<number, number>>();
const OWNER_CACHE_SIZE = 50_000;

async function findShopOwner(db: Database, shopId: number): Promise<number> {
  let owners = ownersByDatabase.get(db);
  if (!owners) {
    owners = new Map();
    ownersByDatabase.set(db, owners);
  }
  const known = owners.get(shopId);
  if (known !== undefined) return known;
  const [shop] = await db
    .select({ ownerId: coffeeShops.ownerId })
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, shopId), isNull(coffeeShops.removedAt)));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
  if (owners.size >= OWNER_CACHE_SIZE) owners.delete(owners.keys().next().value as number);
  owners.set(shopId, shop.ownerId);
  return shop.ownerId;
}

/**
 * Forgets remembered shop owners (these shops', or all): a shop whose owner deleted the account takes no message
 * any more. Every instance forgets all when it hears shops changed (app.ts).
 */
export function forgetShopOwners(db: Database, shopIds?: number[]) {
  const owners = ownersByDatabase.get(db);
  if (!shopIds) owners?.clear();
  else for (const id of shopIds) owners?.delete(id);
}

async function hasConversation(db: Database, shopId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.shopId, shopId), eq(messages.customerId, customerId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Sends a message (the server's order messages use it too). Whoever is not the shop's owner writes as the customer, to the owner; the owner answers
 * a customer who has already written to the shop. Anything else is refused and nothing is stored.
 */
export async function sendMessage(db: Database, senderId: number, input: SendMessageInput): Promise<Message> {
  return (await sendMessageOnce(db, senderId, input)).message;
}

/**
 * sendMessage with the client's Idempotency-Key: the same key from the same sender gives back the first
 * message (created: false) and stores nothing, so a retried send is never stored twice.
 */
export async function sendMessageOnce(
  db: Database,
  senderId: number,
  input: SendMessageInput,
  clientKey?: string,
): Promise<{ message: Message; created: boolean; pushed?: boolean }> {
  const ownerId = await findShopOwner(db, input.shopId);
  let customerId: number;
  if (senderId === ownerId) {
    if (input.receiverId === ownerId)
      throw new HttpError(400, 'receiverId must be the customer you are answering');
    if (!(await hasConversation(db, input.shopId, input.receiverId)))
      throw new HttpError(403, 'You can only message customers who have written to this shop');
    customerId = input.receiverId;
  } else {
    if (input.receiverId !== ownerId) throw new HttpError(400, "receiverId must be the shop's owner");
    customerId = senderId;
  }
  try {
    // A key already used by this sender: nothing is inserted (the unique index on sender and key decides, so two
    // concurrent retries store one message) and the first message is read back.
    // The receiver's devices are told of a chat message in the same statement (issue 27): the outbox's push row
    // decides, when it is done, whether they had the app open and want it.
    const result = (await db.execute(sql`
      with sent as (
        insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type, order_data, client_key)
        values (${senderId}, ${input.receiverId}, ${input.shopId}, ${customerId}, ${input.content},
          ${input.messageType ?? 'text'}, ${input.orderData ?? null}, ${clientKey ?? null})
        on conflict (sender_id, client_key) where client_key is not null do nothing
        returning *
      ),
      pushed as (${pushEventSql(
        sql`sent.receiver_id`,
        sql`jsonb_build_object('kind', 'message', 'messageId', sent.id)`,
        sql`sent`,
        sql`sent.message_type = 'text'`,
      )})
      select sent.id, sent.sender_id as "senderId", sent.receiver_id as "receiverId", sent.shop_id as "shopId",
        sent.customer_id as "customerId", sent.content, sent.message_type as "messageType",
        sent.order_data as "orderData", sent.created_at as "createdAt", exists (select 1 from pushed) as pushed
      from sent`)) as unknown as { rows: (MessageRow & { pushed: boolean })[] };
    const row = result.rows[0];
    if (row)
      return {
        message: toMessage({ ...row, createdAt: new Date(row.createdAt) }),
        created: true,
        pushed: row.pushed,
      };
    const [first] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey!)));
    return { message: toMessage(first!), created: false };
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23503') throw new HttpError(404, 'Coffee shop not found');
    throw error;
  }
}

/**
 * A message the server writes itself (an order placed, an order's status changed) into the conversation of one
 * customer with one shop: no client-facing checks, as the caller has already authorized the order. Takes the
 * order's transaction so the order and its message are stored together or not at all.
 */
export async function postServerMessage(
  db: Database | Transaction,
  input: {
    senderId: number;
    receiverId: number;
    shopId: number;
    customerId: number;
    content: string;
    messageType: 'text' | 'order';
    orderData: string | null;
  },
): Promise<Message> {
  const [row] = await db.insert(messages).values(input).returning();
  return toMessage(row!);
}

/**
 * The customer of the conversation the user asks for at a shop: the one `customerId` names when the user owns the
 * shop (required), the user themselves otherwise (who may name only themselves). Reading a conversation and marking
 * it read both ask this way, so the same user can do both or neither.
 */
export async function conversationCustomer(
  db: Database,
  userId: number,
  shopId: number,
  customerId: number | undefined,
): Promise<number> {
  const ownerId = await findShopOwner(db, shopId);
  if (userId === ownerId) {
    if (!customerId) throw new HttpError(400, 'customerId is required to read a conversation of your shop');
    return customerId;
  }
  if (customerId && customerId !== userId)
    throw new HttpError(403, 'You can only read your own conversations');
  return userId;
}

/** One page of a conversation, oldest first: the newest `limit` messages older than `before`. */
export async function listConversationMessages(
  db: Database,
  userId: number,
  shopId: number,
  query: z.output<typeof messageHistoryQuery>,
): Promise<Message[]> {
  const customerId = await conversationCustomer(db, userId, shopId, query.customerId);
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.shopId, shopId),
        eq(messages.customerId, customerId),
        query.before ? lt(messages.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(query.limit);
  return rows.reverse().map(toMessage);
}

/** Every conversation the user is part of, as customer or as a shop's owner, latest activity first. */
export async function listConversations(db: Database, userId: number): Promise<Conversation[]> {
  const latest = db
    .selectDistinctOn([messages.shopId, messages.customerId], { id: messages.id })
    .from(messages)
    .innerJoin(coffeeShops, eq(coffeeShops.id, messages.shopId))
    .where(or(eq(messages.customerId, userId), eq(coffeeShops.ownerId, userId)))
    .orderBy(messages.shopId, messages.customerId, desc(messages.id))
    .as('latest');
  const rows = await db
    .select({
      message: messages,
      shop: {
        id: coffeeShops.id,
        name: coffeeShops.name,
        imageUrl: coffeeShops.imageUrl,
        ownerId: coffeeShops.ownerId,
      },
      customer: { id: users.id, username: users.username },
      unreadCount: unreadCountSql(userId, messages.shopId, messages.customerId, coffeeShops.removedAt),
    })
    .from(latest)
    .innerJoin(messages, eq(messages.id, latest.id))
    .innerJoin(coffeeShops, eq(coffeeShops.id, messages.shopId))
    .innerJoin(users, eq(users.id, messages.customerId))
    // By when the last message was sent (ids follow time for messages sent through the app, not for seeded history).
    .orderBy(desc(messages.createdAt), desc(messages.id));
  return rows.map((row) => ({
    shop: row.shop,
    customer: row.customer,
    myRole: row.shop.ownerId === userId && row.customer.id !== userId ? 'shop' : 'customer',
    lastMessage: toMessage(row.message),
    unreadCount: Number(row.unreadCount),
  }));
}

export async function findMessage(db: Database, id: number): Promise<Message | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row ? toMessage(row) : null;
}
