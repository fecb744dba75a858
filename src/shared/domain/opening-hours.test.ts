// The open-now rule: instants given in UTC, answers in Johannesburg time (UTC+2), whatever the process zone.
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import {
  isOpenAt,
  localClock,
  nextOpening,
  openLine,
  openState,
  type SpecialHours,
  type WeeklyHours,
} from './opening-hours.js';

// November 2026: Monday 23, Tuesday 24, Wednesday 25, Thursday 26, Friday 27, Saturday 28, Sunday 29, Monday 30.
const utc = (iso: string) => new Date(iso);
const open = (dayOfWeek: number, openTime: string, closeTime: string): WeeklyHours => ({
  dayOfWeek,
  openTime,
  closeTime,
  isClosed: false,
});
const closed = (dayOfWeek: number): WeeklyHours => ({
  dayOfWeek,
  openTime: null,
  closeTime: null,
  isClosed: true,
});
/** Monday to Friday 09:00–17:00, Saturday closed, no row for Sunday. */
const weekdays: WeeklyHours[] = [1, 2, 3, 4, 5].map((day) => open(day, '09:00', '17:00')).concat(closed(6));

describe('weekly hours', () => {
  test('open at noon on a weekday, closing at 17:00 local (15:00 UTC)', () => {
    expect(openState(weekdays, [], utc('2026-11-23T10:00:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-23T15:00:00Z'),
    });
  });

  test('opens at the opening minute and closes at the closing minute', () => {
    expect(isOpenAt(weekdays, [], utc('2026-11-23T06:59:59.999Z'))).toBe(false);
    expect(isOpenAt(weekdays, [], utc('2026-11-23T07:00:00Z'))).toBe(true);
    expect(isOpenAt(weekdays, [], utc('2026-11-23T14:59:59.999Z'))).toBe(true);
    expect(openState(weekdays, [], utc('2026-11-23T15:00:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-24T07:00:00Z'),
    });
  });

  test('22:30 UTC on Monday is 00:30 on Tuesday locally: Tuesday is the day that counts', () => {
    const earlyTuesday = [open(1, '22:00', '23:59'), open(2, '00:00', '01:00')];
    expect(openState(earlyTuesday, [], utc('2026-11-23T22:30:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-23T23:00:00Z'),
    });
    // Before local midnight it is still Monday, open until 23:59 local.
    expect(openState(earlyTuesday, [], utc('2026-11-23T21:30:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-23T21:59:00Z'),
    });
  });

  test('closed after hours on Friday, the next opening is Monday, past a closed Saturday and a Sunday without a row', () => {
    const state = openState(weekdays, [], utc('2026-11-27T21:59:00Z'));
    expect(state).toEqual({ openNow: false, nextChangeAt: utc('2026-11-30T07:00:00Z') });
    expect(openLine(state, utc('2026-11-27T21:59:00Z'))).toBe('Closed · opens Mon 09:00');
  });

  test('a week with no open day is closed with no next change; no hours at all is unknown', () => {
    const allClosed = [0, 1, 2, 3, 4, 5, 6].map(closed);
    expect(openState(allClosed, [], utc('2026-11-23T10:00:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: null,
    });
    expect(openState([], [], utc('2026-11-23T10:00:00Z'))).toEqual({ openNow: null, nextChangeAt: null });
    expect(nextOpening(allClosed, [], utc('2026-11-23T10:00:00Z'))).toBeNull();
    expect(openLine({ openNow: false, nextChangeAt: null }, utc('2026-11-23T10:00:00Z'))).toBe('Closed');
    expect(openLine({ openNow: null, nextChangeAt: null }, utc('2026-11-23T10:00:00Z'))).toBeNull();
  });

  test('a paused shop says it is not taking orders, open or closed by its hours, with hours or without', () => {
    const noon = utc('2026-11-23T10:00:00Z');
    const open = { openNow: true, nextChangeAt: utc('2026-11-23T15:00:00Z') };
    expect(openLine({ ...open, acceptingOrders: false }, noon)).toBe('Not taking orders right now');
    expect(openLine({ openNow: false, nextChangeAt: null, acceptingOrders: false }, noon)).toBe(
      'Not taking orders right now',
    );
    expect(openLine({ openNow: null, nextChangeAt: null, acceptingOrders: false }, noon)).toBe(
      'Not taking orders right now',
    );
    expect(openLine({ ...open, acceptingOrders: true }, noon)).toBe('Open now · closes 17:00');
  });

  test('times that are not an open-before-close pair count as closed', () => {
    const odd = [
      open(1, '17:00', '09:00'),
      { dayOfWeek: 2, openTime: null, closeTime: '17:00', isClosed: false },
    ];
    expect(openState(odd, [], utc('2026-11-23T10:00:00Z'))).toEqual({ openNow: false, nextChangeAt: null });
  });
});

describe('special days', () => {
  test('a special closed day overrides its weekday, and the next opening skips it', () => {
    const holiday: SpecialHours[] = [{ date: '2026-11-25', isClosed: true, openTime: null, closeTime: null }];
    expect(openState(weekdays, holiday, utc('2026-11-25T10:00:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-26T07:00:00Z'),
    });
    expect(openState(weekdays, holiday, utc('2026-11-24T16:00:00Z')).nextChangeAt).toEqual(
      utc('2026-11-26T07:00:00Z'),
    );
  });

  test('a special day with short hours closes early', () => {
    const short: SpecialHours[] = [
      { date: '2026-11-26', isClosed: false, openTime: '10:00', closeTime: '12:00' },
    ];
    expect(openState(weekdays, short, utc('2026-11-26T07:30:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-26T08:00:00Z'),
    });
    expect(openState(weekdays, short, utc('2026-11-26T09:00:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-26T10:00:00Z'),
    });
    expect(openState(weekdays, short, utc('2026-11-26T10:30:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-27T07:00:00Z'),
    });
  });

  test('a special day opens a day the week keeps closed', () => {
    const saturday: SpecialHours[] = [
      { date: '2026-11-28', isClosed: false, openTime: '10:00', closeTime: '14:00' },
    ];
    expect(openState(weekdays, saturday, utc('2026-11-28T09:00:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-28T12:00:00Z'),
    });
  });

  test('a shop closed every week still opens next on a special day weeks away', () => {
    const allClosed = [0, 1, 2, 3, 4, 5, 6].map(closed);
    const january: SpecialHours[] = [
      { date: '2027-01-20', isClosed: false, openTime: '08:00', closeTime: '12:00' },
    ];
    expect(openState(allClosed, january, utc('2026-11-23T10:00:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2027-01-20T06:00:00Z'),
    });
  });

  test('special days alone are hours: other days are closed, not unknown', () => {
    const only: SpecialHours[] = [
      { date: '2026-11-24', isClosed: false, openTime: '09:00', closeTime: '10:00' },
    ];
    expect(openState([], only, utc('2026-11-23T10:00:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-24T07:00:00Z'),
    });
  });
});

describe('next opening and the open line', () => {
  test('while open, the next opening is the following day', () => {
    expect(nextOpening(weekdays, [], utc('2026-11-23T10:00:00Z'))).toEqual(utc('2026-11-24T07:00:00Z'));
    expect(nextOpening(weekdays, [], utc('2026-11-23T05:00:00Z'))).toEqual(utc('2026-11-23T07:00:00Z'));
  });

  test('says when it closes, or when it opens later today, this week or further off', () => {
    const noon = utc('2026-11-23T10:00:00Z');
    expect(openLine(openState(weekdays, [], noon), noon)).toBe('Open now · closes 17:00');
    const early = utc('2026-11-23T04:00:00Z');
    expect(openLine(openState(weekdays, [], early), early)).toBe('Closed · opens 09:00');
    expect(openLine({ openNow: false, nextChangeAt: '2026-12-25T06:00:00.000Z' }, noon)).toBe(
      'Closed · opens 25 Dec 08:00',
    );
  });

  test('the local clock is the Johannesburg date, weekday and minute', () => {
    expect(localClock(utc('2026-11-23T22:30:59Z'))).toEqual({
      date: '2026-11-24',
      dayOfWeek: 2,
      time: '00:30',
    });
  });
});

describe('whatever the process time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  test.each([
    ['UTC', 0],
    ['America/Los_Angeles', 480],
    ['Pacific/Kiritimati', -840],
    ['Asia/Kolkata', -330],
  ])('gives the same answers in %s', (zone, offsetMinutes) => {
    process.env.TZ = zone;
    // The zone really is in force for plain Dates, so the answers below owe nothing to it.
    expect(new Date('2026-11-23T22:30:00Z').getTimezoneOffset()).toBe(offsetMinutes);
    expect(localClock(utc('2026-11-23T22:30:00Z'))).toEqual({
      date: '2026-11-24',
      dayOfWeek: 2,
      time: '00:30',
    });
    expect(openState(weekdays, [], utc('2026-11-27T21:59:00Z'))).toEqual({
      openNow: false,
      nextChangeAt: utc('2026-11-30T07:00:00Z'),
    });
    expect(openState(weekdays, [], utc('2026-11-23T14:59:00Z'))).toEqual({
      openNow: true,
      nextChangeAt: utc('2026-11-23T15:00:00Z'),
    });
  });
});

describe('for any weekly hours and special days', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
  const day = fc.record({ openTime: time, closeTime: time, isClosed: fc.boolean() });
  const weekly = fc
    .uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 })
    .chain((days) => fc.tuple(...days.map((dayOfWeek) => day.map((row) => ({ ...row, dayOfWeek })))));
  const special = fc.uniqueArray(fc.integer({ min: 0, max: 10 }), { maxLength: 4 }).chain((offsets) =>
    fc.tuple(
      ...offsets.map((offset) =>
        day.map((row) => ({
          ...row,
          date: localClock(new Date(Date.UTC(2026, 10, 23 + offset, 12))).date,
        })),
      ),
    ),
  );
  const instant = fc
    .integer({ min: Date.UTC(2026, 10, 22), max: Date.UTC(2026, 11, 2) })
    .map((ms) => new Date(ms));

  test('the state holds until nextChangeAt and flips there', () => {
    fc.assert(
      fc.property(weekly, special, instant, (weeklyRows, specialRows, at) => {
        const state = openState(weeklyRows, specialRows, at);
        if (weeklyRows.length === 0 && specialRows.length === 0) return state.openNow === null;
        if (!state.nextChangeAt) return state.openNow === false;
        const change = state.nextChangeAt.getTime();
        expect(change).toBeGreaterThan(at.getTime());
        expect(isOpenAt(weeklyRows, specialRows, new Date(change - 1))).toBe(state.openNow);
        expect(isOpenAt(weeklyRows, specialRows, new Date(change))).toBe(!state.openNow);
        // Halfway there nothing has changed yet.
        expect(isOpenAt(weeklyRows, specialRows, new Date((at.getTime() + change) / 2))).toBe(state.openNow);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
