// The shop page's busy line: from the shop's next pickup, gone when the delay ends by itself.
import { expect, test } from 'vitest';
import { busyNoticeText } from './busy-text';

// 07:40 on Wednesday 25 November in Johannesburg (UTC+2).
const now = new Date('2026-11-25T05:40:00Z');
const shop = {
  prepMinutes: 10,
  maxOrdersPerSlot: null,
  busyExtraMinutes: 15,
  busyUntil: '2026-11-25T06:40:00.000Z',
  nextPickupAt: '2026-11-25T06:05:00.000Z',
  acceptingOrders: true,
};

test('a busy shop says from when pickups are possible, on its own clock', () => {
  expect(busyNoticeText(shop, now)).toBe('Busy — pickups from 08:05');
});

test('a page left open never promises a time sooner than prep and delay from now', () => {
  expect(busyNoticeText(shop, new Date('2026-11-25T05:50:00Z'))).toBe('Busy — pickups from 08:15');
});

test('a next pickup tomorrow says so', () => {
  expect(busyNoticeText({ ...shop, nextPickupAt: '2026-11-26T05:30:00.000Z' }, now)).toBe(
    'Busy — pickups from tomorrow at 07:30',
  );
});

test('nothing is said when not busy, once busyUntil has passed, or while the shop is paused', () => {
  expect(busyNoticeText({ ...shop, busyExtraMinutes: null, busyUntil: null }, now)).toBeNull();
  expect(busyNoticeText(shop, new Date('2026-11-25T06:40:00Z'))).toBeNull();
  expect(busyNoticeText({ ...shop, acceptingOrders: false }, now)).toBeNull();
});

test('busy without a known next pickup still says pickups run late', () => {
  expect(busyNoticeText({ ...shop, nextPickupAt: null }, now)).toBe(
    'Busy — pickups take about 15 minutes longer',
  );
});
