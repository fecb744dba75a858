// Calendar dates in Africa/Johannesburg ('YYYY-MM-DD'): what "today" is for shops, special days and daily sums,
// whatever the zone of the server or the browser (CONVENTIONS rule 14).
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The marketplace's local time zone. South Africa keeps UTC+2 all year, but a library still does the sums. */
export const LOCAL_TIME_ZONE = 'Africa/Johannesburg';

/** The Johannesburg calendar date at this instant, 'YYYY-MM-DD' (now, when no instant is given). */
export function localDateOf(at: Date = new Date()): string {
  return format(new TZDate(at.getTime(), LOCAL_TIME_ZONE), 'yyyy-MM-dd');
}

/** A calendar date so many days later (or earlier, when negative): pure date sums, no time zone involved. */
export function addDaysToDate(date: string, days: number): string {
  const midnight = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime())) throw new RangeError(`Not a date YYYY-MM-DD: ${date}`);
  midnight.setUTCDate(midnight.getUTCDate() + days);
  return midnight.toISOString().slice(0, 10);
}

/** The day of the week of a calendar date, 0 Sunday … 6 Saturday (as business hours count them). */
export function dayOfWeekOf(date: string): number {
  const midnight = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(midnight.getTime())) throw new RangeError(`Not a date YYYY-MM-DD: ${date}`);
  return midnight.getUTCDay();
}
