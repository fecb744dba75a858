// When a shop is open (Africa/Johannesburg, whatever the server's or browser's zone): weekly hours, overridden
// by special days. One rule for the open-now line, the openNow filter, pickup times and 'opens next'.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

export const SHOP_TIME_ZONE = 'Africa/Johannesburg';

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

/** The instant as a Johannesburg date, weekday and minute, computed by the time-zone library. */
export function localClock(at: Date): LocalClock {
  const local = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  return { date: format(local, 'yyyy-MM-dd'), dayOfWeek: local.getDay(), time: format(local, 'HH:mm') };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight of an 'HH:MM' time; null when it is not one. */
function minutesOf(time: string | null): number | null {
  const match = time ? TIME.exec(time) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** One day's opening: [opensAt, closesAt). No overnight spans: the contract keeps open < close on one day. */
interface Opening {
  opensAt: Date;
  closesAt: Date;
}

/**
 * The opening on one local date, or null when the shop is closed that day: its special day if it has one,
 * else the weekly row of its weekday. A missing weekly row, a closed flag, or times that are not an
 * open-before-close pair all mean closed.
 */
function openingOn(
  day: TZDate,
  weeklyByDay: Map<number, WeeklyHours>,
  specialByDate: Map<string, SpecialHours>,
): Opening | null {
  const row = specialByDate.get(format(day, 'yyyy-MM-dd')) ?? weeklyByDay.get(day.getDay());
  if (!row || row.isClosed) return null;
  const open = minutesOf(row.openTime);
  const close = minutesOf(row.closeTime);
  if (open === null || close === null || open >= close) return null;
  const at = (minutes: number) =>
    new Date(
      new TZDate(
        day.getFullYear(),
        day.getMonth(),
        day.getDate(),
        Math.floor(minutes / 60),
        minutes % 60,
        SHOP_TIME_ZONE,
      ).getTime(),
    );
  return { opensAt: at(open), closesAt: at(close) };
}

/** Days looked ahead for the next opening from weekly rows: a whole week and a day, so every weekday is seen. */
const WEEKLY_REACH_DAYS = 8;

/**
 * The openings from the local day of `from` on, in order: up to 8 days ahead, and further only as far as the
 * last special day (a shop closed every week but open on one special day still has a next opening).
 */
function* openingsFrom(weekly: WeeklyHours[], special: SpecialHours[], from: Date): Generator<Opening> {
  const weeklyByDay = new Map(weekly.map((row) => [row.dayOfWeek, row]));
  const specialByDate = new Map(special.map((row) => [row.date, row]));
  const today = new TZDate(from.getTime(), SHOP_TIME_ZONE);
  const todayDate = format(today, 'yyyy-MM-dd');
  const lastSpecial = special.reduce((last, row) => (row.date > last ? row.date : last), todayDate);
  for (let offset = 0; ; offset += 1) {
    const day = addDays(today, offset);
    if (offset > WEEKLY_REACH_DAYS && format(day, 'yyyy-MM-dd') > lastSpecial) return;
    const opening = openingOn(day, weeklyByDay, specialByDate);
    if (opening) yield opening;
  }
}

/** Whether the shop is open at this instant, and when that next changes. */
export function openState(weekly: WeeklyHours[], special: SpecialHours[], at: Date): OpenState {
  if (weekly.length === 0 && special.length === 0) return { openNow: null, nextChangeAt: null };
  const now = at.getTime();
  for (const opening of openingsFrom(weekly, special, at)) {
    if (opening.closesAt.getTime() <= now) continue; // earlier today
    if (opening.opensAt.getTime() <= now) return { openNow: true, nextChangeAt: opening.closesAt };
    return { openNow: false, nextChangeAt: opening.opensAt };
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
  for (const opening of openingsFrom(weekly, special, from)) {
    if (opening.opensAt.getTime() > from.getTime()) return opening.opensAt;
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
  if (format(local, 'yyyy-MM-dd') === format(today, 'yyyy-MM-dd')) return format(local, 'HH:mm');
  const withinWeek = local.getTime() - today.getTime() < 6 * 24 * 60 * 60 * 1000;
  return format(local, withinWeek ? 'EEE HH:mm' : 'd MMM HH:mm');
}

/**
 * The line a shop card and page show: 'Open now · closes 17:00', 'Closed · opens Mon 09:00', or 'Closed'
 * when no opening is in reach; null when the shop has set no hours. Takes a shop's openNow and nextChangeAt
 * as the API gives them.
 */
export function openLine(
  state: { openNow: boolean | null; nextChangeAt: Date | string | null },
  now: Date,
): string | null {
  if (state.openNow === null) return null;
  const change = state.nextChangeAt === null ? null : new Date(state.nextChangeAt);
  if (state.openNow) {
    if (!change) return 'Open now';
    return `Open now · closes ${format(new TZDate(change.getTime(), SHOP_TIME_ZONE), 'HH:mm')}`;
  }
  return change ? `Closed · opens ${opensNextLabel(change, now)}` : 'Closed';
}
