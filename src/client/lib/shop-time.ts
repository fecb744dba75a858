// How the browser names shop days and dates. Which day it is comes from the shared Johannesburg helpers
// (shared/domain/local-date.ts, CONVENTIONS rule 14), whatever zone the visitor's device is set to.
import { dayOfWeekOf, localDateOf } from '@shared/domain/local-date';
import { format } from 'date-fns';

/** The day names of the API's dayOfWeek, 0 Sunday … 6 Saturday. */
export const dayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** Monday first, as South African week planners and shop doors read. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;

/** Today in Johannesburg: 'YYYY-MM-DD' and its weekday (0 Sunday). */
export function shopToday(now: Date = new Date()): { date: string; dayOfWeek: number } {
  const date = localDateOf(now);
  return { date, dayOfWeek: dayOfWeekOf(date) };
}

/** A calendar date 'YYYY-MM-DD' as people read it: 'Fri 25 Dec 2026'. Dates have no zone; noon avoids DST edges. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return format(new Date(year!, month! - 1, day!, 12), 'EEE d MMM yyyy');
}
