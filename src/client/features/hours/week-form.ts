// The week as the hours dialog edits it: the saved rows (or spec §9's 09:00–17:00 default), the presets with what
// they do to the other days, each open day's time problem, and the seven bodies Save sends.
import {
  type BusinessHours,
  type BusinessHoursBody,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  type hourPresets,
} from '@shared/api/hours';
import { type OpeningTimesProblem, openingTimesProblem, parseTime24 } from './time-24h';

export interface DayForm {
  dayOfWeek: number;
  /** As typed; tidied to HH:MM when its box is left. */
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}

export type HourPreset = (typeof hourPresets)[number];

/** The saved rows, and 09:00–17:00 open for a day without one (spec §9 default business hours). */
export function initialWeek(rows: BusinessHours[]): DayForm[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
    const row = rows.find((saved) => saved.dayOfWeek === dayOfWeek);
    return {
      dayOfWeek,
      openTime: row?.openTime ?? DEFAULT_OPEN_TIME,
      closeTime: row?.closeTime ?? DEFAULT_CLOSE_TIME,
      isClosed: row?.isClosed ?? false,
    };
  });
}

/** The preset's days open at its times; the other days closed or left as they were, as its button says. */
export function applyHourPreset(week: DayForm[], preset: HourPreset): DayForm[] {
  const days: readonly number[] = preset.days;
  return week.map((day) => {
    if (days.includes(day.dayOfWeek))
      return { ...day, openTime: preset.openTime, closeTime: preset.closeTime, isClosed: false };
    return preset.otherDays === 'closed' ? { ...day, isClosed: true } : day;
  });
}

/** Each open day's problem with its times, by dayOfWeek; a closed day's times are not looked at. */
export function weekProblems(week: DayForm[]): Map<number, OpeningTimesProblem> {
  const problems = new Map<number, OpeningTimesProblem>();
  for (const day of week) {
    const problem = day.isClosed ? null : openingTimesProblem(day.openTime, day.closeTime);
    if (problem) problems.set(day.dayOfWeek, problem);
  }
  return problems;
}

/** What Save sends for each day (spec §2: one call per day): a closed day with no times. */
export function weekBodies(shopId: number, week: DayForm[]): BusinessHoursBody[] {
  return week.map((day) => ({
    shopId,
    dayOfWeek: day.dayOfWeek,
    openTime: day.isClosed ? null : parseTime24(day.openTime),
    closeTime: day.isClosed ? null : parseTime24(day.closeTime),
    isClosed: day.isClosed,
  }));
}
