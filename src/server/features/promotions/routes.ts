// The promotion HTTP surface (spec §7 Promotions): pricing, plans, history, initialize, verify, Paystack webhook.
import { z } from 'zod';
import {
  initializePromotionBody,
  initializePromotionResult,
  promotion,
  promotionPlan,
  promotionPricing,
  promotionShopParams,
  verifyPromotionBody,
  verifyPromotionResult,
} from '../../../shared/api/promotions.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import {
  handlePaystackEvent,
  initializePromotion,
  listShopPromotions,
  promotionPricing as pricing,
  promotionPlans,
  verifyPromotion,
} from './service.js';

export function promotionRoutes(app: App) {
  app.get('/api/promotions/pricing', { schema: { response: { 200: promotionPricing } } }, () => pricing());

  app.get('/api/promotions/plans', { schema: { response: { 200: z.array(promotionPlan) } } }, () =>
    promotionPlans(),
  );

  app.get(
    '/api/promotions/:shopId',
    { schema: { params: promotionShopParams, response: { 200: z.array(promotion) } } },
    (request) => listShopPromotions(app.db, requireRole(request, 'shop_owner').id, request.params.shopId),
  );

  app.post(
    '/api/promotions/initialize',
    { schema: { body: initializePromotionBody, response: { 200: initializePromotionResult } } },
    (request) =>
      initializePromotion(
        app.db,
        app.deps.payments,
        app.deps.config.publicUrl,
        requireRole(request, 'shop_owner').id,
        request.body.shopId,
      ),
  );

  app.post(
    '/api/promotions/verify',
    { schema: { body: verifyPromotionBody, response: { 200: verifyPromotionResult } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const { activated, ...result } = await verifyPromotion(
        app.db,
        app.deps.payments,
        owner.id,
        request.body.reference,
      );
      if (activated) app.deps.shopsChanged();
      return result;
    },
  );

  // Paystack signs the exact bytes it sent, so this route must see them unparsed: a scope of its own with a
  // parser that keeps the raw body, leaving the rest of the app's JSON parsing as it is.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/payments/paystack/webhook', async (request, reply) => {
      const payments = app.deps.payments;
      if (!payments) return reply.code(503).send({ message: 'Payments are not configured' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      if (!payments.isSignatureValid(raw, typeof signature === 'string' ? signature : undefined)) {
        request.log.warn('Paystack webhook with a missing or wrong signature refused');
        return reply.code(401).send({ message: 'Invalid signature' });
      }
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ message: 'The request body is not valid JSON' });
      }
      const outcome = await handlePaystackEvent(app.db, event);
      if ('activated' in outcome) {
        app.deps.shopsChanged();
        request.log.info(
          { reference: outcome.activated.promotion.reference },
          'promotion activated by webhook',
        );
      } else {
        request.log.info({ reason: outcome.ignored }, 'Paystack event ignored');
      }
      return reply.code(200).send({ received: true });
    });
  });
}
