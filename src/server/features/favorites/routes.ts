// The favourites HTTP surface (spec §7 Favourites): list, check, add, remove; customers only.
import { z } from 'zod';
import { addFavoriteBody, favorite, favoriteCheck, shopIdParams } from '../../../shared/api/favorites.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './service.js';

const favoriteAck = z.object({ shopId: z.number().int(), isFavorite: z.boolean() });

export function favoriteRoutes(app: App) {
  app.get('/api/favorites', { schema: { response: { 200: z.array(favorite) } } }, (request) =>
    listFavorites(app.db, requireRole(request, 'customer').id),
  );

  app.get(
    '/api/favorites/:shopId/check',
    { schema: { params: shopIdParams, response: { 200: favoriteCheck } } },
    async (request) => ({
      isFavorite: await isFavorite(app.db, requireRole(request, 'customer').id, request.params.shopId),
    }),
  );

  app.post(
    '/api/favorites',
    { schema: { body: addFavoriteBody, response: { 201: favoriteAck } } },
    async (request, reply) => {
      const customer = requireRole(request, 'customer');
      await addFavorite(app.db, customer.id, request.body.shopId);
      return reply.code(201).send({ shopId: request.body.shopId, isFavorite: true });
    },
  );

  app.delete(
    '/api/favorites/:shopId',
    { schema: { params: shopIdParams, response: { 200: favoriteAck } } },
    async (request) => {
      const customer = requireRole(request, 'customer');
      await removeFavorite(app.db, customer.id, request.params.shopId);
      return { shopId: request.params.shopId, isFavorite: false };
    },
  );
}
