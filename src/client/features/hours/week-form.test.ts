import { hourPresets } from '@shared/api/hours';
import { describe, expect, test } from 'vitest';
import { applyHourPreset, type DayForm, initialWeek, weekBodies, weekProblems } from './week-form';

const [weekdays95, , weekends] = hourPresets;
const open = (dayOfWeek: number, openTime = '07:00', closeTime = '15:00'): DayForm => ({
  dayOfWeek,
  openTime,
  closeTime,
  isClosed: false,
});
const everyDayOpen = () => [0, 1, 2, 3, 4, 5, 6].map((day) => open(day));

describe('the week in the hours dialog', () => {
  test('starts from the saved rows, and 09:00–17:00 open for a day never saved', () => {
    const week = initialWeek([
      { id: 1, shopId: 5, dayOfWeek: 0, openTime: null, closeTime: null, isClosed: true },
      { id: 2, shopId: 5, dayOfWeek: 1, openTime: '07:00', closeTime: '17:30', isClosed: false },
    ]);
    expect(week[0]).toMatchObject({ isClosed: true });
    expect(week[1]).toMatchObject({ openTime: '07:00', closeTime: '17:30', isClosed: false });
    expect(week[2]).toEqual({ dayOfWeek: 2, openTime: '09:00', closeTime: '17:00', isClosed: false });
  });

  test('a weekday preset opens Monday to Friday at its times and closes Saturday and Sunday, as its button says', () => {
    expect(weekdays95!.effect).toBe('Saturday and Sunday closed');
    const week = applyHourPreset(everyDayOpen(), weekdays95!);
    for (const day of [1, 2, 3, 4, 5])
      expect(week[day]).toMatchObject({ openTime: '09:00', closeTime: '17:00', isClosed: false });
    expect(week[0]!.isClosed).toBe(true);
    expect(week[6]!.isClosed).toBe(true);
  });

  test('the weekend preset opens Saturday and Sunday and leaves Monday to Friday as they were', () => {
    const before = everyDayOpen().map((day) => (day.dayOfWeek === 3 ? { ...day, isClosed: true } : day));
    const week = applyHourPreset(before, weekends!);
    expect(week[0]).toMatchObject({ openTime: '10:00', closeTime: '16:00', isClosed: false });
    expect(week[6]).toMatchObject({ openTime: '10:00', closeTime: '16:00', isClosed: false });
    expect(week.slice(1, 6)).toEqual(before.slice(1, 6));
  });

  test("finds each open day's time problem and ignores a closed day's leftovers", () => {
    const week = [
      open(0, '', ''),
      open(1, '17:00', '07:00'),
      { ...open(2, 'x', 'y'), isClosed: true },
      open(3),
    ];
    const problems = weekProblems(week);
    expect([...problems.keys()]).toEqual([0, 1]);
    expect(problems.get(1)?.message).toBe('The opening time must be before the closing time.');
  });

  test('sends typed times as HH:MM and a closed day without times', () => {
    const bodies = weekBodies(5, [open(1, '7', '1730'), { ...open(0), isClosed: true }]);
    expect(bodies).toEqual([
      { shopId: 5, dayOfWeek: 1, openTime: '07:00', closeTime: '17:30', isClosed: false },
      { shopId: 5, dayOfWeek: 0, openTime: null, closeTime: null, isClosed: true },
    ]);
  });
});
