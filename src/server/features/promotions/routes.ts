// The promotion HTTP surface (spec §7 Promotions): pricing, plans, history, initialize, verify, Paystack webhook.
import type { FastifyRequest } from 'fastify';
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
import { HttpError } from '../../http-error.js';
import { handleOrderPaymentEvent } from '../orders/payment-events.js';
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
  // parser that keeps the raw body, leaving the rest of the app's JSON parsing as it is. The parser checks the
  // signature as the body arrives, before any hook or handler touches a stranger's bytes: an unsigned body costs
  // one HMAC, never a walk or a parse (issue 33).
  app.register(async (scope) => {
    /** The raw body when Paystack signed it; otherwise 503 without payments, or 401. */
    const signedBody = (request: FastifyRequest, raw: Buffer): Buffer => {
      const payments = app.deps.payments;
      if (!payments) throw new HttpError(503, 'Payments are not configured');
      const signature = request.headers['x-paystack-signature'];
      if (!payments.isSignatureValid(raw, typeof signature === 'string' ? signature : undefined)) {
        request.log.warn('Paystack webhook with a missing or wrong signature refused');
        throw new HttpError(401, 'Invalid signature');
      }
      return raw;
    };
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      try {
        done(null, signedBody(request, body as Buffer));
      } catch (error) {
        done(error as HttpError, undefined);
      }
    });
    scope.post('/api/payments/paystack/webhook', async (request, reply) => {
      // A body came through the parser, which checked it; a request without one is checked here as empty.
      const raw = Buffer.isBuffer(request.body) ? request.body : signedBody(request, Buffer.alloc(0));
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ message: 'The request body is not valid JSON' });
      }
      // Order payments and refunds first (features/orders/payment-events.ts); everything else is a promotion's.
      const orderOutcome = await handleOrderPaymentEvent(app, event, request.log);
      if (orderOutcome !== 'not_ours') {
        request.log.info({ outcome: orderOutcome }, 'Paystack order event handled');
        return reply.code(200).send({ received: true });
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
