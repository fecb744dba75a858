// How order times read on screen: always the shop's local time (Africa/Johannesburg), whatever the browser's zone.
import { TZDate } from '@date-fns/tz';
import { localDateOf } from '@shared/domain/local-date';
import { SHOP_TIME_ZONE } from '@shared/domain/opening-hours';
import { format } from 'date-fns';

const local = (at: Date) => new TZDate(at.getTime(), SHOP_TIME_ZONE);

/** '14:30' on the shop's 24-hour clock. */
export function localClock(at: Date): string {
  return format(local(at), 'HH:mm');
}

/** 'Today, 14:30', 'Tomorrow, 09:15', 'Yesterday, 08:00' or 'Mon 23 Nov, 14:30'. */
export function formatOrderTime(at: Date | string, now: Date = new Date()): string {
  const date = new Date(at);
  const day = localDateOf(date);
  const today = localDateOf(now);
  const dayMs = 24 * 60 * 60 * 1000;
  const label =
    day === today
      ? 'Today'
      : day === localDateOf(new Date(now.getTime() + dayMs))
        ? 'Tomorrow'
        : day === localDateOf(new Date(now.getTime() - dayMs))
          ? 'Yesterday'
          : format(local(date), 'EEE d MMM');
  return `${label}, ${localClock(date)}`;
}
