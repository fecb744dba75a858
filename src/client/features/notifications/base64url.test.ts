// base64url for push keys (issue 27): a VAPID key's text to bytes and back, with or without padding.
import { expect, test } from 'vitest';
import { base64urlToBytes, bytesToBase64url } from './base64url';

test('bytes survive a round trip, in the URL-safe alphabet without padding', () => {
  const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 251) % 256);
  const text = bytesToBase64url(bytes);
  expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
  expect(text).toBe(Buffer.from(bytes).toString('base64url'));
  expect(base64urlToBytes(text)).toEqual(bytes);
  expect(base64urlToBytes(`${Buffer.from([1, 2]).toString('base64url')}==`)).toEqual(Uint8Array.from([1, 2]));
  expect(bytesToBase64url(bytes.buffer)).toBe(text);
});
