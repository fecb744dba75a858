// Unit tests of pickup times: preparation text, ASAP, slots within hours and special days, and the server's check.
import { expect, test } from 'vitest';
import { localDateOf } from './local-date.js';
import type { SpecialHours, WeeklyHours } from './opening-hours.js';
import { asapMinutes, pickupChoices, pickupTimeProblem, preparationMinutes } from './pickup.js';

/** Every day 08:00–17:00. */
const everyDay: WeeklyHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  openTime: '08:00',
  closeTime: '17:00',
  isClosed: false,
}));
// Monday 23 November 2026, 10:02 in Johannesburg (08:02 UTC).
const mondayMorning = new Date('2026-11-23T08:02:00Z');

test('a preparation time counts as its upper bound in minutes', () => {
  expect(preparationMinutes('5-10 mins')).toBe(10);
  expect(preparationMinutes('15 min')).toBe(15);
  expect(preparationMinutes('1 hour')).toBe(60);
  expect(preparationMinutes('quick')).toBe(0);
  expect(preparationMinutes(null)).toBe(0);
});

test('as soon as possible is the longest preparation, never under 10 minutes', () => {
  expect(asapMinutes(['2-3 mins'])).toBe(10);
  expect(asapMinutes([])).toBe(10);
  expect(asapMinutes(['5-10 mins', '15-20 mins', null])).toBe(20);
});

test('slots are every 15 minutes from the earliest time to the end of tomorrow, while open', () => {
  const { asap, slots } = pickupChoices({
    weekly: everyDay,
    special: [],
    now: mondayMorning,
    preparationTimes: ['5-10 mins'],
  });
  expect(asap?.toISOString()).toBe('2026-11-23T08:12:00.000Z');
  expect(slots[0]?.toISOString()).toBe('2026-11-23T08:15:00.000Z'); // 10:15 local
  expect(slots.at(-1)?.toISOString()).toBe('2026-11-24T14:45:00.000Z'); // tomorrow 16:45 local
  // Today 10:15–16:45 is 27 slots, tomorrow 08:00–16:45 is 36.
  expect(slots).toHaveLength(27 + 36);
  expect(slots.every((slot) => slot.getUTCMinutes() % 15 === 0)).toBe(true);
});

test('a closed special day has no slots and the next day’s hours still count', () => {
  const special: SpecialHours[] = [{ date: '2026-11-24', isClosed: true, openTime: null, closeTime: null }];
  const { slots } = pickupChoices({ weekly: everyDay, special, now: mondayMorning, preparationTimes: [] });
  expect(slots.some((slot) => localDateOf(slot) === '2026-11-24')).toBe(false);
  expect(slots).toHaveLength(27);
});

test('a special day with other hours replaces the weekly row', () => {
  const special: SpecialHours[] = [
    { date: '2026-11-24', isClosed: false, openTime: '12:00', closeTime: '13:00' },
  ];
  const { slots } = pickupChoices({ weekly: everyDay, special, now: mondayMorning, preparationTimes: [] });
  expect(
    slots.filter((slot) => localDateOf(slot) === '2026-11-24').map((slot) => slot.toISOString()),
  ).toEqual([
    '2026-11-24T10:00:00.000Z',
    '2026-11-24T10:15:00.000Z',
    '2026-11-24T10:30:00.000Z',
    '2026-11-24T10:45:00.000Z',
  ]);
});

test('as soon as possible is not offered while the shop is closed', () => {
  const lateEvening = new Date('2026-11-23T16:00:00Z'); // 18:00 local
  const { asap, slots } = pickupChoices({
    weekly: everyDay,
    special: [],
    now: lateEvening,
    preparationTimes: [],
  });
  expect(asap).toBeNull();
  expect(slots[0]?.toISOString()).toBe('2026-11-24T06:00:00.000Z'); // tomorrow 08:00 local
});

test('a shop without hours takes any time', () => {
  const { asap, slots } = pickupChoices({
    weekly: [],
    special: [],
    now: mondayMorning,
    preparationTimes: [],
  });
  expect(asap).not.toBeNull();
  expect(slots.length).toBeGreaterThan(100);
});

test('the server refuses a time in the past, too far ahead, or outside the hours, saying when it opens', () => {
  const check = (pickupTime: string, special: SpecialHours[] = []) =>
    pickupTimeProblem({ weekly: everyDay, special, now: mondayMorning, pickupTime: new Date(pickupTime) });
  expect(check('2026-11-23T09:00:00Z')).toBeNull();
  expect(check('2026-11-23T08:00:00Z')).toMatch(/in the past/);
  expect(check('2026-11-25T09:00:00Z')).toMatch(/within 2 days/);
  expect(check('2026-11-23T17:00:00Z')).toBe(
    "pickupTime is outside the shop's hours: it opens next on Tuesday 24 November at 08:00",
  );
  const holiday = [{ date: '2026-11-24', isClosed: true, openTime: null, closeTime: null }];
  expect(check('2026-11-24T09:00:00Z', holiday)).toBe(
    'the shop is closed on Tuesday 24 November: it opens next on Wednesday 25 November at 08:00',
  );
});
