// Unit tests of the shared building blocks: NUL-free text, public http(s) links, rounded coordinates.
import { expect, test } from 'vitest';
import {
  findNul,
  isPublicHostname,
  jsonHasNul,
  publicHttpUrl,
  readDecimal,
  roundCoordinate,
  safeText,
} from './text.js';

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
  expect(findNul({ first: ['a\u0000'], second: 'b\u0000' })).toBe('first.0');
});

test('findNul walks any depth without overflowing the stack, and does not read bytes as text', () => {
  let deep: unknown = ['\u0000'];
  for (let level = 0; level < 100_000; level += 1) deep = [deep];
  expect(findNul({ shopId: deep })).toBe(`shopId.${'0.'.repeat(100_000)}0`);
  expect(findNul({ raw: Buffer.from('a\u0000b') })).toBeNull();
});

test('jsonHasNul finds U+0000 in JSON text exactly when a parsed string would hold it', () => {
  const samples: unknown[] = [
    { note: 'a\u0000' },
    { 'key\u0000': 1 },
    ['\u0000'],
    '\u0000',
    { path: 'C:\\u0000' }, // a backslash, then the text u0000
    { path: '\\\u0000' }, // a backslash, then U+0000
    { path: '\\\\u0000' }, // two backslashes, then u0000
    { fine: 'u0000 \\ \\\\ \u0001' },
  ];
  for (const sample of samples) {
    const text = JSON.stringify(sample);
    expect(jsonHasNul(text), text).toBe(findNul(JSON.parse(text)) !== null);
  }
  expect(jsonHasNul('{"a":"\\u0000"}')).toBe(true);
  expect(jsonHasNul('{"a":"\\\\u0000"}')).toBe(false);
});

test('jsonHasNul reads 250 KB of backslashes in one linear pass', () => {
  const text = `"${'\\'.repeat(125_000)}"`;
  const started = performance.now();
  expect(jsonHasNul(text)).toBe(false);
  expect(performance.now() - started).toBeLessThan(500);
});

test('readDecimal takes numbers and plain decimal text only', () => {
  expect(readDecimal(-33.9249)).toBe(-33.9249);
  expect(readDecimal('-33.9249')).toBe(-33.9249);
  expect(readDecimal('18')).toBe(18);
  for (const loose of ['0x10', '1e1', ' 5', '5 ', '', '+5', '.5', '5.', 'Infinity', '-']) {
    expect(readDecimal(loose), loose).toBeNaN();
  }
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
