// Web Push (issue 27): a device's push subscription, what a user wants pushed, and what a push carries.
import { z } from 'zod';

/** A P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret, both base64url without padding. */
const base64url = /^[A-Za-z0-9_-]+$/;
function base64urlBytes(name: string, bytes: number) {
  return z
    .string({ message: `${name} must be base64url text` })
    .regex(base64url, `${name} must be base64url text`)
    .refine((value) => decodedLength(value) === bytes, `${name} must encode ${bytes} bytes`);
}
/** Bytes a base64url string (without padding) decodes to. */
export function decodedLength(value: string): number {
  const unpadded = value.replace(/=+$/, '');
  return Math.floor((unpadded.length * 3) / 4);
}

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON(), less expirationTime. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ message: 'endpoint must be an https URL of a push service' })
    .max(1000, 'endpoint must be at most 1000 characters'),
  keys: z.object(
    {
      p256dh: base64urlBytes('keys.p256dh', 65),
      auth: base64urlBytes('keys.auth', 16),
    },
    { message: 'keys must be {p256dh, auth}' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeBody = z.object({
  endpoint: z
    .string({ message: 'endpoint must be text' })
    .max(1000, 'endpoint must be at most 1000 characters'),
});

/** GET /api/push/public-key (503 {message} when push is off on this server). */
export const pushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;

/** GET / PUT /api/notification-preferences: push per kind, each on unless turned off. */
export const notificationPreferences = z.object({
  orderUpdates: z.boolean({ message: 'orderUpdates must be true or false' }),
  newOrders: z.boolean({ message: 'newOrders must be true or false' }),
  messages: z.boolean({ message: 'messages must be true or false' }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** Subscriptions one user may keep (devices and browsers); a new one past this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * What the service worker receives in a push (JSON, at most PUSH_PAYLOAD_MAX_BYTES): `tag` is per order or
 * conversation, so a newer notification replaces an older one on the device; `url` is where a click goes.
 */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
export const PUSH_PAYLOAD_MAX_BYTES = 3 * 1024;

/**
 * The payload as sent: its body cut short (with '…') until the JSON is at most PUSH_PAYLOAD_MAX_BYTES. What is
 * pushed is short by construction (a chat line at 200 characters, an order's lines at 120); this is the guard.
 */
export function fitPushPayload(payload: PushPayload): PushPayload {
  const encoder = new TextEncoder();
  const fits = (body: string) =>
    encoder.encode(JSON.stringify({ ...payload, body })).length <= PUSH_PAYLOAD_MAX_BYTES;
  if (fits(payload.body)) return payload;
  const characters = [...payload.body]; // whole code points: an emoji is never cut in half
  const cut = (keep: number) => `${characters.slice(0, keep).join('')}…`;
  // The longest start of the body that fits with its '…' (a binary search: fitting shrinks as it grows).
  let [low, high] = [0, characters.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(cut(middle))) low = middle;
    else high = middle - 1;
  }
  return { ...payload, body: cut(low) };
}
