// The open-now line and Johannesburg's today read the same in any browser zone.
import { describe, expect, test } from 'vitest';
import { formatCalendarDate, openLine, shopDatePlusDays, shopToday } from './shop-time';

// Monday 23 November 2026, 14:00 in Johannesburg (UTC+2).
const mondayAfternoon = new Date('2026-11-23T12:00:00Z');

describe('openLine', () => {
  test('an open shop closing later today shows the time only', () => {
    expect(openLine({ openNow: true, nextChangeAt: '2026-11-23T15:00:00Z' }, mondayAfternoon)).toBe(
      'Open now · closes 17:00',
    );
  });

  test('a closed shop opening on another day names the weekday', () => {
    expect(openLine({ openNow: false, nextChangeAt: '2026-11-24T07:00:00Z' }, mondayAfternoon)).toBe(
      'Closed · opens Tue 09:00',
    );
  });

  test('a shop with no hours has no line, and one that never changes says only its state', () => {
    expect(openLine({ openNow: null, nextChangeAt: null }, mondayAfternoon)).toBeNull();
    expect(openLine({ openNow: false, nextChangeAt: null }, mondayAfternoon)).toBe('Closed');
  });

  test('late on Sunday evening UTC it is already Monday in Johannesburg', () => {
    const sundayNightUtc = new Date('2026-11-22T22:30:00Z'); // 00:30 Monday local
    expect(shopToday(sundayNightUtc)).toEqual({ date: '2026-11-23', dayOfWeek: 1 });
    expect(openLine({ openNow: false, nextChangeAt: '2026-11-23T07:00:00Z' }, sundayNightUtc)).toBe(
      'Closed · opens 09:00',
    );
  });
});

test('dates count from the Johannesburg day and read with their weekday', () => {
  expect(shopDatePlusDays(366, mondayAfternoon)).toBe('2027-11-24');
  expect(formatCalendarDate('2026-12-25')).toBe('Fri 25 Dec 2026');
});
