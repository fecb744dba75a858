// Opening times as South Africa writes them: 24-hour 'HH:MM' (07:00, 17:30), whatever the browser's locale
// (an <input type="time"> shows 5:30 PM in an en-US browser). Typed text is read leniently and shown back in
// that one form, so '7', '730', '7:30', '07h30' and '17.30' all do.
import { TIME_PATTERN } from '@shared/api/hours';

/** A typed time as 'HH:MM', or null when it is not a time of day (00:00–23:59). */
export function parseTime24(text: string): string | null {
  const parts = splitTime(text.trim());
  if (!parts) return null;
  const time = `${parts.hours.padStart(2, '0')}:${parts.minutes}`;
  return TIME_PATTERN.test(time) ? time : null;
}

function splitTime(typed: string): { hours: string; minutes: string } | null {
  // Digits only: '7' and '17' are whole hours; '730' and '1730' carry their minutes in the last two digits.
  if (/^\d{1,2}$/.test(typed)) return { hours: typed, minutes: '00' };
  if (/^\d{3,4}$/.test(typed)) return { hours: typed.slice(0, -2), minutes: typed.slice(-2) };
  // With a separator: '7:30', '07h30' (as often written here), '17.30', '7h'.
  const match = /^(\d{1,2})\s*[:.hH]\s*(\d{2})?$/.exec(typed);
  return match?.[1] ? { hours: match[1], minutes: match[2] ?? '00' } : null;
}

/** What is wrong with a day's opening and closing times as typed, and which box it is in. */
export interface OpeningTimesProblem {
  message: string;
  at: 'open' | 'close' | 'both';
}

/** The problem with a day's times as typed, in the owner's words, or null when they will do. */
export function openingTimesProblem(openText: string, closeText: string): OpeningTimesProblem | null {
  const open = parseTime24(openText);
  const close = parseTime24(closeText);
  if (!open && !close)
    return {
      message: 'Enter the opening and closing times, 24-hour, for example 07:00 and 17:30.',
      at: 'both',
    };
  if (!open) return { message: 'Enter the opening time as HH:MM, 24-hour, for example 07:00.', at: 'open' };
  if (!close) return { message: 'Enter the closing time as HH:MM, 24-hour, for example 17:30.', at: 'close' };
  // 'HH:MM' strings order as the times do.
  if (open >= close) return { message: 'The opening time must be before the closing time.', at: 'both' };
  return null;
}
