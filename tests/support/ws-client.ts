// A WebSocket client for tests: keeps every event it receives and waits for the one a test expects.
import WebSocket from 'ws';
import type { ServerEvent } from '../../src/shared/api/messages.js';

export interface TestSocket {
  events: ServerEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  /** Connects and authenticates; resolves once the server said 'authenticated'. */
  authenticate(token: string): Promise<void>;
  closed: Promise<{ code: number }>;
  close(): void;
}

export async function openSocket(baseUrl: string): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const events: ServerEvent[] = [];
  const waiters: { match: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }[] = [];
  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const next = (match: (event: ServerEvent) => boolean, timeoutMs = 5000) => {
    const seen = events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<ServerEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('expected WebSocket event did not arrive')), timeoutMs);
      waiters.push({
        match,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  };

  return {
    events,
    next,
    async authenticate(token) {
      socket.send(JSON.stringify({ type: 'auth', token }));
      await next((event) => event.type === 'authenticated');
    },
    closed,
    close: () => socket.close(),
  };
}

/** The contents of the new messages a socket has received, in order. */
export function receivedContents(socket: TestSocket): string[] {
  return socket.events.flatMap((event) => (event.type === 'new_message' ? [event.message.content] : []));
}
