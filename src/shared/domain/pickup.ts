// Pickup times for pre-orders: 'As soon as possible' (now plus the longest preparation time, at least 10 minutes),
// 15-minute slots today and tomorrow within the shop's hours and special days (Africa/Johannesburg), and the
// check the server makes of the time a customer chose. Pure: the clock and the hours are arguments.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { MAX_PICKUP_AHEAD_DAYS, MIN_PREPARATION_MINUTES, PICKUP_SLOT_MINUTES } from '../api/orders.js';
import { SHOP_TIME_ZONE, type SpecialHours, type WeeklyHours } from './opening-hours.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** One stretch of time the shop is open: [opensAt, closesAt). */
export interface OpeningInterval {
  opensAt: Date;
  closesAt: Date;
}

/**
 * A preparation time as owners write it ('5-10 mins', '15 min', '1 hour') in minutes, its upper bound: a
 * promise of 5-10 minutes is kept only at 10. Text without a number counts as nothing.
 */
export function preparationMinutes(text: string | null | undefined): number {
  if (!text) return 0;
  const numbers = [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((match) => Number(match[0].replace(',', '.')));
  if (numbers.length === 0) return 0;
  const upper = Math.max(...numbers);
  return Math.ceil(/h(ou)?r/i.test(text) && !/min/i.test(text) ? upper * 60 : upper);
}

/** How long 'As soon as possible' takes for these items: the longest preparation, never under 10 minutes. */
export function asapMinutes(preparationTimes: (string | null | undefined)[]): number {
  return Math.max(MIN_PREPARATION_MINUTES, ...preparationTimes.map(preparationMinutes));
}

/** The local calendar date of an instant, 'YYYY-MM-DD'. */
export function localDateOf(at: Date): string {
  return format(new TZDate(at.getTime(), SHOP_TIME_ZONE), 'yyyy-MM-dd');
}

function localInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, SHOP_TIME_ZONE).getTime());
}

function addLocalDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, day + days, 12, 0, SHOP_TIME_ZONE), 'yyyy-MM-dd');
}

function dayOfWeek(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 12, 0, SHOP_TIME_ZONE).getDay();
}

/** Whether the shop has set any hours; a shop without takes orders at any time. */
export function hasHours(weekly: WeeklyHours[], special: SpecialHours[]): boolean {
  return weekly.length > 0 || special.length > 0;
}

/**
 * The shop's open stretches on the local dates from `from`'s date (and the day before, whose late hours may run
 * past midnight) through `days` more dates. A special day replaces its date's weekly row; a day with no row, or
 * closed, has none. A closing time at or before the opening time closes after midnight.
 */
export function openingIntervals(
  weekly: WeeklyHours[],
  special: SpecialHours[],
  from: Date,
  days: number,
): OpeningInterval[] {
  const start = localDateOf(from);
  const intervals: OpeningInterval[] = [];
  for (let offset = -1; offset <= days; offset += 1) {
    const date = addLocalDays(start, offset);
    const row =
      special.find((day) => day.date === date) ?? weekly.find((day) => day.dayOfWeek === dayOfWeek(date));
    if (!row || row.isClosed || !row.openTime || !row.closeTime) continue;
    const opensAt = localInstant(date, row.openTime);
    let closesAt = localInstant(date, row.closeTime);
    if (closesAt.getTime() <= opensAt.getTime()) closesAt = new Date(closesAt.getTime() + DAY);
    intervals.push({ opensAt, closesAt });
  }
  return intervals;
}

function isWithin(intervals: OpeningInterval[], at: Date): boolean {
  return intervals.some((interval) => interval.opensAt <= at && at < interval.closesAt);
}

/** When the shop next opens at or after `at`, looking a week ahead; null when it never does. */
export function nextOpeningAfter(weekly: WeeklyHours[], special: SpecialHours[], at: Date): Date | null {
  const intervals = openingIntervals(weekly, special, at, 8);
  if (isWithin(intervals, at)) return at;
  const later = intervals.filter((interval) => interval.opensAt > at);
  return later.length > 0 ? later.reduce((a, b) => (a.opensAt < b.opensAt ? a : b)).opensAt : null;
}

/** 'Tuesday 24 November at 08:00', in the shop's time. */
export function formatLocalTime(at: Date): string {
  return format(new TZDate(at.getTime(), SHOP_TIME_ZONE), "EEEE d MMMM 'at' HH:mm");
}

export interface PickupChoices {
  /** 'As soon as possible', or null when the shop is not open then. */
  asap: Date | null;
  /** 15-minute slots from the earliest possible time to the end of tomorrow, while the shop is open. */
  slots: Date[];
}

export function pickupChoices(input: {
  weekly: WeeklyHours[];
  special: SpecialHours[];
  now: Date;
  preparationTimes: (string | null | undefined)[];
}): PickupChoices {
  const { weekly, special, now } = input;
  const earliest = new Date(now.getTime() + asapMinutes(input.preparationTimes) * MINUTE);
  const limited = hasHours(weekly, special);
  const intervals = limited ? openingIntervals(weekly, special, now, 2) : [];
  const endOfTomorrow = localInstant(addLocalDays(localDateOf(now), 2), '00:00');
  // Slots sit on the quarter hours of the shop's clock (Johannesburg is a whole number of hours from UTC, so
  // these are UTC quarter hours too).
  const step = PICKUP_SLOT_MINUTES * MINUTE;
  const slots: Date[] = [];
  for (let at = Math.ceil(earliest.getTime() / step) * step; at < endOfTomorrow.getTime(); at += step) {
    const slot = new Date(at);
    if (!limited || isWithin(intervals, slot)) slots.push(slot);
  }
  return { asap: !limited || isWithin(intervals, earliest) ? earliest : null, slots };
}

/** Why a pickup time cannot be accepted, in words naming the problem; null when it can. */
export function pickupTimeProblem(input: {
  weekly: WeeklyHours[];
  special: (SpecialHours & { note?: string | null })[];
  now: Date;
  pickupTime: Date;
}): string | null {
  const { weekly, special, now, pickupTime } = input;
  if (pickupTime.getTime() < now.getTime()) return 'pickupTime is in the past: choose a time from now on';
  if (pickupTime.getTime() > now.getTime() + MAX_PICKUP_AHEAD_DAYS * DAY)
    return `pickupTime must be within ${MAX_PICKUP_AHEAD_DAYS} days from now`;
  if (!hasHours(weekly, special)) return null;
  if (isWithin(openingIntervals(weekly, special, pickupTime, 0), pickupTime)) return null;
  const closedDay = special.find((day) => day.date === localDateOf(pickupTime) && day.isClosed);
  const why = closedDay
    ? `the shop is closed on ${format(new TZDate(pickupTime.getTime(), SHOP_TIME_ZONE), 'EEEE d MMMM')}${closedDay.note ? ` (${closedDay.note})` : ''}`
    : "pickupTime is outside the shop's hours";
  const next = nextOpeningAfter(weekly, special, pickupTime);
  return next
    ? `${why}: it opens next on ${formatLocalTime(next)}`
    : `${why}: it has no opening hours in the coming week`;
}
