// The bus between app instances: every instance publishes what happened and delivers it to its own sockets.
// In-process for one instance (PGlite); PostgreSQL LISTEN/NOTIFY when several share a PostgreSQL database.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { LoyaltyStampEvent } from '../../shared/api/loyalty.js';
import type { Message, ShopUpdatedEvent } from '../../shared/api/messages.js';
import type { Order } from '../../shared/api/orders.js';

/**
 * A new message travels whole when it is small, so no instance has to read it back; PostgreSQL's NOTIFY
 * payload is limited to 8 kB, so a larger one travels as its id alone and each instance reads it.
 */
export type BusEvent =
  | { type: 'new_message'; messageId: number; message?: Message }
  /** A user read a conversation (issue 32): their sockets, on every instance, update its unread count and the badge. */
  | { type: 'messages_read'; userId: number; shopId: number; customerId: number }
  /**
   * An order was placed ('created': for the shop's owner) or moved ('updated': for its customer and the owner).
   * The order travels whole when small; a large one (up to 30 long lines) travels as its id and is read back.
   */
  | {
      type: 'order_event';
      /**
       * created: the owner hears order_created. updated: both hear order_updated. paid: an online order the shop
       * had not seen is paid (issue 26): order_created to the owner, order_updated to the customer. customer: a
       * change only the customer may see (an unpaid online order expired or refunded).
       */
      change: 'created' | 'updated' | 'paid' | 'customer';
      orderId: number;
      customerId: number;
      ownerId: number;
      order?: Order;
      /** The stamp its completion earned (issue 29): told to the customer right after the order's move. */
      stamp?: LoyaltyStampEvent;
    }
  /** Sessions were ended (sign out, password change, deleted account): their sockets close (issue 28). */
  | { type: 'sessions_revoked'; userId: number; sessionIds: string[] }
  /** Shops were created or changed (a rating, a promotion): cached discover answers are out of date. */
  | { type: 'shops_changed' }
  /** A shop's page changed (issue 31): told as it is to the sockets watching that shop, on every instance. */
  | ShopUpdatedEvent
  /** Local only: this instance may have missed events (its bus connection dropped); clients should refetch. */
  | { type: 'resync' };

export interface Bus {
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
  /** For readiness (/api/ready) and metrics: whether events are heard now, and how often the line came back. */
  status(): BusStatus;
}

export interface BusStatus {
  connected: boolean;
  /** Times the listening connection was re-established after it dropped (bus_reconnects_total). */
  reconnects: number;
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
    status: () => ({ connected: true, reconnects: 0 }),
  };
}

const CHANNEL = 'coffee_events';
/** NOTIFY refuses payloads of 8000 bytes or more; stay well below. */
const MAX_PAYLOAD_BYTES = 7000;
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
  let connected = false;
  let reconnects = 0;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        const events = JSON.parse(notification.payload) as BusEvent[];
        for (const event of events) for (const handler of handlers) handler(event);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed bus event');
      }
    });
    const retry = (error?: Error) => {
      if (closed || listener !== client) return;
      listener = null;
      connected = false;
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
    if (connectedOnce) {
      reconnects += 1;
      for (const handler of handlers) handler({ type: 'resync' });
    }
    connectedOnce = true;
    connected = true;
  };

  // Events published in the same turn of the event loop share one NOTIFY (a JSON array up to the size
  // limit): under load that is one database round trip for many messages instead of one each.
  let pending: { encoded: string; bytes: number; done: () => void; failed: (error: Error) => void }[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    while (batch.length > 0) {
      const group: typeof batch = [];
      let size = 2;
      while (batch.length > 0 && (group.length === 0 || size + batch[0]!.bytes + 1 <= MAX_PAYLOAD_BYTES)) {
        const next = batch.shift()!;
        size += next.bytes + 1;
        group.push(next);
      }
      const payload = `[${group.map((item) => item.encoded).join(',')}]`;
      // Named: parsed once per connection, as it runs for nearly every write.
      pool.query({ name: 'bus_notify', text: 'select pg_notify($1, $2)', values: [CHANNEL, payload] }).then(
        () => {
          for (const item of group) item.done();
        },
        (error: Error) => {
          for (const item of group) item.failed(error);
        },
      );
    }
  };

  const ready = connect();
  return {
    ready,
    publish(event) {
      let encoded = JSON.stringify(event);
      if (Buffer.byteLength(encoded) > MAX_PAYLOAD_BYTES - 2) {
        if (event.type === 'new_message')
          encoded = JSON.stringify({ type: 'new_message', messageId: event.messageId });
        if (event.type === 'order_event') encoded = JSON.stringify({ ...event, order: undefined });
      }
      return new Promise<void>((done, failed) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ encoded, bytes: Buffer.byteLength(encoded), done, failed });
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      connected = false;
      await listener?.end().catch(() => {});
    },
    status: () => ({ connected, reconnects }),
  };
}
