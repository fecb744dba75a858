// South Africa's public holidays from a maintained library (date-holidays), not a hand-kept list that goes stale.
import { addDaysToDate } from '@shared/domain/local-date';

export interface PublicHoliday {
  /** 'YYYY-MM-DD', a South African calendar date. */
  date: string;
  name: string;
}

/** How far ahead holidays are offered: a year, within the special days' limit of 366 days. */
export const HOLIDAY_WINDOW_DAYS = 365;

/**
 * The public holidays (type public only: no observances such as Mother's Day) from `today` through the next
 * year, by date. The library carries every country's rules (about 1.5 MB), so it is imported on demand and
 * stays out of the main bundle.
 */
export async function comingPublicHolidays(today: string): Promise<PublicHoliday[]> {
  const { default: Holidays } = await import('date-holidays');
  const calendar = new Holidays('ZA');
  const year = Number(today.slice(0, 4));
  const last = addDaysToDate(today, HOLIDAY_WINDOW_DAYS);
  const seen = new Set<string>();
  const found: PublicHoliday[] = [];
  for (const holiday of [...calendar.getHolidays(year), ...calendar.getHolidays(year + 1)]) {
    const date = holiday.date.slice(0, 10);
    if (holiday.type !== 'public' || date < today || date > last || seen.has(date)) continue;
    seen.add(date);
    found.push({ date, name: holiday.name });
  }
  return found.sort((a, b) => a.date.localeCompare(b.date));
}
