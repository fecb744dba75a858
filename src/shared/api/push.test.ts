import { describe, expect, test } from 'vitest';
import { fitPushPayload, PUSH_PAYLOAD_MAX_BYTES } from './push.js';

const base = { title: 'Thandi · Truth Coffee', url: '/messages?shop=5&customer=9', tag: 'chat-5-9' };
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('fitPushPayload', () => {
  test('a payload that fits is sent as it is', () => {
    const payload = { ...base, body: 'Is the oat milk back?' };
    expect(fitPushPayload(payload)).toBe(payload);
  });

  test('a body too long for 3 KB is cut short with … to the longest start that fits', () => {
    const fitted = fitPushPayload({ ...base, body: 'a'.repeat(5_000) });
    expect(bytes(fitted)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(bytes({ ...fitted, body: `a${fitted.body}` })).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES);
    expect(fitted.body).toMatch(/^a+…$/);
  });

  test('characters are never cut in half, and escapes count as JSON sends them', () => {
    for (const unit of ['☕', '😀', '"', '\n']) {
      const fitted = fitPushPayload({ ...base, body: unit.repeat(3_000) });
      expect(bytes(fitted)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
      expect([...fitted.body.slice(0, -1)].every((character) => character === unit)).toBe(true);
    }
  });
});
