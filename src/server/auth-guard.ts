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

/** Said with the 401 for a bearer token that is not (or no longer) good: RFC 6750's invalid_token. */
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

export function registerAuthGuard(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    request.auth = await tokens.verify(header.slice(7).trim());
    // A token whose session ended (signed out, a new password, a deleted account), or that expired or was never
    // ours, is refused on every API route, public ones included (issue 28), before anything is done: the client
    // drops it and asks again as the visitor it now is. (/metrics checks its own bearer token.)
    if (!request.auth && request.url.startsWith('/api/')) {
      reply.header('www-authenticate', INVALID_TOKEN_CHALLENGE);
      throw new HttpError(401, 'Your session has ended — please sign in again');
    }
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
