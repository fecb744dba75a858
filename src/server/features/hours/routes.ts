// The opening-hours HTTP surface (spec §7 Menu and hours): weekly business hours and special days; reading is
// public, writing is the shop owner's. Every write may change whether a shop is open now, which discover shows and
// the shop's watchers hear live (issue 31).
import { z } from 'zod';
import {
  businessHours,
  businessHoursBody,
  hoursParams,
  hoursShopParams,
  specialDay,
  specialDayBody,
} from '../../../shared/api/hours.js';
import { localDateOf } from '../../../shared/domain/local-date.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { announceHoursChange } from '../shops/live-updates.js';
import {
  deleteSpecialDay,
  listBusinessHours,
  listSpecialDays,
  saveBusinessHours,
  saveSpecialDay,
  updateBusinessHours,
} from './service.js';

export function hoursRoutes(app: App) {
  app.get(
    '/api/business-hours/:shopId',
    { schema: { params: hoursShopParams, response: { 200: z.array(businessHours) } } },
    (request) => listBusinessHours(app.db, request.params.shopId),
  );

  app.post(
    '/api/business-hours',
    { schema: { body: businessHoursBody, response: { 200: businessHours, 201: businessHours } } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      const saved = await saveBusinessHours(app.db, owner.id, request.body);
      app.deps.shopsChanged(); // openNow in cached discover lists
      announceHoursChange(app, saved.value.shopId);
      return reply.code(saved.created ? 201 : 200).send(saved.value);
    },
  );

  app.put(
    '/api/business-hours/:id',
    { schema: { params: hoursParams, body: businessHoursBody, response: { 200: businessHours } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const saved = await updateBusinessHours(app.db, owner.id, request.params.id, request.body);
      app.deps.shopsChanged();
      announceHoursChange(app, saved.shopId);
      return saved;
    },
  );

  app.get(
    '/api/special-hours/:shopId',
    { schema: { params: hoursShopParams, response: { 200: z.array(specialDay) } } },
    (request) => listSpecialDays(app.db, request.params.shopId, localDateOf()),
  );

  app.post(
    '/api/special-hours',
    { schema: { body: specialDayBody, response: { 200: specialDay, 201: specialDay } } },
    async (request, reply) => {
      const owner = requireRole(request, 'shop_owner');
      const saved = await saveSpecialDay(app.db, owner.id, request.body, localDateOf());
      app.deps.shopsChanged();
      announceHoursChange(app, saved.value.shopId);
      return reply.code(saved.created ? 201 : 200).send(saved.value);
    },
  );

  app.delete('/api/special-hours/:id', { schema: { params: hoursParams } }, async (request, reply) => {
    const shopId = await deleteSpecialDay(app.db, requireRole(request, 'shop_owner').id, request.params.id);
    app.deps.shopsChanged();
    announceHoursChange(app, shopId);
    return reply.code(204).send();
  });
}
