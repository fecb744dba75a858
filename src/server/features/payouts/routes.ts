// The payouts HTTP surface (issue 26): the banks Paystack pays into, and a shop's payout account for its owner.
import { z } from 'zod';
import { pathId } from '../../../shared/api/ids.js';
import { bank, payout, payoutBody } from '../../../shared/api/payments.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { bankDirectory, getPayout, savePayout } from './service.js';

const shopParams = z.object({ id: pathId('id') });

export function payoutRoutes(app: App) {
  const { payments } = app.deps;
  const banks = payments ? bankDirectory(payments) : null;
  const configured = () => {
    if (!payments || !banks) throw new HttpError(503, 'Payments are not configured');
    return { payments, banks };
  };

  app.get('/api/payments/banks', { schema: { response: { 200: z.array(bank) } } }, async (request) => {
    requireRole(request, 'shop_owner');
    return configured().banks();
  });

  app.get(
    '/api/coffee-shops/:id/payout',
    { schema: { params: shopParams, response: { 200: payout } } },
    (request) => getPayout(app.db, requireRole(request, 'shop_owner').id, request.params.id),
  );

  app.put(
    '/api/coffee-shops/:id/payout',
    { schema: { params: shopParams, body: payoutBody, response: { 200: payout } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const { payments: paystack, banks: list } = configured();
      const saved = await savePayout(app.db, paystack, list, owner.id, request.params.id, request.body);
      app.deps.shopsChanged();
      return saved;
    },
  );
}
