// The menu HTTP surface (spec §7 Menu and hours): list (public), create, update, delete menu items (owners).
import { z } from 'zod';
import {
  createMenuItemBody,
  menuItem,
  menuItemParams,
  menuShopParams,
  updateMenuItemBody,
} from '../../../shared/api/menu.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { createMenuItem, deleteMenuItem, listMenuItems, updateMenuItem } from './service.js';

export function menuRoutes(app: App) {
  app.get(
    '/api/menu-items/:shopId',
    { schema: { params: menuShopParams, response: { 200: z.array(menuItem) } } },
    (request) => listMenuItems(app.db, request.params.shopId),
  );

  app.post(
    '/api/menu-items',
    { schema: { body: createMenuItemBody, response: { 201: menuItem } } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      return reply.code(201).send(await createMenuItem(app.db, owner.id, request.body));
    },
  );

  app.put(
    '/api/menu-items/:id',
    { schema: { params: menuItemParams, body: updateMenuItemBody, response: { 200: menuItem } } },
    (request) =>
      updateMenuItem(app.db, requireRole(request, 'shop_owner').id, request.params.id, request.body),
  );

  app.delete('/api/menu-items/:id', { schema: { params: menuItemParams } }, async (request, reply) => {
    await deleteMenuItem(app.db, requireRole(request, 'shop_owner').id, request.params.id);
    return reply.code(204).send();
  });
}
