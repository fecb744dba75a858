// Graceful shutdown (issue 33): on SIGTERM or SIGINT, stop taking connections, finish what is in flight, close
// the live sockets with 1001 (going away: clients reconnect, to another instance), close the database, exit 0.
import type { App } from '../app-type.js';

/** How long requests in flight may take to finish before their connections are cut (a deploy waits this long). */
export const DRAIN_TIMEOUT_MS = 10_000;
/** A close that still hangs this long after the drain (a database that does not answer) ends the process anyway. */
const EXIT_DEADLINE_MS = DRAIN_TIMEOUT_MS + 5_000;

/**
 * app.close() does the draining: readiness turns 503 (operations/readiness.ts) and the WebSockets close with 1001
 * (app.ts's websocket preClose), the listener closes, requests in flight finish (Fastify's return503OnClosing is
 * off, so one that arrives on an open connection meanwhile is served too, and its connection then closed), and
 * the onClose hooks stop the bus and the sweeps. Then the database's pool is ended (PGlite: flushed to disk).
 */
export function stopOnSignals(
  app: App,
  database: { close(): Promise<void> },
  drainTimeoutMs = DRAIN_TIMEOUT_MS,
) {
  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${drainTimeoutMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, drainTimeoutMs);
    const deadline = setTimeout(() => {
      app.log.error('the shutdown did not finish in time; exiting');
      process.exit(1);
    }, EXIT_DEADLINE_MS);
    deadline.unref();
    try {
      await app.close();
      clearTimeout(cut);
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'could not shut down cleanly');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
