// GET /api/ready (issue 33): whether a load balancer should send this instance work. /api/health stays liveness.
import { readiness } from '../../shared/api/operations.js';
import type { App } from '../app-type.js';
import { HttpError } from '../http-error.js';
import { pingDatabase } from './metrics.js';

type State = 'starting' | 'ready' | 'draining';

/**
 * 200 once the app is ready, its database answers `select 1` and its bus hears the other instances; 503 {message}
 * while it starts, while it drains (from app.close(), which SIGTERM starts: operations/shutdown.ts), or when either
 * is away. While draining, every answer also closes its connection, so a client's next request opens a new one,
 * which the load balancer sends to another instance.
 */
export function registerReadiness(app: App) {
  let state: State = 'starting';
  app.addHook('onReady', async () => {
    state = 'ready';
  });
  app.addHook('preClose', async () => {
    state = 'draining';
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state === 'draining') reply.header('connection', 'close');
    done(null, payload);
  });

  app.get('/api/ready', { schema: { response: { 200: readiness } } }, async () => {
    if (state === 'starting') throw new HttpError(503, 'Starting up');
    if (state === 'draining') throw new HttpError(503, 'Shutting down');
    if (!app.deps.bus.status().connected) throw new HttpError(503, 'The event bus is not connected');
    try {
      await pingDatabase(app);
    } catch {
      throw new HttpError(503, 'The database is not answering');
    }
    return { status: 'ready' as const };
  });
}
