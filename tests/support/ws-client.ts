// A WebSocket client for tests: keeps every event the server pushes and waits for the one a test expects.
import WebSocket from 'ws';
import type { ServerEvent } from '../../src/shared/api/messages.js';

export interface TestSocket {
  /** Every event received so far, in order of arrival. */
  events: ServerEvent[];
  /**
   * Resolves with the first event, already received or still to come, that matches. Rejects after timeoutMs,
   * or at once when the socket closes first, so a missing event fails fast instead of hanging.
   */
  next(match: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  /** Sends a raw client event (for example a second {type:'auth'} or a malformed one). */
  send(event: unknown): void;
  close(): void;
  /** Resolves with the close code, whichever side closed. */
  closed: Promise<{ code: number }>;
}

interface Waiter {
  match: (event: ServerEvent) => boolean;
  resolve: (event: ServerEvent) => void;
  reject: (error: Error) => void;
}

/**
 * Opens /ws on the server at baseUrl. With a token it authenticates and resolves only once the server said
 * 'authenticated', so from then on the socket is subscribed and no later message can slip past it.
 */
export async function connect(baseUrl: string, token?: string): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
  const events: ServerEvent[] = [];
  const waiters = new Set<Waiter>();
  let closeCode: number | null = null;

  socket.on('message', (data) => {
    const event = JSON.parse(String(data)) as ServerEvent;
    events.push(event);
    for (const waiter of waiters) if (waiter.match(event)) waiter.resolve(event);
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code;
      for (const waiter of waiters) waiter.reject(new Error(`the socket closed (code ${code}) first`));
      resolve({ code });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const next = (match: (event: ServerEvent) => boolean, timeoutMs = 5000) => {
    const seen = events.find(match);
    if (seen) return Promise.resolve(seen);
    if (closeCode !== null) return Promise.reject(new Error(`the socket is closed (code ${closeCode})`));
    return new Promise<ServerEvent>((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (event) => settle(() => resolve(event)),
        reject: (error) => settle(() => reject(error)),
      };
      const timer = setTimeout(
        () => waiter.reject(new Error(`no matching WebSocket event within ${timeoutMs} ms`)),
        timeoutMs,
      );
      function settle(done: () => void) {
        clearTimeout(timer);
        waiters.delete(waiter);
        done();
      }
      waiters.add(waiter);
    });
  };

  const client: TestSocket = {
    events,
    next,
    send: (event) => socket.send(JSON.stringify(event)),
    close: () => socket.close(),
    closed,
  };
  if (token !== undefined) {
    client.send({ type: 'auth', token });
    const answer = await next((event) => event.type === 'authenticated' || event.type === 'error');
    if (answer.type !== 'authenticated') throw new Error(`authentication refused: ${JSON.stringify(answer)}`);
  }
  return client;
}

/** The contents of the new messages a socket has received, in order of arrival. */
export function receivedContents(socket: TestSocket): string[] {
  return socket.events.flatMap((event) => (event.type === 'new_message' ? [event.message.content] : []));
}

/** Matches the new_message event carrying this content. */
export const messageWith =
  (content: string) =>
  (event: ServerEvent): boolean =>
    event.type === 'new_message' && event.message.content === content;
