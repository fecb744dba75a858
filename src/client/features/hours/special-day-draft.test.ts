import { describe, expect, test } from 'vitest';
import { emptySpecialDay, specialDayBody, specialDayTimesProblem } from './special-day-draft';

describe('a special day being added', () => {
  test('is closed all day with no hours until the owner says it opens', () => {
    expect(specialDayTimesProblem(emptySpecialDay)).toBeNull();
    expect(specialDayBody(3, { ...emptySpecialDay, date: '2026-12-24' })).toEqual({
      shopId: 3,
      date: '2026-12-24',
      isClosed: true,
      openTime: null,
      closeTime: null,
      note: null,
    });
  });

  test('switched to open asks for its hours instead of assuming 09:00–17:00', () => {
    const opened = { ...emptySpecialDay, date: '2026-12-24', isClosed: false };
    expect(specialDayTimesProblem(opened)?.message).toMatch(/Enter the opening and closing times/);
    expect(specialDayTimesProblem({ ...opened, openTime: '8' })).toMatchObject({ at: 'close' });
  });

  test('open with its hours is sent with them as HH:MM', () => {
    const opened = {
      ...emptySpecialDay,
      date: '2026-12-24',
      isClosed: false,
      openTime: '8',
      closeTime: '1300',
    };
    expect(specialDayTimesProblem(opened)).toBeNull();
    expect(specialDayBody(3, { ...opened, note: ' Christmas Eve ' })).toMatchObject({
      isClosed: false,
      openTime: '08:00',
      closeTime: '13:00',
      note: 'Christmas Eve',
    });
  });
});
