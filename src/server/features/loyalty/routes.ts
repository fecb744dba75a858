// The stamp cards' HTTP surface (issue 29): the owner sets a shop's card and reads its figures; a customer reads
// every card they hold. Stamps are earned and spent by the order routes.
import { z } from 'zod';
import { pathId } from '../../../shared/api/ids.js';
import {
  loyaltyCard,
  loyaltyMembers,
  loyaltyProgram,
  loyaltyProgramBody,
} from '../../../shared/api/loyalty.js';
import type { App } from '../../app-type.js';
import { requireRole } from '../../auth-guard.js';
import { getProgram, listCards, members, putProgram } from './service.js';

const shopParams = z.object({ id: pathId('id') });

export function loyaltyRoutes(app: App) {
  app.get(
    '/api/coffee-shops/:id/loyalty',
    { schema: { params: shopParams, response: { 200: loyaltyProgram.nullable() } } },
    (request) => getProgram(app.db, requireRole(request, 'shop_owner').id, request.params.id),
  );

  app.put(
    '/api/coffee-shops/:id/loyalty',
    { schema: { params: shopParams, body: loyaltyProgramBody, response: { 200: loyaltyProgram } } },
    async (request) => {
      const owner = requireRole(request, 'shop_owner');
      const program = await putProgram(app.db, owner.id, request.params.id, request.body);
      // Open shop pages show the card (or its absence) at once.
      app.deps.bus
        .publish({ type: 'shop_updated', shopId: program.shopId, loyaltyChanged: true })
        .catch((error) => request.log.error({ err: error }, 'could not announce a loyalty change'));
      return program;
    },
  );

  app.get(
    '/api/coffee-shops/:id/loyalty/members',
    { schema: { params: shopParams, response: { 200: loyaltyMembers } } },
    (request) => members(app.db, requireRole(request, 'shop_owner').id, request.params.id),
  );

  app.get('/api/loyalty', { schema: { response: { 200: z.array(loyaltyCard) } } }, (request) =>
    listCards(app.db, requireRole(request, 'customer').id),
  );
}
