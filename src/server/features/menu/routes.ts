// The menu HTTP surface (spec §7 Menu and hours): list (public), create, update, delete menu items (owners). Every
// change is told live to the sockets watching the shop (issue 31): a customer's open page greys a sold-out item, and
// a shop whose last item sold out stops saying 'Open now' (issue 32).
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
import { announceMenuChange } from '../shops/live-updates.js';
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
      const created = await createMenuItem(app.db, owner.id, request.body);
      // What a shop sells is searched (menu_text), and decides Open Now: cached lists are stale. Cleared before
      // the watchers hear, so a list they read again is the new one.
      app.deps.shopsChanged();
      announceMenuChange(app, created.shopId);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/menu-items/:id',
    { schema: { params: menuItemParams, body: updateMenuItemBody, response: { 200: menuItem } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const updated = await updateMenuItem(app.db, owner.id, request.params.id, request.body);
      app.deps.shopsChanged();
      announceMenuChange(app, updated.shopId);
      return updated;
    },
  );

  app.delete('/api/menu-items/:id', { schema: { params: menuItemParams } }, async (request, reply) => {
    const shopId = await deleteMenuItem(app.db, requireRole(request, 'shop_owner').id, request.params.id);
    app.deps.shopsChanged();
    announceMenuChange(app, shopId);
    return reply.code(204).send();
  });
}
