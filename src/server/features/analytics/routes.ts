// The analytics HTTP surface: the owner's Analytics Dashboard figures and the orders CSV (spec §2, §6: owners only).
import { analyticsParams, analyticsQuery, shopAnalytics } from '../../../shared/api/analytics.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { getShopAnalytics, ordersCsv } from './service.js';

export function analyticsRoutes(app: App) {
  app.get(
    '/api/analytics/:shopId',
    { schema: { params: analyticsParams, querystring: analyticsQuery, response: { 200: shopAnalytics } } },
    (request) => {
      const owner = requireRole(request, 'shop_owner');
      return getShopAnalytics(app.db, owner.id, request.params.shopId, request.query.days);
    },
  );

  app.get(
    '/api/analytics/:shopId/orders.csv',
    { schema: { params: analyticsParams, querystring: analyticsQuery } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      const { shopId } = request.params;
      const { days } = request.query;
      const csv = await ordersCsv(app.db, owner.id, shopId, days);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="shop-${shopId}-orders-${days}-days.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
