// What a push shows (issue 27): the server's JSON (shared/api/push.ts PushPayload) read defensively, since the
// service worker must show a notification for every push, even one it cannot read.
import type { PushPayload } from '@shared/api/push';

/** Shown for a push whose data is missing or is not the server's JSON. */
export const GENERIC_PUSH: PushPayload = {
  title: 'Brew Connect',
  body: 'You have a new update.',
  url: '/',
  tag: 'brew-connect',
};

/** The payload in a push's text, each field checked; anything unusable falls back to GENERIC_PUSH's. */
export function readPushPayload(text: string | null): PushPayload {
  if (!text) return GENERIC_PUSH;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return GENERIC_PUSH;
  }
  if (!parsed || typeof parsed !== 'object') return GENERIC_PUSH;
  const fields = parsed as Partial<Record<keyof PushPayload, unknown>>;
  const nonEmpty = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const title = nonEmpty(fields.title);
  if (!title) return GENERIC_PUSH;
  return {
    title,
    body: typeof fields.body === 'string' ? fields.body : '',
    url: nonEmpty(fields.url) ?? GENERIC_PUSH.url,
    tag: nonEmpty(fields.tag) ?? GENERIC_PUSH.tag,
  };
}

/** The page a notification opens: an address on this site, else its home page (a push never sends elsewhere). */
export function notificationTarget(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}
