// How order times read on screen: always the shop's local time (Africa/Johannesburg), whatever the browser's zone.
import { SHOP_TIME_ZONE } from '@shared/domain/opening-hours';

const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-ZA', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayAndMonth = new Intl.DateTimeFormat('en-ZA', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** The local calendar date 'YYYY-MM-DD' of an instant. */
export function localDate(at: Date): string {
  return dayKey.format(at);
}

export function localClock(at: Date): string {
  return clock.format(at);
}

/** 'Today, 14:30', 'Tomorrow, 09:15', 'Yesterday, 08:00' or 'Mon 23 Nov, 14:30'. */
export function formatOrderTime(at: Date | string, now: Date = new Date()): string {
  const date = new Date(at);
  const day = localDate(date);
  const today = localDate(now);
  const dayMs = 24 * 60 * 60 * 1000;
  const label =
    day === today
      ? 'Today'
      : day === localDate(new Date(now.getTime() + dayMs))
        ? 'Tomorrow'
        : day === localDate(new Date(now.getTime() - dayMs))
          ? 'Yesterday'
          : dayAndMonth.format(date);
  return `${label}, ${localClock(date)}`;
}
