// The chat HTTP surface (spec §7 Messages): conversations, a conversation's history, sending, and (issue 32) marking a
// conversation read and the unread total.
import { z } from 'zod';
import {
  conversation,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  markReadBody,
  markReadQuery,
  message,
  messageHistoryQuery,
  messageShopParams,
  sendMessageBody,
  unreadTotal,
} from '../../../shared/api/messages.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import {
  conversationCustomer,
  listConversationMessages,
  listConversations,
  sendMessageOnce,
} from './service.js';
import { countUnreadMessages, markConversationRead } from './unread.js';

export function messageRoutes(app: App) {
  // Registered before /:shopId so 'conversations' is never read as a shop id.
  app.get(
    '/api/messages/conversations',
    { schema: { response: { 200: z.array(conversation) } } },
    (request) => listConversations(app.db, requireUser(request).id),
  );

  // The navigation's badge (issue 32), on every page of a signed-in user: one small indexed read.
  app.get('/api/messages/unread-count', { schema: { response: { 200: unreadTotal } } }, async (request) => ({
    total: await countUnreadMessages(app.db, requireUser(request).id),
  }));

  app.post(
    '/api/messages/:shopId/read',
    { schema: { params: messageShopParams, querystring: markReadQuery, body: markReadBody } },
    async (request, reply) => {
      const reader = requireUser(request);
      const { shopId } = request.params;
      const customerId = await conversationCustomer(app.db, reader.id, shopId, request.query.customerId);
      const { found, moved } = await markConversationRead(
        app.db,
        reader.id,
        shopId,
        customerId,
        request.body.lastReadMessageId,
      );
      if (!found) throw new HttpError(404, 'Conversation not found');
      // The reader's other tabs and devices, on any instance, clear the conversation's count and the badge too.
      if (moved)
        await app.deps.bus
          .publish({ type: 'messages_read', userId: reader.id, shopId, customerId })
          .catch((error) => request.log.error({ err: error }, 'could not publish a read conversation'));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/messages/:shopId',
    {
      schema: {
        params: messageShopParams,
        querystring: messageHistoryQuery,
        response: { 200: z.array(message) },
      },
    },
    (request) =>
      listConversationMessages(app.db, requireUser(request).id, request.params.shopId, request.query),
  );

  app.post(
    '/api/messages',
    {
      schema: { body: sendMessageBody, response: { 201: message } },
      config: {
        // Per sender, counted after the token is read (preHandler), so people behind one address don't share it.
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => String(request.auth?.id ?? request.ip),
        },
      },
    },
    async (request, reply) => {
      const sender = requireUser(request);
      const key = idempotencyKey.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw new HttpError(400, key.error.issues[0]!.message);
      const {
        message: sent,
        created,
        pushed,
      } = await sendMessageOnce(app.db, sender.id, request.body, key.data);
      // A retry of a message already stored gets it back as it was; the parties had it pushed the first time.
      if (!created) return reply.code(201).send(sent);
      if (pushed) app.deps.outbox.kick();
      // The message is saved: a failed live push must not make the sender think it was lost (and resend it).
      // The other side still sees it on its next conversation poll.
      await app.deps.bus
        .publish({ type: 'new_message', messageId: sent.id, message: sent })
        .catch((error) => request.log.error({ err: error }, 'could not publish a new message'));
      return reply.code(201).send(sent);
    },
  );
}
