// Unit tests of the Johannesburg calendar date: across local midnight, whatever the process's own zone.
import { afterEach, expect, test } from 'vitest';
import { addDaysToDate, dayOfWeekOf, localDateOf } from './local-date.js';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

test('the local date turns at midnight in Johannesburg, which is 22:00 UTC', () => {
  expect(localDateOf(new Date('2026-11-23T21:59:59.999Z'))).toBe('2026-11-23');
  expect(localDateOf(new Date('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
});

test('the local date is already tomorrow when UTC is still on the last day of the year', () => {
  expect(localDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
});

test('the local date does not depend on the zone the process runs in', () => {
  const instant = new Date('2026-06-30T22:30:00Z');
  for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Africa/Johannesburg']) {
    process.env.TZ = zone;
    expect(localDateOf(instant)).toBe('2026-07-01');
  }
});

test('adding days crosses month, year and leap-day boundaries', () => {
  expect(addDaysToDate('2026-11-30', 1)).toBe('2026-12-01');
  expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
  expect(addDaysToDate('2026-11-23', 366)).toBe('2027-11-24');
  expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
  expect(() => addDaysToDate('not a date', 1)).toThrow(RangeError);
});

test('the day of the week of a date counts from Sunday as 0', () => {
  expect(dayOfWeekOf('2026-11-22')).toBe(0);
  expect(dayOfWeekOf('2026-11-23')).toBe(1);
  expect(dayOfWeekOf('2026-11-28')).toBe(6);
});
