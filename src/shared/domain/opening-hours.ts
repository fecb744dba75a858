// When a shop is open (Africa/Johannesburg, whatever the server's or browser's zone): weekly hours, overridden
// by special days. One rule for the open-now line, the openNow filter, pickup times and 'opens next'.
import { TZDate } from '@date-fns/tz';

import { formatLocal, LOCAL_TIME_ZONE } from './local-date.js';

/** The one local time zone (local-date.ts), under the name the open-state rule reads best with. */
export const SHOP_TIME_ZONE = LOCAL_TIME_ZONE;

/** A weekly row as the API gives it: 0 Sunday … 6 Saturday, times 'HH:MM'. */
export interface WeeklyHours {
  dayOfWeek: number;
  openTime: string | null;
  closeTime: string | null;
  isClosed: boolean;
}

/** A special day for one local date ('YYYY-MM-DD'): it replaces that date's weekly row. */
export interface SpecialHours {
  date: string;
  openTime: string | null;
  closeTime: string | null;
  isClosed: boolean;
}

export interface OpenState {
  /** null when the shop has set no hours at all. */
  openNow: boolean | null;
  /** When it next opens (while closed) or closes (while open); null when unknown or never. */
  nextChangeAt: Date | null;
}

/** A local calendar moment in the shop's zone: what the SQL filter compares against (shops/open-now-sql.ts). */
export interface LocalClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 0 Sunday … 6 Saturday */
  dayOfWeek: number;
  /** 'HH:MM', seconds dropped: hours are whole minutes, so [open, close) holds the instant iff it holds its minute. */
  time: string;
}

// Speed: discover computes this for every shop of every page, so the zone library is asked as little as
// possible: once to read the instant as a Johannesburg wall clock, once to turn the answer back into an instant.
// Everything between is calendar arithmetic on wall-clock dates (Date.UTC as a zone-free calendar), which
// no zone rule can affect.

/** A Johannesburg calendar date and minute of the day. */
interface WallClock {
  year: number;
  /** 0 January … 11 December */
  month: number;
  day: number;
  dayOfWeek: number;
  minutes: number;
}

// The zone library is exact but slow (tens of microseconds a call); a page of 50 shops asks about the same
// instant 50 times and mostly about the same few opening times. Both answers are remembered: the last instant
// read, and instants of wall-clock times (a bounded map: there are at most 1,440 minutes on a few dates).
let lastRead: { at: number; wall: WallClock } | null = null;
const instants = new Map<string, number>();
const MAX_REMEMBERED_INSTANTS = 5_000;

function wallClock(at: Date): WallClock {
  if (lastRead?.at === at.getTime()) return lastRead.wall;
  const wall = readWallClock(at);
  lastRead = { at: at.getTime(), wall };
  return wall;
}

function readWallClock(at: Date): WallClock {
  const local = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  return {
    year: local.getFullYear(),
    month: local.getMonth(),
    day: local.getDate(),
    dayOfWeek: local.getDay(),
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
const dateText = (year: number, month: number, day: number) => `${year}-${pad(month + 1)}-${pad(day)}`;

/** The instant of a Johannesburg wall-clock time, by the zone library. */
function instantOf(year: number, month: number, day: number, minutes: number): Date {
  const key = `${year}-${month}-${day}-${minutes}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    instant = new TZDate(year, month, day, Math.floor(minutes / 60), minutes % 60, SHOP_TIME_ZONE).getTime();
    if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
    instants.set(key, instant);
  }
  return new Date(instant);
}

/** The instant the Johannesburg day of `at` began, or that of the day `daysBack` days before it. */
export function localMidnight(at: Date, daysBack = 0): Date {
  const wall = wallClock(at);
  return instantOf(wall.year, wall.month, wall.day - daysBack, 0);
}

/** The instant as a Johannesburg date, weekday and minute, computed by the time-zone library. */
export function localClock(at: Date): LocalClock {
  const wall = wallClock(at);
  return {
    date: dateText(wall.year, wall.month, wall.day),
    dayOfWeek: wall.dayOfWeek,
    time: `${pad(Math.floor(wall.minutes / 60))}:${pad(wall.minutes % 60)}`,
  };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight of an 'HH:MM' time; null when it is not one. */
function minutesOf(time: string | null): number | null {
  const match = time ? TIME.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** One day's opening on a local date, in minutes of that day: [open, close). No overnight spans. */
interface Opening {
  year: number;
  month: number;
  day: number;
  open: number;
  close: number;
}

/** Days looked ahead for the next opening from weekly rows: a whole week and a day, so every weekday is seen. */
const WEEKLY_REACH_DAYS = 8;

/**
 * The openings from the local day of `from` on, in order, each day's special day replacing its weekly row: up
 * to 8 days ahead, and further only as far as the last special day (a shop closed every week but open on one
 * special day still has a next opening). A missing weekly row, a closed flag, or times that are not an
 * open-before-close pair all mean closed that day.
 */
function* openingsFrom(weekly: WeeklyHours[], special: SpecialHours[], today: WallClock): Generator<Opening> {
  const weeklyByDay = new Map(weekly.map((row) => [row.dayOfWeek, row]));
  const specialByDate = new Map(special.map((row) => [row.date, row]));
  const todayText = dateText(today.year, today.month, today.day);
  const lastSpecial = special.reduce((last, row) => (row.date > last ? row.date : last), todayText);
  for (let offset = 0; ; offset += 1) {
    // Calendar arithmetic only: the day after 30 November is 1 December in every zone.
    const date = new Date(Date.UTC(today.year, today.month, today.day + offset));
    const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
    const text = dateText(year, month, day);
    if (offset > WEEKLY_REACH_DAYS && text > lastSpecial) return;
    const row = specialByDate.get(text) ?? weeklyByDay.get(date.getUTCDay());
    if (!row || row.isClosed) continue;
    const open = minutesOf(row.openTime);
    const close = minutesOf(row.closeTime);
    if (open === null || close === null || open >= close) continue;
    yield { year, month, day, open, close };
  }
}

const isToday = (opening: Opening, today: WallClock) =>
  opening.year === today.year && opening.month === today.month && opening.day === today.day;

/** Whether the shop is open at this instant, and when that next changes. */
export function openState(weekly: WeeklyHours[], special: SpecialHours[], at: Date): OpenState {
  if (weekly.length === 0 && special.length === 0) return { openNow: null, nextChangeAt: null };
  const now = wallClock(at);
  for (const opening of openingsFrom(weekly, special, now)) {
    const today = isToday(opening, now);
    if (today && opening.close <= now.minutes) continue; // earlier today
    const { year, month, day } = opening;
    if (today && opening.open <= now.minutes)
      return { openNow: true, nextChangeAt: instantOf(year, month, day, opening.close) };
    return { openNow: false, nextChangeAt: instantOf(year, month, day, opening.open) };
  }
  return { openNow: false, nextChangeAt: null };
}

/** Whether the shop is open at this instant; null when it has set no hours. */
export function isOpenAt(weekly: WeeklyHours[], special: SpecialHours[], at: Date): boolean | null {
  return openState(weekly, special, at).openNow;
}

/**
 * The next instant after `from` at which the shop opens (strictly after: while open, the next day's opening);
 * null when none is in reach. For 'opens next' when a pickup time falls outside the hours.
 */
export function nextOpening(weekly: WeeklyHours[], special: SpecialHours[], from: Date): Date | null {
  const now = wallClock(from);
  for (const opening of openingsFrom(weekly, special, now)) {
    if (isToday(opening, now) && opening.open <= now.minutes) continue;
    return instantOf(opening.year, opening.month, opening.day, opening.open);
  }
  return null;
}

/**
 * When the shop opens, said from `now`: '09:00' later the same local day, 'Mon 09:00' within the week,
 * '25 Dec 09:00' further off.
 */
export function opensNextLabel(at: Date, now: Date): string {
  const local = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  const today = new TZDate(now.getTime(), SHOP_TIME_ZONE);
  if (formatLocal(local, 'yyyy-MM-dd') === formatLocal(today, 'yyyy-MM-dd'))
    return formatLocal(local, 'HH:mm');
  const withinWeek = local.getTime() - today.getTime() < 6 * 24 * 60 * 60 * 1000;
  return formatLocal(local, withinWeek ? 'EEE HH:mm' : 'd MMM HH:mm');
}

/** What a shop whose owner paused orders says instead of its open-now line (issue 31). */
export const PAUSED_LINE = 'Not taking orders right now';

/**
 * The line a shop card and page show: 'Open now · closes 17:00', 'Closed · opens Mon 09:00', or 'Closed'
 * when no opening is in reach; null when the shop has set no hours. Takes a shop's openNow, nextChangeAt and
 * acceptingOrders as the API gives them: a paused shop says PAUSED_LINE whatever its hours, since 'Open now'
 * or 'opens Mon 09:00' would promise orders it is not taking.
 */
export function openLine(
  state: { openNow: boolean | null; nextChangeAt: Date | string | null; acceptingOrders?: boolean },
  now: Date,
): string | null {
  if (state.acceptingOrders === false) return PAUSED_LINE;
  if (state.openNow === null) return null;
  const change = state.nextChangeAt === null ? null : new Date(state.nextChangeAt);
  if (state.openNow) {
    if (!change) return 'Open now';
    return `Open now · closes ${formatLocal(new TZDate(change.getTime(), SHOP_TIME_ZONE), 'HH:mm')}`;
  }
  return change ? `Closed · opens ${opensNextLabel(change, now)}` : 'Closed';
}
