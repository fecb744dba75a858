// The coming public holidays come from date-holidays: public ones only, within the next year, by date.
import { expect, test } from 'vitest';
import { comingPublicHolidays } from './public-holidays';

test('lists the coming South African public holidays and leaves out observances and past days', async () => {
  const holidays = await comingPublicHolidays('2026-11-23');
  expect(holidays.slice(0, 3)).toEqual([
    { date: '2026-12-16', name: 'Day of Reconciliation' },
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-26', name: 'Day of Goodwill' },
  ]);
  const names = holidays.map((holiday) => holiday.name);
  expect(names).toContain('Freedom Day');
  expect(names).not.toContain("Mother's Day");
  expect(holidays.every((holiday) => holiday.date >= '2026-11-23' && holiday.date <= '2027-11-23')).toBe(
    true,
  );
  expect(holidays.map((holiday) => holiday.date)).toEqual(
    [...holidays.map((holiday) => holiday.date)].sort(),
  );
});
