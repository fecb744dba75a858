// The push HTTP surface (issue 27): the server's VAPID public key, a device's subscription, and preferences.
import {
  notificationPreferences,
  pushPublicKey,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '../../../shared/api/push.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { isPushServiceEndpoint } from '../../integrations/push.js';
import { deleteSubscription, preferencesOf, savePreferences, saveSubscription } from './subscriptions.js';

export const PUSH_OFF_MESSAGE = 'Push notifications are not configured on this server';

export function pushRoutes(app: App) {
  const { config } = app.deps;

  app.get('/api/push/public-key', { schema: { response: { 200: pushPublicKey } } }, () => {
    if (!app.deps.push) throw new HttpError(503, PUSH_OFF_MESSAGE);
    return { publicKey: app.deps.push.publicKey };
  });

  app.post(
    '/api/push/subscriptions',
    {
      schema: { body: pushSubscriptionBody },
      config: { rateLimit: { max: 60, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: byUser } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!app.deps.push) throw new HttpError(503, PUSH_OFF_MESSAGE);
      // The server will POST to this address: only a known push service's, never one a user makes up.
      if (!isPushServiceEndpoint(request.body.endpoint, config.pushServiceHosts))
        throw new HttpError(400, 'endpoint must be an https URL of a known push service');
      await saveSubscription(app.db, user, request.body);
      return reply.code(201).send({ endpoint: request.body.endpoint });
    },
  );

  app.delete('/api/push/subscriptions', { schema: { body: pushUnsubscribeBody } }, async (request, reply) => {
    const user = requireUser(request);
    // Only one's own: someone else's endpoint is as absent as an unknown one (204 either way: it is not yours).
    await deleteSubscription(app.db, user.id, request.body.endpoint);
    return reply.code(204).send();
  });

  app.get(
    '/api/notification-preferences',
    { schema: { response: { 200: notificationPreferences } } },
    (request) => preferencesOf(app.db, requireUser(request).id),
  );

  app.put(
    '/api/notification-preferences',
    { schema: { body: notificationPreferences, response: { 200: notificationPreferences } } },
    (request) => savePreferences(app.db, requireUser(request).id, request.body),
  );
}

function byUser(request: { auth?: { id: number } | null; ip: string }) {
  return `push:${request.auth?.id ?? request.ip}`;
}
