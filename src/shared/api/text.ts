// Building blocks for every text, link and coordinate a client sends: text without NUL characters, links only to
// public http(s) hosts, coordinates in range and rounded to 6 decimals. Each schema of src/shared/api uses these.
import { z } from 'zod';
import { isUploadPath } from './uploads.js';

/** PostgreSQL text cannot hold U+0000: stored, it fails as a 500 ('invalid byte sequence'). */
export const NUL_MESSAGE = 'must not contain a NUL character';

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * A string that cannot hold U+0000. Use it wherever z.string() would be: `safeText('name is required')` then
 * .trim(), .max() as usual. The error names the field through its path ('name: must not contain …').
 */
export function safeText(message?: string) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine((value) => !hasNul(value), NUL_MESSAGE);
}

/** Decimals kept of a coordinate: 6 is about 11 cm, finer than any address; more only invites float tricks. */
export const COORDINATE_DECIMALS = 6;

/**
 * Rounds a coordinate to COORDINATE_DECIMALS. Rounding (rather than refusing) keeps what geocoders and phones
 * send (7+ decimals) working, and turns values like 1e-320 into 0, which PostgreSQL's trigonometry could not
 * square without an underflow error.
 */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Plain decimal text: digits, an optional minus and fraction ('-33.9249'); no exponent, hex, padding or sign +. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A number sent as a JSON number or as plain decimal text; NaN for any other text, for the caller's check to
 * refuse. Number() alone would read '0x10' as 16, '1e1' as 10, ' 5 ' as 5 and '' as 0.
 */
export function readDecimal(value: string | number): number {
  if (typeof value === 'number') return value;
  return DECIMAL_TEXT.test(value) ? Number(value) : Number.NaN;
}

function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  const [a, b] = parts as [number, number];
  return (
    a === 0 || // this network, 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224 // multicast and reserved
  );
}

/**
 * Whether a URL's hostname (as WHATWG URL normalises it: IPv4 in dotted decimal, IPv6 in brackets) names a
 * public host. Private, loopback, link-local and local-only names are refused: a link to them is either
 * useless to other people or an attempt to make someone's browser (or a future server-side fetch) reach inside.
 */
export function isPublicHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '') return false;
  if (host.startsWith('[')) {
    // IPv6: only global unicast (2000::/3) is public; ::1, ::, fc00::/7, fe80::/10, ::ffff:a.b.c.d are not.
    const address = host.slice(1, -1);
    return /^[23][0-9a-f]{3}:/.test(address);
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !isPrivateIPv4(host);
  if (!host.includes('.')) return false; // localhost, intranet names
  return !/\.(localhost|local|internal|intranet|lan|home|corp|home\.arpa|localdomain)$/.test(host);
}

/** An uploaded photo's path (/uploads/….webp) or an http(s) link to a public host, at most 2,000 characters; empty means none (null). */
export function publicHttpUrl(field: string) {
  return z
    .string({ message: `${field} must be a URL` })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(
      z
        .string()
        .max(2000, `${field} is too long`)
        .refine((value) => {
          // A photo uploaded here (POST /api/uploads) is a same-origin path, valid on every host the app runs on.
          if (isUploadPath(value)) return true;
          try {
            const url = new URL(value);
            return (
              (url.protocol === 'https:' || url.protocol === 'http:') &&
              url.username === '' &&
              url.password === '' &&
              isPublicHostname(url.hostname)
            );
          } catch {
            return false;
          }
        }, `${field} must be an http or https link to a public web address`)
        .nullable(),
    );
}

/**
 * An escape of U+0000 in JSON text (\u0000) that is not itself escaped: a backslash before it must belong to
 * an escaped pair ('\\u0000' is a backslash and then 'u0000' as text). Only a run of backslashes after a
 * character that is not one is tried, so the regex is linear in the text.
 */
const JSON_NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/**
 * Whether JSON text holds U+0000 in any string, key or value: one pass over the text. JSON can carry it only as
 * the escape \u0000 (a raw control character in a string is invalid JSON), so no parsed value need be walked.
 */
export function jsonHasNul(text: string): boolean {
  return JSON_NUL_ESCAPE.test(text);
}

/**
 * The path ('items.0.name') of the first string holding U+0000 in a parsed body or query, keys included; null
 * when there is none. The server checks every request with it before validation, so a route whose schema
 * forgot safeText still answers 400, never 500. A walk with a stack of its own, not recursion, so no nesting
 * can overflow the call stack; bytes (a Buffer) are not text and are not walked.
 */
export function findNul(value: unknown, path = ''): string | null {
  // Each entry's key goes on the stack above its value, and entries in reverse, so the first one found is the
  // first in reading order.
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, itemPath] = next;
    if (typeof item === 'string') {
      if (hasNul(item)) return itemPath || 'body';
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, entry] = entries[index]!;
        const entryPath = itemPath ? `${itemPath}.${key}` : key;
        pending.push([entry, entryPath], [key, entryPath]);
      }
    }
  }
  return null;
}
