// base64url text <-> bytes, for the push service's keys (a VAPID application server key, a subscription's keys).

/** The bytes of base64url text (padding optional). */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const unpadded = text.replace(/=+$/, '');
  const base64 = unpadded
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil(unpadded.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Bytes as base64url text without padding. */
export function bytesToBase64url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
