// Unit tests of the shared building blocks: NUL-free text, public http(s) links, rounded coordinates.
import { expect, test } from 'vitest';
import { findNul, isPublicHostname, publicHttpUrl, roundCoordinate, safeText } from './text.js';

test('safeText refuses U+0000 and keeps everything else', () => {
  expect(safeText().safeParse('a\u0000b').success).toBe(false);
  expect(safeText().trim().max(5).parse('  café ')).toBe('café');
});

test('findNul names the first field holding U+0000, keys and nested lists included', () => {
  expect(findNul({ name: 'ok', items: [{ note: 'x' }, { note: 'a\u0000' }] })).toBe('items.1.note');
  expect(findNul({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
  expect(findNul({ search: '\u0000' })).toBe('search');
  expect(findNul({ name: 'fine', n: 1, list: [true, null] })).toBeNull();
  expect(findNul(undefined)).toBeNull();
});

test.each([
  ['images.example.com', true],
  ['93.184.216.34', true],
  ['[2606:4700::1111]', true],
  ['localhost', false],
  ['intranet', false],
  ['127.0.0.1', false],
  ['10.0.0.8', false],
  ['172.31.255.1', false],
  ['172.32.0.1', true],
  ['192.168.0.1', false],
  ['169.254.169.254', false],
  ['100.64.0.1', false],
  ['0.0.0.0', false],
  ['224.0.0.1', false],
  ['[::1]', false],
  ['[::]', false],
  ['[fc00::1]', false],
  ['[fe80::1]', false],
  ['[::ffff:7f00:1]', false],
  ['printer.local', false],
  ['db.internal', false],
  ['app.localhost', false],
])('isPublicHostname(%s) is %s', (hostname, expected) => {
  expect(isPublicHostname(hostname)).toBe(expected);
});

test('publicHttpUrl keeps public http(s) links, makes empty null, and refuses the rest', () => {
  const imageUrl = publicHttpUrl('imageUrl');
  expect(imageUrl.parse('https://example.com/a.png')).toBe('https://example.com/a.png');
  expect(imageUrl.parse('')).toBeNull();
  expect(imageUrl.parse(null)).toBeNull();
  for (const bad of ['javascript:alert(1)', 'https://user:pw@example.com/', 'http://[::1]/', 'example.com'])
    expect(imageUrl.safeParse(bad).success).toBe(false);
});

test('coordinates are rounded to 6 decimals, tiny ones to 0', () => {
  expect(roundCoordinate(-33.92486851)).toBe(-33.924869);
  expect(roundCoordinate(1e-320)).toBe(0);
  expect(Object.is(roundCoordinate(-1e-9), 0)).toBe(true);
});
