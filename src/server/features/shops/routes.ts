// The coffee-shop HTTP surface (spec §7 Shops and Third party): discover list, one shop, my shops, create, edit,
// geocode.
import { z } from 'zod';
import { pathId } from '../../../shared/api/ids.js';
import {
  createShopBody,
  geocodeQuery,
  geocodeResult,
  mapConfig,
  shop,
  shopQuery,
  updateShopBody,
} from '../../../shared/api/shops.js';
import type { App } from '../../app-type.js';
import { requireRole, requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { recordShopView } from '../analytics/service.js';
import { isSharedQuery } from './list-cache.js';
import { announceShopEdit } from './live-updates.js';
import { listPickupSlots } from './pickup-slots.js';
import { createShop, getShop, listOwnerShops, listShops, updateShop } from './service.js';

const idParams = z.object({ id: pathId('id') });

/** Sends an answer already serialized to JSON: Fastify passes a string of JSON type through untouched. */
function sendJson(reply: { type(contentType: string): { send(payload: unknown): unknown } }, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function shopRoutes(app: App) {
  app.get(
    '/api/coffee-shops',
    { schema: { querystring: shopQuery, response: { 200: z.array(shop) } } },
    async (request, reply) => {
      const query = request.query;
      // Sent as ready JSON: the shops are built by toShop to the schema, and cached answers are JSON already.
      const json = isSharedQuery(query)
        ? await app.deps.shopLists.answer(query, () => listShops(app.db, query))
        : JSON.stringify(await listShops(app.db, query));
      sendJson(reply, json);
      return reply;
    },
  );

  app.get(
    '/api/coffee-shops/:id',
    { schema: { params: idParams, response: { 200: shop } } },
    async (request) => {
      const found = await getShop(app.db, request.params.id);
      // Analytics; owners' own visits left out.
      if (request.auth?.id !== found.ownerId) {
        const visitor = request.auth ? `user:${request.auth.id}` : `address:${request.ip}`;
        recordShopView(app.db, found.id, visitor, request.log);
      }
      return found;
    },
  );

  app.get('/api/my-shops', { schema: { response: { 200: z.array(shop) } } }, (request) => {
    const owner = requireRole(request, 'shop_owner');
    return listOwnerShops(app.db, owner.id, new Date(), app.deps.payments !== undefined);
  });

  app.post(
    '/api/coffee-shops',
    { schema: { body: createShopBody, response: { 201: shop } } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      const created = await createShop(app.db, owner.id, request.body);
      app.deps.shopsChanged(); // the new shop belongs in lists and searches
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/coffee-shops/:id/pickup-slots',
    {
      schema: {
        params: idParams,
        querystring: z.object({
          date: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
            .optional(),
        }),
      },
    },
    (request) => listPickupSlots(app.db, request.params.id, request.query.date),
  );

  app.put(
    '/api/coffee-shops/:id',
    { schema: { params: idParams, body: updateShopBody, response: { 200: shop } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const updated = await updateShop(app.db, owner.id, request.params.id, request.body, {
        geocoder: app.deps.geocoder,
        onGeocoderError: (error) => request.log.warn({ err: error }, 'geocoder failed; coordinates cleared'),
        paymentsConfigured: app.deps.payments !== undefined,
      });
      app.deps.shopsChanged(); // name, address, category… are what lists show and search
      announceShopEdit(app, updated); // a pause or busy delay shows at once on open pages and cards (issue 31)
      return updated;
    },
  );

  // Where the browser's maps take their tiles from, and the credit to show (MAP_TILE_URL, MAP_ATTRIBUTION).
  app.get('/api/map-config', { schema: { response: { 200: mapConfig } } }, (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { tileUrl: app.deps.config.mapTileUrl, attribution: app.deps.config.mapAttribution };
  });

  app.get(
    '/api/geocode',
    {
      schema: { querystring: geocodeQuery, response: { 200: geocodeResult } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      requireUser(request);
      const geocoder = app.deps.geocoder;
      let found: Awaited<ReturnType<typeof geocoder.search>>;
      try {
        found = await geocoder.search(request.query.q);
      } catch (error) {
        request.log.warn({ err: error }, 'geocoder failed');
        throw new HttpError(
          502,
          'The map search service is not answering. Please add the coordinates manually.',
        );
      }
      if (!found) throw new HttpError(404, 'Location not found');
      return found;
    },
  );
}
