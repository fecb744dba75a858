// The bus between app instances: every instance publishes what happened and delivers it to its own sockets.
// In-process for one instance (PGlite); PostgreSQL LISTEN/NOTIFY when several share a PostgreSQL database.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Events carry ids, never payloads: NOTIFY payloads are limited to 8 kB, and the database holds the truth. */
export type BusEvent =
  | { type: 'new_message'; messageId: number }
  /** Local only: this instance may have missed events (its bus connection dropped); clients should refetch. */
  | { type: 'resync' };

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
}

export function createInProcessBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'coffee_events';
const RECONNECT_DELAY_MS = 1000;

/**
 * LISTEN/NOTIFY over one dedicated connection, re-established whenever it drops. Publishing goes through
 * the pool; each instance, the sender's included, hears its own NOTIFY, so delivery has one path.
 */
export function createPostgresBus(
  connectionString: string,
  pool: pg.Pool,
  log: FastifyBaseLogger,
): Bus & { ready: Promise<void> } {
  const handlers: ((event: BusEvent) => void)[] = [];
  let listener: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        const event = JSON.parse(notification.payload) as BusEvent;
        for (const handler of handlers) handler(event);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed bus event');
      }
    });
    const retry = (error?: Error) => {
      if (closed || listener !== client) return;
      listener = null;
      log.warn({ err: error }, 'bus connection lost; reconnecting');
      client.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_DELAY_MS);
    };
    client.on('error', retry);
    client.on('end', () => retry());
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      retry(error as Error);
      throw error;
    }
    // Events sent while we were away were not heard: let the sockets' owners refetch.
    if (connectedOnce) for (const handler of handlers) handler({ type: 'resync' });
    connectedOnce = true;
  };

  const ready = connect();
  return {
    ready,
    async publish(event) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}
