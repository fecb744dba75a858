// Web Push (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through the `web-push` package, and
// which push services a subscription may name. What is pushed and when: features/push/.
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../shared/api/push.js';

/** A hung push service gives up after this; a move or a message never waits for it (the outbox sends). */
export const PUSH_TIMEOUT_MS = 10_000;

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
 * 5xx, or no answer), after `afterSeconds` when it said (Retry-After); refused (any other 4xx: retrying will not
 * help).
 */
export type PushOutcome =
  | { outcome: 'sent' }
  | { outcome: 'gone'; status: number }
  | { outcome: 'retry'; reason: string; afterSeconds?: number }
  | { outcome: 'refused'; status: number; reason: string };

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome>;
}

export function createWebPushSender(keys: {
  publicKey: string;
  privateKey: string;
  subject: string;
  allowedHosts: string[];
}): PushSender {
  const vapidDetails = { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    publicKey: keys.publicKey,
    async send(target, payload, options) {
      // Checked again here, not only when it was saved: the list may have been narrowed since.
      if (!isPushServiceEndpoint(target.endpoint, keys.allowedHosts))
        return { outcome: 'refused', status: 0, reason: 'endpoint is not on a known push service' };
      try {
        await webpush.sendNotification(target, JSON.stringify(payload), {
          vapidDetails,
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          timeout: PUSH_TIMEOUT_MS,
          contentEncoding: 'aes128gcm',
        });
        return { outcome: 'sent' };
      } catch (error) {
        if (!(error instanceof WebPushError)) {
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
