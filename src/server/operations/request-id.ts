// Request ids (issue 33): every log line of a request carries its id, and the answer's X-Request-Id header tells it;
// an id set by a trusted proxy is kept, so one request can be followed from the load balancer to the database.
import { randomUUID } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';
import type { App } from '../app-type.js';
import type { TrustProxy } from '../config.js';

/**
 * What a passed-on id may look like: the usual forms (UUIDs, nginx's hex $request_id, AWS's `Root=1-…`) fit.
 * Anything else, or longer, is replaced by an id of our own rather than trimmed: a header of a stranger's
 * choosing goes into every log line of the request, so it must be short and plain.
 */
const PASSED_ON_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/**
 * Whether the socket's peer is a proxy TRUST_PROXY names (as app.ts tells Fastify whose X-Forwarded-For to believe):
 * only then is its X-Request-Id the load balancer's. From anyone else it would let a client choose the id under
 * which its requests are logged, and pose as another request in the logs.
 */
function peerIsTrusted(setting: TrustProxy): (address: string | undefined) => boolean {
  if (setting === false) return () => false;
  // A hop count n trusts the n hops nearest to us, the socket's peer first.
  if (typeof setting === 'number') return () => setting > 0;
  const trust = proxyAddr.compile(setting);
  return (address) => address !== undefined && trust(address, 0);
}

/** Fastify's options for request ids: ours generated, a trusted proxy's kept; logged as reqId (Fastify's label). */
export function requestIdOptions(
  trustProxy: TrustProxy,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  const isTrusted = peerIsTrusted(trustProxy);
  return {
    // Fastify's own header reading would believe anyone; genReqId decides instead.
    requestIdHeader: false,
    genReqId(request) {
      const given = request.headers['x-request-id'];
      if (typeof given === 'string' && PASSED_ON_ID.test(given) && isTrusted(request.socket?.remoteAddress))
        return given;
      return randomUUID();
    },
  };
}

/** Every answer, errors and not-found included, says which request it answers. */
export function registerRequestIdHeader(app: App) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
