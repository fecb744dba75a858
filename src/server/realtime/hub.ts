// The live connection at /ws (spec §4, §7): sockets authenticate with {type:'auth', token}, then receive
// {type:'new_message', message} for every message of their conversations, and order_created / order_updated for
// the orders of their shops (owners) or their own orders (customers), from any app instance.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { clientEvent, type ServerEvent } from '../../shared/api/messages.js';
import type { App } from '../app-type.js';
import { findMessage } from '../features/messages/service.js';
import { findOrder } from '../features/orders/service.js';
import type { Bus } from './bus.js';
import type { Presence } from './presence.js';

/** A socket must prove who it is this soon after opening (the app's client does at once, on open). */
export const AUTH_TIMEOUT_MS = 3000;
/** Sockets one user may hold on one instance: tabs and devices, with room to spare; more is a leak or abuse. */
export const MAX_SOCKETS_PER_USER = 10;
export const HEARTBEAT_MS = 30_000;

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

  const deliver = (userId: number, event: ServerEvent) => {
    const own = sockets.get(userId);
    if (!own) return;
    const text = JSON.stringify(event); // once, however many tabs the user has open
    for (const socket of own) {
      if (socket.readyState !== socket.OPEN) continue;
      holdWrites(wires.get(socket));
      socket.send(text);
    }
  };

  bus.subscribe((event) => {
    if (event.type === 'sessions_revoked') {
      const ended = new Set(event.sessionIds);
      for (const socket of sockets.get(event.userId) ?? []) {
        if (ended.has(credentials.get(socket)?.sid ?? '')) endSession(socket);
      }
      return;
    }
    if (event.type === 'resync') {
      for (const own of sockets.values()) {
        for (const socket of own) {
          send(socket, { type: 'resync' });
          // A revocation may have been among the missed events: each socket's session is checked again.
          const held = credentials.get(socket);
          if (held)
            void app.deps.tokens.verify(held.token).then((still) => {
              if (!still) endSession(socket);
            });
        }
      }
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
        })
        .catch((error) => app.log.error({ err: error }, 'could not deliver an order event'));
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
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));

    // A socket that has not proved who it is gets nothing and is closed.
    const authTimer = setTimeout(() => {
      if (userId === null) socket.close(4401, 'Authentication required');
    }, authTimeoutMs);

    socket.on('message', async (data) => {
      let parsed: ReturnType<typeof clientEvent.safeParse>;
      try {
        parsed = clientEvent.safeParse(JSON.parse(String(data)));
      } catch {
        parsed = clientEvent.safeParse(null);
      }
      if (!parsed.success || (userId === null && parsed.data.type !== 'auth')) {
        send(socket, { type: 'error', message: 'Unknown message' });
        // Before authenticating a socket may only authenticate: anything else ends it at once.
        if (userId === null) socket.close(4401, 'Authentication required');
        return;
      }
      if (parsed.data.type === 'ping') return;
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
      credentials.set(socket, { token: parsed.data.token, sid: subject.sid });
      presence.change(userId, 1);
      send(socket, { type: 'authenticated', userId });
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      if (userId === null) return;
      const own = sockets.get(userId);
      if (own?.delete(socket)) presence.change(userId, -1);
      if (own?.size === 0) sockets.delete(userId);
    });
  });

  // Heartbeats: a socket that did not answer the last ping is dead and is dropped.
  const heartbeat = setInterval(() => {
    for (const own of sockets.values()) {
      for (const socket of own) {
        if (!alive.get(socket)) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
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
    connectionCount: () => [...sockets.values()].reduce((total, own) => total + own.size, 0),
  };
}
