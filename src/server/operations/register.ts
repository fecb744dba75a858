// What operators need of every instance (issue 33): request ids, /metrics, /api/ready, and a drain that serves
// what it accepted. app.ts spreads operationsServerOptions into Fastify's options and calls registerOperations.
import type { FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import type { App } from '../app-type.js';
import type { Config } from '../config.js';
import { registerMetrics } from './metrics.js';
import { registerReadiness } from './readiness.js';
import { registerRequestIdHeader, requestIdOptions } from './request-id.js';

export function operationsServerOptions(config: Config): Partial<FastifyServerOptions> {
  return {
    ...requestIdOptions(config.trustProxy),
    // While closing, Fastify would answer a request that arrives on an open keep-alive connection with a bare 503;
    // that request is served instead (and its connection closed after: readiness.ts), so a deploy answers no
    // client with a 5xx. No new connection is accepted meanwhile, and the drain is bounded (shutdown.ts).
    return503OnClosing: false,
  };
}

export function registerOperations(app: App, options: { pool?: pg.Pool } = {}) {
  registerRequestIdHeader(app);
  registerReadiness(app);
  registerMetrics(app, options);
}
