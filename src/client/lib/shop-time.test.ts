// Johannesburg's today and the dates of special days read the same in any browser zone.
import { expect, test } from 'vitest';
import { formatCalendarDate, shopToday } from './shop-time';

test('late on Sunday evening UTC it is already Monday in Johannesburg', () => {
  expect(shopToday(new Date('2026-11-22T22:30:00Z'))).toEqual({ date: '2026-11-23', dayOfWeek: 1 });
  expect(shopToday(new Date('2026-11-22T21:59:00Z'))).toEqual({ date: '2026-11-22', dayOfWeek: 0 });
});

test('a calendar date reads with its weekday', () => {
  expect(formatCalendarDate('2026-12-25')).toBe('Fri 25 Dec 2026');
});
