// When a shop is open (Africa/Johannesburg, whatever the server's or browser's zone): weekly hours, overridden
// by special days. One rule for the open-now line, the openNow filter, pickup times and 'opens next'.
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

/** Whether the shop is open at this instant, and when that next changes. */
export function openState(_weekly: WeeklyHours[], _special: SpecialHours[], _at: Date): OpenState {
  // Built by its issue (shop setup: open now).
  return { openNow: null, nextChangeAt: null };
}

/** Whether the shop is open at this instant; null when it has set no hours. */
export function isOpenAt(weekly: WeeklyHours[], special: SpecialHours[], at: Date): boolean | null {
  return openState(weekly, special, at).openNow;
}
