// The chat contract (spec §3 Message, Conversation; §7 Messages; §4 Live connection).
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from './message-constants.js';
import type { OrderEvent } from './orders.js';
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
});
export type Conversation = z.infer<typeof conversation>;

/** What the server pushes over /ws. */
export type ServerEvent =
  | { type: 'authenticated'; userId: number }
  | { type: 'new_message'; message: Message }
  | OrderEvent
  /** The server may have missed live events: refetch conversations and the open chat. */
  | { type: 'resync' }
  | { type: 'error'; message: string };

/** What the client sends over /ws. */
export const clientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string() }),
  z.object({ type: z.literal('ping') }),
]);
