// The reviews HTTP surface (spec §7): submit (customers), a shop's reviews in pages and their summary, my review of a
// shop, and (issue 29) the owners' public replies and the reviews still waiting for one.
import { z } from 'zod';
import {
  awaitingReplyReview,
  review,
  reviewBody,
  reviewIdParams,
  reviewListQuery,
  reviewReplyBody,
  reviewResult,
  reviewSummary,
  shopIdParams,
} from '../../../shared/api/favorites.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { deleteReply, listAwaitingReply, saveReply } from './replies.js';
import { findOwnReview, listReviews, submitReview, summarizeReviews } from './service.js';

export function reviewRoutes(app: App) {
  app.post(
    '/api/reviews',
    { schema: { body: reviewBody, response: { 201: reviewResult } } },
    async (request, reply) => {
      const customer = requireRole(request, 'customer');
      const result = await submitReview(app.db, customer, request.body);
      app.deps.shopsChanged(); // the shop's rating and review count
      return reply.code(201).send(result);
    },
  );

  // A static path: matched before /:shopId, so 'awaiting-reply' is never read as a shop id.
  app.get(
    '/api/reviews/awaiting-reply',
    { schema: { response: { 200: z.array(awaitingReplyReview) } } },
    (request) => listAwaitingReply(app.db, requireRole(request, 'shop_owner').id),
  );

  app.get(
    '/api/reviews/:shopId',
    { schema: { params: shopIdParams, querystring: reviewListQuery, response: { 200: z.array(review) } } },
    (request) => listReviews(app.db, request.params.shopId, request.query),
  );

  app.get(
    '/api/reviews/:shopId/summary',
    { schema: { params: shopIdParams, response: { 200: reviewSummary } } },
    (request) => summarizeReviews(app.db, request.params.shopId),
  );

  app.get(
    '/api/reviews/:shopId/mine',
    { schema: { params: shopIdParams, response: { 200: review.nullable() } } },
    (request) => findOwnReview(app.db, requireRole(request, 'customer').id, request.params.shopId),
  );

  app.put(
    '/api/reviews/:id/reply',
    { schema: { params: reviewIdParams, body: reviewReplyBody, response: { 200: review } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const saved = await saveReply(app.db, owner.id, request.params.id, request.body.text);
      if (saved.message) {
        // The reviewer's chat line is stored: as any message, a failed live push must not fail the reply.
        if (saved.pushed) app.deps.outbox.kick();
        await app.deps.bus
          .publish({ type: 'new_message', messageId: saved.message.id, message: saved.message })
          .catch((error) => request.log.error({ err: error }, 'could not publish a review reply message'));
      }
      return saved.review;
    },
  );

  app.delete('/api/reviews/:id/reply', { schema: { params: reviewIdParams } }, async (request, reply) => {
    const owner = requireRole(request, 'shop_owner');
    await deleteReply(app.db, owner.id, request.params.id);
    return reply.code(204).send();
  });
}
