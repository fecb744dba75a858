// Unit tests of the id schemas: a body id is a JSON integer, a path or query id plain decimal digits.
import { expect, test } from 'vitest';
import { bodyId, MAX_ID, pathId } from './ids.js';

test('a body id is a JSON integer: nothing that merely converts to one', () => {
  expect(bodyId('shopId').parse(12)).toBe(12);
  for (const loose of [true, [1], [[1]], '1', '0x10', 1.5, 0, MAX_ID + 1, null, { 0: 1 }]) {
    expect(bodyId('shopId').safeParse(loose).success, JSON.stringify(loose)).toBe(false);
  }
});

test('a path id is plain decimal digits, leading zeros allowed, within PostgreSQL integers', () => {
  expect(pathId('id').parse('16')).toBe(16);
  expect(pathId('id').parse('007')).toBe(7);
  for (const loose of [
    '0x10',
    '1e3',
    '1 ',
    ' 1',
    '+1',
    '1.0',
    '0b1',
    '',
    '0',
    '-1',
    String(MAX_ID + 1),
    '１',
  ]) {
    expect(pathId('id').safeParse(loose).success, loose).toBe(false);
  }
  expect(pathId('id').safeParse(16).success).toBe(false);
});
