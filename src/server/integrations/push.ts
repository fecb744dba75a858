// Web Push (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through the `web-push` package, and
// which push services a subscription may name. What is pushed and when: features/push/.
//
// A sender is careful with push services, as a busy shop's order flow must not pay for a slow one: connections are
// kept alive (one TLS handshake per service, not per push), the VAPID token for each service is signed once and
// reused for hours, at most PER_HOST_CONCURRENCY pushes go to one service at a time, and a service that keeps failing
// or hanging is left alone for a while (a circuit breaker) instead of being asked again and again.
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../shared/api/push.js';

/** A hung push service gives up after this; a move or a message never waits for it (the outbox sends). */
export const PUSH_TIMEOUT_MS = 10_000;
/** Pushes in flight to one push service at once; more wait up to QUEUE_WAIT_MS, then are retried later. */
export const PER_HOST_CONCURRENCY = 16;
const QUEUE_WAIT_MS = 3_000;
/** Sends in a row with no answer (timeouts, broken connections) after which a service is left alone for a while. */
const BREAKER_FAILURES = 5;
const BREAKER_FIRST_SECONDS = 30;
const BREAKER_MAX_SECONDS = 5 * 60;
/** A VAPID token lives this long (at most 24 h, RFC 8292) and is signed again when it has under an hour left. */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push with the same topic replaces an undelivered older one at the push service (≤ 32 base64url). */
  topic: string;
}

/**
 * What the push service said: delivered; gone (404/410: the subscription is dead, delete it); retry (429 or
 * 5xx, no answer, or the service left alone for now), after `afterSeconds` when known (Retry-After); refused (any
 * other 4xx: retrying will not help).
 */
export type PushOutcome =
  | { outcome: 'sent' }
  | { outcome: 'gone'; status: number }
  | { outcome: 'retry'; reason: string; afterSeconds?: number; quiet?: boolean }
  | { outcome: 'refused'; status: number; reason: string };

export interface PushSender {
  publicKey: string;
  /** Seconds this endpoint's push service is still left alone (0: it may be asked): checked before any other work. */
  leftAlone(endpoint: string): number;
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome>;
}

interface HostState {
  inFlight: number;
  waiting: (() => void)[];
  failures: number;
  /** Epoch ms until which the service is left alone. */
  openUntil: number;
  vapid?: { authorization: string; expiresAtMs: number };
}

export function createWebPushSender(keys: {
  publicKey: string;
  privateKey: string;
  subject: string;
  allowedHosts: string[];
  /** How long a send waits for an answer (PUSH_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}): PushSender {
  const agent = new Agent({ keepAlive: true, maxSockets: PER_HOST_CONCURRENCY });
  const hosts = new Map<string, HostState>();
  const stateOf = (origin: string) => {
    let state = hosts.get(origin);
    if (!state) {
      state = { inFlight: 0, waiting: [], failures: 0, openUntil: 0 };
      hosts.set(origin, state);
    }
    return state;
  };

  /** The VAPID Authorization header for a push service (its origin is the token's audience), signed once in a while. */
  const vapidFor = (origin: string, state: HostState) => {
    if (!state.vapid || state.vapid.expiresAtMs - Date.now() < 60 * 60_000) {
      const expiresAt = Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS;
      const headers = webpush.getVapidHeaders(
        origin,
        keys.subject,
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
        expiresAt,
      );
      state.vapid = { authorization: String(headers.Authorization), expiresAtMs: expiresAt * 1000 };
    }
    return state.vapid.authorization;
  };

  /** A slot for one push to this service, or false when none came free in time. */
  const takeSlot = async (state: HostState, waitMs: number) => {
    if (state.inFlight < PER_HOST_CONCURRENCY) {
      state.inFlight += 1;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        state.inFlight += 1;
        resolve(true);
      };
      const timer = setTimeout(() => {
        state.waiting = state.waiting.filter((waiter) => waiter !== wake);
        resolve(false);
      }, waitMs);
      state.waiting.push(wake);
    });
  };
  const releaseSlot = (state: HostState) => {
    state.inFlight -= 1;
    state.waiting.shift()?.();
  };

  /**
   * No answer at all (a timeout, a refused or broken connection): counts towards leaving the service alone. An
   * answer, even 5xx, is quick and says when to come back; the row's own backoff handles it.
   */
  const failed = (state: HostState) => {
    state.failures += 1;
    if (state.failures >= BREAKER_FAILURES && state.openUntil <= Date.now()) {
      const seconds = Math.min(
        BREAKER_MAX_SECONDS,
        BREAKER_FIRST_SECONDS * 2 ** Math.floor((state.failures - BREAKER_FAILURES) / BREAKER_FAILURES),
      );
      state.openUntil = Date.now() + seconds * 1000;
    }
  };

  return {
    publicKey: keys.publicKey,
    leftAlone(endpoint) {
      let origin: string;
      try {
        origin = new URL(endpoint).origin;
      } catch {
        return 0;
      }
      const state = hosts.get(origin);
      return state ? Math.max(0, Math.ceil((state.openUntil - Date.now()) / 1000)) : 0;
    },
    async send(target, payload, options) {
      // Checked again here, not only when it was saved: the list may have been narrowed since.
      if (!isPushServiceEndpoint(target.endpoint, keys.allowedHosts))
        return { outcome: 'refused', status: 0, reason: 'endpoint is not on a known push service' };
      // The whole send, a wait for a free slot included, is over within the timeout: web-push's own `timeout` is
      // the socket's idle time, which a service sending a byte now and then would stretch (decision 0011).
      const timeoutMs = keys.timeoutMs ?? PUSH_TIMEOUT_MS;
      const deadline = Date.now() + timeoutMs;
      const origin = new URL(target.endpoint).origin;
      const state = stateOf(origin);
      const leftAlone = Math.ceil((state.openUntil - Date.now()) / 1000);
      if (leftAlone > 0)
        return {
          outcome: 'retry',
          reason: `${origin} is failing; left alone for now`,
          afterSeconds: leftAlone,
        };
      if (!(await takeSlot(state, Math.min(QUEUE_WAIT_MS, timeoutMs / 2))))
        return { outcome: 'retry', reason: `${origin} is busy`, afterSeconds: 5 };
      let timer: NodeJS.Timeout | undefined;
      try {
        const sending = webpush.sendNotification(target, JSON.stringify(payload), {
          // No vapidDetails: the Authorization header is ours, signed once per service (web-push signs per push).
          headers: { Authorization: vapidFor(origin, state) },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          timeout: timeoutMs,
          contentEncoding: 'aes128gcm',
          agent,
        });
        sending.catch(() => undefined); // answered after the deadline: nobody is waiting any more
        await Promise.race([
          sending,
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`no answer within ${timeoutMs} ms`)),
              Math.max(1, deadline - Date.now()),
            );
          }),
        ]);
        state.failures = 0;
        return { outcome: 'sent' };
      } catch (error) {
        if (!(error instanceof WebPushError)) {
          failed(state);
          return { outcome: 'retry', reason: error instanceof Error ? error.message : String(error) };
        }
        const status = error.statusCode;
        if (status === 404 || status === 410) return { outcome: 'gone', status };
        if (status === 429 || status >= 500) {
          const afterSeconds = retryAfterSeconds(error.headers?.['retry-after']);
          return { outcome: 'retry', reason: `push service answered ${status}`, afterSeconds };
        }
        return {
          outcome: 'refused',
          status,
          reason: `push service answered ${status}: ${error.body}`.slice(0, 300),
        };
      } finally {
        clearTimeout(timer);
        releaseSlot(state);
      }
    },
  };
}

/** Retry-After as seconds (a count, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Whether the server may POST to this endpoint: https, no credentials, on one of the allowed hosts (`host`: any
 * port, `host:port`: that port, `*.domain`: any subdomain of domain).
 */
export function isPushServiceEndpoint(endpoint: string, allowedHosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  return allowedHosts.some((allowed) => {
    const [name, allowedPort] = splitHostPort(allowed);
    if (allowedPort !== undefined && allowedPort !== port) return false;
    if (name.startsWith('*.')) return host.endsWith(name.slice(1)) && host.length > name.length - 1;
    return host === name;
  });
}

function splitHostPort(entry: string): [string, string | undefined] {
  const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1]!, bracketed[2]];
  const [name, port] = entry.split(':');
  return [name!, port];
}
