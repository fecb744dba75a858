// Reads the bearer token of each request; requireUser and requireRole are the only ways a route asks who it is.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../shared/api/auth.js';
import type { TokenService, TokenSubject } from './features/auth/tokens.js';
import { HttpError } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token's subject; null when no or an invalid token came. */
    auth: TokenSubject | null;
  }
}

export function registerAuthGuard(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) request.auth = await tokens.verify(header.slice(7).trim());
  });
}

export function requireUser(request: FastifyRequest): TokenSubject {
  if (!request.auth) throw new HttpError(401, 'Please sign in to continue');
  return request.auth;
}

const roleNames: Record<Role, string> = { customer: 'customers', shop_owner: 'shop owners' };

export function requireRole(request: FastifyRequest, role: Role): TokenSubject {
  const user = requireUser(request);
  if (user.role !== role) throw new HttpError(403, `Only ${roleNames[role]} can do this`);
  return user;
}
