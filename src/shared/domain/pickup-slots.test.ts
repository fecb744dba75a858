// Unit tests of a busy shop's pickup rule (issue 30): prep time and busy delay, full slots, ASAP, and slots across
// midnight, special days and a closed today.
import { expect, test } from 'vitest';
import type { SpecialHours, WeeklyHours } from './opening-hours.js';
import {
  earliestPickup,
  nextFreePickup,
  pickupCapacityProblem,
  pickupSlots,
  type ShopPace,
} from './pickup-slots.js';

const everyDay = (openTime: string, closeTime: string): WeeklyHours[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, openTime, closeTime, isClosed: false }));
// Monday 23 November 2026, 10:02 in Johannesburg (08:02 UTC).
const now = new Date('2026-11-23T08:02:00Z');
const pace: ShopPace = { prepMinutes: 10, maxOrdersPerSlot: 2, busyExtraMinutes: null, busyUntil: null };
const local = (time: string, date = '2026-11-23') => new Date(`${date}T${time}:00+02:00`);
const none = new Map<number, number>();

test('the earliest pickup is now + prep minutes, plus the busy delay until it ends by itself', () => {
  expect(earliestPickup(pace, now)).toEqual(local('10:12'));
  const busy = { ...pace, busyExtraMinutes: 15, busyUntil: local('11:00') };
  expect(earliestPickup(busy, now)).toEqual(local('10:27'));
  expect(earliestPickup(busy, local('11:00'))).toEqual(local('11:10'));
});

test('slots start at the earliest pickup; a full slot is listed unavailable and ASAP skips it', () => {
  const taken = new Map([[local('10:15').getTime(), 2]]);
  const day = pickupSlots({
    weekly: everyDay('08:00', '17:00'),
    special: [],
    now,
    pace,
    taken,
    date: '2026-11-23',
  });
  expect(day.slots[0]).toEqual({ at: local('10:15').toISOString(), available: false, remaining: 0 });
  expect(day.slots[1]).toEqual({ at: local('10:30').toISOString(), available: true, remaining: 2 });
  expect(day.slots.at(-1)!.at).toBe(local('16:45').toISOString());
  // 10:12 is in the 10:00 slot, which has room.
  expect(day.asap).toEqual({ available: true, at: local('10:12').toISOString() });
  const fuller = new Map([
    [local('10:00').getTime(), 2],
    [local('10:15').getTime(), 2],
  ]);
  expect(
    nextFreePickup({ weekly: everyDay('08:00', '17:00'), special: [], now, pace, taken: fuller }),
  ).toEqual(local('10:30'));
});

test('a pickup too soon or in a full slot is refused, naming the next free time', () => {
  const input = { weekly: everyDay('08:00', '17:00'), special: [], now, pace };
  expect(pickupCapacityProblem({ ...input, taken: none, pickupTime: local('10:05') })).toBe(
    'That time is too soon — the next free pickup is 10:12',
  );
  // Within the grace of a checkout that worked the time out a minute ago.
  expect(pickupCapacityProblem({ ...input, taken: none, pickupTime: local('10:11') })).toBeNull();
  const taken = new Map([[local('10:45').getTime(), 2]]);
  expect(pickupCapacityProblem({ ...input, taken, pickupTime: local('10:50') })).toBe(
    'That time is full — the next free pickup is 11:00',
  );
  expect(
    pickupCapacityProblem({
      ...input,
      pace: { ...pace, maxOrdersPerSlot: null },
      taken,
      pickupTime: local('10:50'),
    }),
  ).toBeNull();
});

test('across midnight and on a closed today: the next free pickup is tomorrow morning', () => {
  const lateNight = new Date('2026-11-23T21:55:00Z'); // 23:55 local
  const open = everyDay('07:00', '23:59');
  const tomorrow = pickupSlots({
    weekly: open,
    special: [],
    now: lateNight,
    pace,
    taken: none,
    date: '2026-11-24',
  });
  expect(tomorrow.slots[0]!.at).toBe(local('07:00', '2026-11-24').toISOString());
  expect(tomorrow.asap.at).toBe(local('07:00', '2026-11-24').toISOString());
  const closedToday: SpecialHours[] = [
    { date: '2026-11-23', openTime: null, closeTime: null, isClosed: true },
  ];
  const today = pickupSlots({
    weekly: everyDay('08:00', '17:00'),
    special: closedToday,
    now,
    pace,
    taken: none,
    date: '2026-11-23',
  });
  expect(today.slots).toEqual([]);
  expect(today.asap.at).toBe(local('08:00', '2026-11-24').toISOString());
});

test('a special day replaces the weekly hours for its slots', () => {
  const short: SpecialHours[] = [
    { date: '2026-11-24', openTime: '09:00', closeTime: '10:00', isClosed: false },
  ];
  const day = pickupSlots({
    weekly: everyDay('08:00', '17:00'),
    special: short,
    now,
    pace,
    taken: none,
    date: '2026-11-24',
  });
  expect(day.slots.map((slot) => slot.at)).toEqual(
    ['09:00', '09:15', '09:30', '09:45'].map((time) => local(time, '2026-11-24').toISOString()),
  );
});
