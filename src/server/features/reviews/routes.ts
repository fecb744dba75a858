// The reviews HTTP surface (spec §7): submit (customers), a shop's recent reviews, and my review of a shop.
import { z } from 'zod';
import { review, reviewBody, reviewResult, shopIdParams } from '../../../shared/api/favorites.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { findOwnReview, listReviews, submitReview } from './service.js';

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

  app.get(
    '/api/reviews/:shopId',
    { schema: { params: shopIdParams, response: { 200: z.array(review) } } },
    (request) => listReviews(app.db, request.params.shopId),
  );

  app.get(
    '/api/reviews/:shopId/mine',
    { schema: { params: shopIdParams, response: { 200: review.nullable() } } },
    (request) => findOwnReview(app.db, requireRole(request, 'customer').id, request.params.shopId),
  );
}
