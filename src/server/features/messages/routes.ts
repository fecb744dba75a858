// The chat HTTP surface (spec §7 Messages): conversations, a conversation's history, and sending.
import { z } from 'zod';
import {
  conversation,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  message,
  messageHistoryQuery,
  messageShopParams,
  sendMessageBody,
} from '../../../shared/api/messages.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { listConversationMessages, listConversations, sendMessageOnce } from './service.js';

export function messageRoutes(app: App) {
  // Registered before /:shopId so 'conversations' is never read as a shop id.
  app.get(
    '/api/messages/conversations',
    { schema: { response: { 200: z.array(conversation) } } },
    (request) => listConversations(app.db, requireUser(request).id),
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
