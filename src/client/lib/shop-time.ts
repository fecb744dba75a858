// Johannesburg calendar facts for the browser (CONVENTIONS rule 14): today's date and weekday, and how an
// instant reads there, whatever zone the visitor's device is set to.
import { TZDate } from '@date-fns/tz';
import { SHOP_TIME_ZONE } from '@shared/domain/opening-hours';
import { addDays, format } from 'date-fns';

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

function inShopZone(at: Date | string | number): TZDate {
  return new TZDate(new Date(at).getTime(), SHOP_TIME_ZONE);
}

/** Today in Johannesburg: 'YYYY-MM-DD' and its weekday (0 Sunday). */
export function shopToday(now: Date = new Date()): { date: string; dayOfWeek: number } {
  const local = inShopZone(now);
  return { date: format(local, 'yyyy-MM-dd'), dayOfWeek: local.getDay() };
}

/** The Johannesburg date `days` after today, 'YYYY-MM-DD'. */
export function shopDatePlusDays(days: number, now: Date = new Date()): string {
  return format(addDays(inShopZone(now), days), 'yyyy-MM-dd');
}

/** A calendar date 'YYYY-MM-DD' as people read it: 'Fri 25 Dec 2026'. Dates have no zone; noon avoids DST edges. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return format(new Date(year!, month! - 1, day!, 12), 'EEE d MMM yyyy');
}

/**
 * The open-now line of a shop: 'Open now · closes 17:00', 'Closed · opens Mon 09:00'; null when the shop has
 * set no hours. The weekday is named only when the change is not today (Johannesburg).
 */
export function openLine(
  shop: { openNow: boolean | null; nextChangeAt: string | null },
  now: Date = new Date(),
): string | null {
  if (shop.openNow === null) return null;
  const state = shop.openNow ? 'Open now' : 'Closed';
  if (!shop.nextChangeAt) return state;
  const change = inShopZone(shop.nextChangeAt);
  if (Number.isNaN(change.getTime())) return state;
  const sameDay = format(change, 'yyyy-MM-dd') === shopToday(now).date;
  const when = format(change, sameDay ? 'HH:mm' : 'EEE HH:mm');
  return `${state} · ${shop.openNow ? 'closes' : 'opens'} ${when}`;
}
