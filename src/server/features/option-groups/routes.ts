// The option groups HTTP surface (issue 25): a shop's groups are public; creating, editing (a sold-out option is
// one PUT) and deleting them is its owner's alone (visitor 401, customer 403, another owner 404). Menu items carry
// their groups, so every change is told live to the shop's watchers as a menu change (issue 31).
import { z } from 'zod';
import {
  createOptionGroupBody,
  optionGroup,
  optionGroupParams,
  optionGroupShopParams,
  updateOptionGroupBody,
} from '../../../shared/api/option-groups.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { announceShopUpdate } from '../shops/live-updates.js';
import { createOptionGroup, deleteOptionGroup, listOptionGroups, updateOptionGroup } from './service.js';

export function optionGroupRoutes(app: App) {
  app.get(
    '/api/option-groups/:shopId',
    { schema: { params: optionGroupShopParams, response: { 200: z.array(optionGroup) } } },
    (request) => listOptionGroups(app.db, request.params.shopId),
  );

  app.post(
    '/api/option-groups',
    { schema: { body: createOptionGroupBody, response: { 201: optionGroup } } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      const created = await createOptionGroup(app.db, owner.id, request.body);
      announceShopUpdate(app, created.shopId, { menuChanged: true });
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/option-groups/:id',
    { schema: { params: optionGroupParams, body: updateOptionGroupBody, response: { 200: optionGroup } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const updated = await updateOptionGroup(app.db, owner.id, request.params.id, request.body);
      announceShopUpdate(app, updated.shopId, { menuChanged: true });
      return updated;
    },
  );

  app.delete('/api/option-groups/:id', { schema: { params: optionGroupParams } }, async (request, reply) => {
    const shopId = await deleteOptionGroup(app.db, requireRole(request, 'shop_owner').id, request.params.id);
    announceShopUpdate(app, shopId, { menuChanged: true });
    return reply.code(204).send();
  });
}
