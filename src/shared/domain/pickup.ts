// Pickup times for pre-orders: 'As soon as possible' (now plus the longest preparation time, at least 10 minutes),
// 15-minute slots today and tomorrow while the shop is open, and the check the server makes of the time a customer
// chose. Open or closed is the one shared rule (opening-hours.ts: weekly hours, special days, Johannesburg time).
// Pure: the clock and the hours are arguments.
import { TZDate } from '@date-fns/tz';
import {
  MAX_PICKUP_AHEAD_DAYS,
  MIN_PREPARATION_MINUTES,
  PICKUP_SLOT_MINUTES,
} from '../api/order-constants.js';
import { addDaysToDate, formatLocal, localDateOf } from './local-date.js';
import {
  isOpenAt,
  nextOpening,
  SHOP_TIME_ZONE,
  type SpecialHours,
  type WeeklyHours,
} from './opening-hours.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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

/**
 * Whether a pickup may be at this instant: while the shop is open, or at any time for a shop that has set no
 * hours at all (it has said nothing to keep customers to).
 */
export function isPickupOpen(weekly: WeeklyHours[], special: SpecialHours[], at: Date): boolean {
  return isOpenAt(weekly, special, at) !== false;
}

/** 'Tuesday 24 November at 08:00', in the shop's time. */
export function formatLocalTime(at: Date): string {
  return formatLocal(new TZDate(at.getTime(), SHOP_TIME_ZONE), "EEEE d MMMM 'at' HH:mm");
}

/** Local midnight starting this local date, as an instant. */
function startOfLocalDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 0, 0, SHOP_TIME_ZONE).getTime());
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
  const endOfTomorrow = startOfLocalDate(addDaysToDate(localDateOf(now), 2));
  // Slots sit on the quarter hours of the shop's clock (Johannesburg is a whole number of hours from UTC, so
  // these are UTC quarter hours too).
  const step = PICKUP_SLOT_MINUTES * MINUTE;
  const slots: Date[] = [];
  for (let at = Math.ceil(earliest.getTime() / step) * step; at < endOfTomorrow.getTime(); at += step) {
    const slot = new Date(at);
    if (isPickupOpen(weekly, special, slot)) slots.push(slot);
  }
  return { asap: isPickupOpen(weekly, special, earliest) ? earliest : null, slots };
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
  if (isPickupOpen(weekly, special, pickupTime)) return null;
  const closedDay = special.find((day) => day.date === localDateOf(pickupTime) && day.isClosed);
  const why = closedDay
    ? `the shop is closed on ${formatLocal(new TZDate(pickupTime.getTime(), SHOP_TIME_ZONE), 'EEEE d MMMM')}${closedDay.note ? ` (${closedDay.note})` : ''}`
    : "pickupTime is outside the shop's hours";
  const next = nextOpening(weekly, special, pickupTime);
  return next
    ? `${why}: it opens next on ${formatLocalTime(next)}`
    : `${why}: it has no opening hours in the coming week`;
}
