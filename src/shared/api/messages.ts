// The chat contract (spec §3 Message, Conversation; §7 Messages; §4 Live connection).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import type { LoyaltyStampEvent } from './loyalty.js';
import { MAX_MESSAGE_LENGTH, MAX_WATCHED_SHOPS, MESSAGE_PAGE_SIZE } from './message-constants.js';
import type { OrderEvent } from './orders.js';
import type { Shop } from './shops.js';
import { safeText } from './text.js';

export * from './message-constants.js';

export const messageTypes = ['text', 'order'] as const;

export const message = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  shopId: z.number().int(),
  /** The customer of the conversation this message belongs to, whichever side sent it. */
  customerId: z.number().int(),
  content: z.string(),
  messageType: z.enum(messageTypes),
  /** JSON text with items and total, for messageType 'order'. */
  orderData: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof message>;

/**
 * What a client may send: text only. Order messages (messageType 'order', with orderData) are written by the
 * server when an order is placed or moves; one sent by a client would be a forged order in someone's chat.
 */
export const sendMessageBody = z.object({
  content: safeText('content is required')
    .trim()
    .min(1, 'content must not be empty')
    .max(MAX_MESSAGE_LENGTH, `content must be at most ${MAX_MESSAGE_LENGTH} characters`),
  receiverId: bodyId('receiverId'),
  shopId: bodyId('shopId'),
  messageType: z
    .enum(['text'], { message: 'messageType must be text: order messages are sent by the server' })
    .default('text'),
  orderData: z
    .null({ message: 'orderData must not be sent: order messages are sent by the server' })
    .optional()
    .transform(() => null),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/**
 * The Idempotency-Key header of POST /api/messages: one per message, reused when the client retries, so a
 * message stored but never acknowledged (a lost answer, a restart) is not stored twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key must be 1 to 100 visible ASCII characters')
  .optional();

export const messageHistoryQuery = z.object({
  /** Required for the shop's owner: which customer's conversation. */
  customerId: pathId('customerId').optional(),
  /** Only messages older than this id (the oldest one already shown). */
  before: pathId('before').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(MESSAGE_PAGE_SIZE),
});

export const messageShopParams = z.object({
  shopId: pathId('shopId'),
});

export const conversation = z.object({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    imageUrl: z.string().nullable(),
    ownerId: z.number().int(),
  }),
  customer: z.object({ id: z.number().int(), username: z.string() }),
  /** Whether the caller is the customer or the shop's owner in this conversation. */
  myRole: z.enum(['customer', 'shop']),
  lastMessage: message,
  /**
   * Messages people wrote to the caller since they last read this conversation (issue 32): for a customer the
   * shop's, for an owner the customer's. Order cards and status lines never count.
   */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

/**
 * POST /api/messages/{shopId}/read (issue 32), with ?customerId= for the shop's owner as in GET /api/messages/{shopId}:
 * the conversation is read up to `lastReadMessageId` (the newest message on the reader's screen), or to its newest
 * message when left out. The marker only moves forward: an older read changes nothing.
 */
export const markReadBody = z
  .object({ lastReadMessageId: bodyId('lastReadMessageId').optional() })
  // No body at all (the spec's client sends a JSON content type on every call) reads to the newest message.
  .nullish()
  .transform((body) => body ?? {});

export const markReadQuery = z.object({
  /** Required for the shop's owner: which customer's conversation. */
  customerId: pathId('customerId').optional(),
});

/** GET /api/messages/unread-count: the navigation's badge, every conversation's unreadCount summed. */
export const unreadTotal = z.object({ total: z.number().int() });
export type UnreadTotal = z.infer<typeof unreadTotal>;

/**
 * A shop changed in a way its page and cards show (issue 31), pushed to every socket watching it, signed in or not.
 * Small on purpose: `shop` carries the new values of the fields that changed (the orders switch, the busy delay, the
 * open state after an hours change), to patch cached shops without a fetch; `menuChanged` and `hoursChanged` say
 * which lists to read again (the menu with its option groups; the week's hours, special days and pickup slots).
 */
export interface ShopUpdatedEvent {
  type: 'shop_updated';
  shopId: number;
  shop?: Partial<
    Pick<Shop, 'acceptingOrders' | 'busyExtraMinutes' | 'busyUntil' | 'openNow' | 'nextChangeAt'>
  >;
  menuChanged?: true;
  hoursChanged?: true;
  /** The shop's stamp card was set up, changed or switched off (issue 29). */
  loyaltyChanged?: true;
}

/** What the server pushes over /ws. */
export type ServerEvent =
  | { type: 'authenticated'; userId: number }
  | { type: 'new_message'; message: Message }
  /** The user read a conversation (on this device or another): its unread count and the badge are out of date. */
  | { type: 'messages_read'; shopId: number; customerId: number }
  | OrderEvent
  | ShopUpdatedEvent
  /** A completed order earned a stamp (issue 29): 'Stamp 8 of 10 at Truth Coffee'. */
  | LoyaltyStampEvent
  /** The answer to watch_shops: the shops this socket now hears shop_updated for (all it asked for). */
  | { type: 'watching'; shopIds: number[] }
  /** The server may have missed live events: refetch conversations and the open chat. */
  | { type: 'resync' }
  | { type: 'error'; message: string };

/** What the client sends over /ws. */
export const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string({ message: 'token is required' }) }),
  z.object({ type: z.literal('ping') }),
  /**
   * The shops whose shop_updated this socket wants (issue 31): the whole set each time, replacing the last one
   * ([] for none). Shops are public, so a socket that has not signed in may watch them too.
   */
  z.object({
    type: z.literal('watch_shops'),
    shopIds: z
      .array(
        z
          .number({ message: 'shopIds must be shop ids' })
          .int('shopIds must be shop ids')
          .positive('shopIds must be shop ids'),
        {
          message: 'shopIds must be a list of shop ids',
        },
      )
      .max(MAX_WATCHED_SHOPS, `shopIds: a socket may watch at most ${MAX_WATCHED_SHOPS} shops`),
  }),
]);
