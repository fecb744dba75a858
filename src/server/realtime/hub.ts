// The live connection at /ws (spec §4, §7): sockets authenticate with {type:'auth', token}, then receive
// {type:'new_message', message} for every message of their conversations, and order_created / order_updated for
// the orders of their shops (owners) or their own orders (customers), from any app instance. Any socket, signed in
// or not, may also watch shops ({type:'watch_shops', shopIds}) and hear their shop_updated events (issue 31).
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { clientEvent, type ServerEvent } from '../../shared/api/messages.js';
import type { App } from '../app-type.js';
import { findMessage } from '../features/messages/service.js';
import { findOrder } from '../features/orders/service.js';
import { currentShopStates } from '../features/shops/live-updates.js';
import type { Bus } from './bus.js';
import type { Presence } from './presence.js';

/** A socket must prove who it is this soon after opening (the app's client does at once, on open). */
export const AUTH_TIMEOUT_MS = 3000;
/** Sockets one user may hold on one instance: tabs and devices, with room to spare; more is a leak or abuse. */
export const MAX_SOCKETS_PER_USER = 10;
export const HEARTBEAT_MS = 30_000;
/**
 * Sockets that watch shops without signing in, per client address on one instance (issue 31). Shop pages are public,
 * so visitors watch too; this bounds what one address can make an instance hold, with room for a shared office line.
 */
export const MAX_WATCH_ONLY_SOCKETS_PER_ADDRESS = 50;
/** The client event types; a frame naming one of them but malformed is told what is wrong with it. */
const clientEventTypes = new Set(['auth', 'ping', 'watch_shops']);

/** What is wrong with a frame, in words for the client: a known event's first problem, else 'Unknown message'. */
function problemWith(raw: unknown, issues: readonly { message: string }[]): string {
  const type = raw && typeof raw === 'object' ? (raw as { type?: unknown }).type : undefined;
  return typeof type === 'string' && clientEventTypes.has(type) && issues[0]
    ? issues[0].message
    : 'Unknown message';
}

export interface Hub {
  /** Sockets open on this instance, by user id. */
  socketsOf(userId: number): Set<WebSocket> | undefined;
  connectionCount(): number;
}

function send(socket: WebSocket, event: ServerEvent) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/**
 * Holds each connection's writes until the current turn of the event loop is over, so the live events one socket
 * gets together (an order's update and its chat message; several orders of a busy owner) leave in one write.
 * Every write is a system call: under the orders bench, socket writes were 40 % of the server's CPU (README).
 */
function createWriteBatcher() {
  const corked = new Set<Socket>();
  const uncorkAll = () => {
    for (const wire of corked) wire.uncork();
    corked.clear();
  };
  return (wire: Socket | undefined) => {
    if (!wire || corked.has(wire)) return;
    if (corked.size === 0) setImmediate(uncorkAll);
    wire.cork();
    corked.add(wire);
  };
}

export function registerHub(
  app: App,
  bus: Bus,
  presence: Presence,
  options: { authTimeoutMs?: number } = {},
): Hub {
  const authTimeoutMs = options.authTimeoutMs ?? AUTH_TIMEOUT_MS;
  const sockets = new Map<number, Set<WebSocket>>();
  const alive = new WeakMap<WebSocket, boolean>();
  /** Each WebSocket's TCP connection (the upgraded request's socket), for batching its writes. */
  const wires = new WeakMap<WebSocket, Socket>();
  /** Each authenticated socket's token and session, so a revoked session's sockets can be found and closed. */
  const credentials = new WeakMap<WebSocket, { token: string; sid: string }>();
  const endSession = (socket: WebSocket) => {
    send(socket, { type: 'error', message: 'Your session has ended. Please sign in again.' });
    socket.close(4401, 'Session ended');
  };
  const holdWrites = createWriteBatcher();
  /** Sockets watching each shop, and each socket's shops (issue 31): one lookup per shop_updated, whoever listens. */
  const watchers = new Map<number, Set<WebSocket>>();
  const watched = new WeakMap<WebSocket, Set<number>>();
  /** Sockets that watch shops without having signed in, by client address (bounded per address). */
  const watchOnly = new Map<string, Set<WebSocket>>();

  const sendToAll = (audience: Iterable<WebSocket>, event: ServerEvent) => {
    const text = JSON.stringify(event); // once, however many sockets hear it
    for (const socket of audience) {
      if (socket.readyState !== socket.OPEN) continue;
      holdWrites(wires.get(socket));
      socket.send(text);
    }
  };
  const deliver = (userId: number, event: ServerEvent) => {
    const own = sockets.get(userId);
    if (own) sendToAll(own, event);
  };

  /** Replaces the socket's watched shops with these ([] for none). */
  /** Sets the socket's watch list; returns the shops it did not watch before. */
  const watch = (socket: WebSocket, shopIds: Iterable<number>): number[] => {
    const next = new Set(shopIds);
    const added: number[] = [];
    const before = watched.get(socket) ?? new Set<number>();
    for (const shopId of before) {
      if (next.has(shopId)) continue;
      const audience = watchers.get(shopId);
      audience?.delete(socket);
      if (audience?.size === 0) watchers.delete(shopId);
    }
    for (const shopId of next) {
      if (before.has(shopId)) continue;
      added.push(shopId);
      const audience = watchers.get(shopId) ?? new Set<WebSocket>();
      audience.add(socket);
      watchers.set(shopId, audience);
    }
    watched.set(socket, next);
    return added;
  };
  /** Every socket open here, signed in or watching only: for heartbeats and resyncs. */
  function* everySocket() {
    for (const own of sockets.values()) yield* own;
    for (const own of watchOnly.values()) yield* own;
  }

  bus.subscribe((event) => {
    if (event.type === 'sessions_revoked') {
      const ended = new Set(event.sessionIds);
      for (const socket of sockets.get(event.userId) ?? []) {
        if (ended.has(credentials.get(socket)?.sid ?? '')) endSession(socket);
      }
      return;
    }
    if (event.type === 'resync') {
      for (const socket of everySocket()) {
        send(socket, { type: 'resync' });
        // A revocation may have been among the missed events: each socket's session is checked again.
        const held = credentials.get(socket);
        if (held)
          void app.deps.tokens.verify(held.token).then((still) => {
            if (!still) endSession(socket);
          });
      }
      return;
    }
    if (event.type === 'shop_updated') {
      const audience = watchers.get(event.shopId);
      // Rebuilt field by field: only what the contract names is passed on, whatever else a bus payload held.
      const { shopId, shop, menuChanged, hoursChanged } = event;
      if (audience) sendToAll(audience, { type: 'shop_updated', shopId, shop, menuChanged, hoursChanged });
      return;
    }
    if (event.type === 'order_event') {
      // Read back only when it travelled as an id, and only when someone here is listening.
      const toOwner = event.change !== 'customer' && sockets.has(event.ownerId);
      const toCustomer = event.change !== 'created' && sockets.has(event.customerId);
      if (!toOwner && !toCustomer) return;
      const known = event.order ? Promise.resolve(event.order) : findOrder(app.db, event.orderId);
      void known
        .then((order) => {
          if (!order) return;
          const ownerHears =
            event.change === 'created' || event.change === 'paid' ? 'order_created' : 'order_updated';
          if (toOwner) deliver(event.ownerId, { type: ownerHears, order });
          if (toCustomer) deliver(event.customerId, { type: 'order_updated', order });
          if (toCustomer && event.stamp) deliver(event.customerId, event.stamp);
        })
        .catch((error) => app.log.error({ err: error }, 'could not deliver an order event'));
      return;
    }
    if (event.type === 'messages_read') {
      deliver(event.userId, { type: 'messages_read', shopId: event.shopId, customerId: event.customerId });
      return;
    }
    if (event.type !== 'new_message') return;
    const known = event.message ? Promise.resolve(event.message) : findMessage(app.db, event.messageId);
    void known
      .then((message) => {
        if (!message) return;
        deliver(message.senderId, { type: 'new_message', message });
        if (message.receiverId !== message.senderId)
          deliver(message.receiverId, { type: 'new_message', message });
      })
      .catch((error) => app.log.error({ err: error }, 'could not deliver a message'));
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    wires.set(socket, request.raw.socket);
    let userId: number | null = null;
    /** The client address while this socket watches shops without having signed in. */
    let watchingAs: string | null = null;
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    const leaveWatchOnly = () => {
      if (watchingAs === null) return;
      const own = watchOnly.get(watchingAs);
      own?.delete(socket);
      if (own?.size === 0) watchOnly.delete(watchingAs);
      watchingAs = null;
    };

    // A socket that has neither proved who it is nor asked to watch shops gets nothing and is closed.
    const authTimer = setTimeout(() => {
      if (userId === null && watchingAs === null) socket.close(4401, 'Authentication required');
    }, authTimeoutMs);

    socket.on('message', async (data) => {
      let raw: unknown = null;
      try {
        raw = JSON.parse(String(data));
      } catch {
        // not JSON: refused below like any other unknown frame
      }
      const parsed = clientEvent.safeParse(raw);
      const stranger = userId === null && watchingAs === null;
      if (!parsed.success || (stranger && parsed.data.type === 'ping')) {
        send(socket, {
          type: 'error',
          message: parsed.success ? 'Unknown message' : problemWith(raw, parsed.error.issues),
        });
        // Before authenticating or watching, a socket may only do one of those: anything else ends it at once.
        if (stranger) socket.close(4401, 'Authentication required');
        return;
      }
      if (parsed.data.type === 'ping') return;
      if (parsed.data.type === 'watch_shops') {
        if (userId === null && watchingAs === null) {
          const address = request.ip;
          const own = watchOnly.get(address) ?? new Set<WebSocket>();
          if (own.size >= MAX_WATCH_ONLY_SOCKETS_PER_ADDRESS) {
            send(socket, { type: 'error', message: 'Too many open connections' });
            return socket.close(1008, 'Too many connections');
          }
          own.add(socket);
          watchOnly.set(address, own);
          watchingAs = address;
          clearTimeout(authTimer);
        }
        const added = watch(socket, parsed.data.shopIds);
        send(socket, { type: 'watching', shopIds: [...(watched.get(socket) ?? [])] });
        // The newly watched shops as they are now: nothing changed between the page's fetch and this is missed.
        if (added.length > 0)
          currentShopStates(app.db, added).then(
            (states) => {
              for (const state of states) send(socket, state);
            },
            (error) => app.log.error({ err: error }, 'could not read the watched shops'),
          );
        return;
      }
      const subject = await app.deps.tokens.verify(parsed.data.token);
      if (!subject) {
        send(socket, { type: 'error', message: 'Invalid or expired token' });
        return socket.close(4401, 'Invalid token');
      }
      // The socket may have closed while the token was being checked: then its close handler has run already,
      // and registering it now would keep a dead socket forever.
      if (socket.readyState !== socket.OPEN) return;
      if (userId !== null && sockets.get(userId)?.delete(socket)) presence.change(userId, -1);
      userId = subject.id;
      clearTimeout(authTimer);
      const own = sockets.get(userId) ?? new Set<WebSocket>();
      if (own.size >= MAX_SOCKETS_PER_USER) {
        send(socket, { type: 'error', message: 'Too many open connections' });
        return socket.close(1008, 'Too many connections');
      }
      own.add(socket);
      sockets.set(userId, own);
      leaveWatchOnly(); // signed in now: counted as the user's, its watched shops kept
      credentials.set(socket, { token: parsed.data.token, sid: subject.sid });
      presence.change(userId, 1);
      send(socket, { type: 'authenticated', userId });
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      watch(socket, []);
      leaveWatchOnly();
      if (userId === null) return;
      const own = sockets.get(userId);
      if (own?.delete(socket)) presence.change(userId, -1);
      if (own?.size === 0) sockets.delete(userId);
    });
  });

  // Heartbeats: a socket that did not answer the last ping is dead and is dropped.
  const heartbeat = setInterval(() => {
    for (const socket of everySocket()) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // The sockets themselves are closed (1001) by the websocket plugin's preClose in app.ts, before this runs.
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await presence.stop();
  });

  return {
    socketsOf: (id) => sockets.get(id),
    connectionCount: () => [...everySocket()].length,
  };
}
