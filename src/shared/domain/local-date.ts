// Calendar dates in Africa/Johannesburg ('YYYY-MM-DD'): what "today" is for shops, special days and daily sums,
// whatever the zone of the server or the browser (CONVENTIONS rule 14).
import { TZDate } from '@date-fns/tz';

/** The marketplace's local time zone. South Africa keeps UTC+2 all year, but a library still does the sums. */
export const LOCAL_TIME_ZONE = 'Africa/Johannesburg';

/** The Johannesburg calendar date at this instant, 'YYYY-MM-DD' (now, when no instant is given). */
export function localDateOf(at: Date = new Date()): string {
  return formatLocal(at, 'yyyy-MM-dd');
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as Johannesburg reads it, in date-fns' pattern letters: yyyy MMMM MMM MM dd d EEEE EEE HH mm and
 * 'quoted text'. Written here rather than taken from date-fns' format, whose locale machinery would weigh down
 * the first script every phone downloads (tests/build/landing-budget.test.ts); the zone sums stay @date-fns/tz's.
 */
export function formatLocal(at: Date | number, pattern: string): string {
  const local = new TZDate(typeof at === 'number' ? at : at.getTime(), LOCAL_TIME_ZONE);
  const parts: Record<string, () => string> = {
    yyyy: () => String(local.getFullYear()),
    MMMM: () => months[local.getMonth()]!,
    MMM: () => months[local.getMonth()]!.slice(0, 3),
    MM: () => twoDigits(local.getMonth() + 1),
    dd: () => twoDigits(local.getDate()),
    d: () => String(local.getDate()),
    EEEE: () => weekdays[local.getDay()]!,
    EEE: () => weekdays[local.getDay()]!.slice(0, 3),
    HH: () => twoDigits(local.getHours()),
    mm: () => twoDigits(local.getMinutes()),
  };
  return pattern.replace(/yyyy|MMMM|MMM|MM|dd|d|EEEE|EEE|HH|mm|'([^']*)'/g, (token, quoted?: string) =>
    quoted !== undefined ? quoted : parts[token]!(),
  );
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
