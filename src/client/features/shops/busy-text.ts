// What a shop page says while the shop is busy (issue 30): 'Busy — pickups from 08:05'. The time is the shop's
// nextPickupAt, never sooner than the shared rule's earliest pickup now (a page left open must not promise a time
// that has passed), and nothing is said once the busy delay has ended by itself at busyUntil. Pure.
import type { Shop } from '@shared/api/shops';
import { busyMinutesAt, earliestPickup, pickupLabel } from '@shared/domain/pickup-slots';

type BusyShop = Pick<
  Shop,
  'prepMinutes' | 'maxOrdersPerSlot' | 'busyExtraMinutes' | 'busyUntil' | 'nextPickupAt' | 'acceptingOrders'
>;

export function busyNoticeText(shop: BusyShop, now: Date): string | null {
  // A paused shop says so already; a delay would be beside the point.
  if (!shop.acceptingOrders) return null;
  const extra = busyMinutesAt(shop, now);
  if (extra === 0) return null;
  if (!shop.nextPickupAt) return `Busy — pickups take about ${extra} minutes longer`;
  const soonest = Math.max(new Date(shop.nextPickupAt).getTime(), earliestPickup(shop, now).getTime());
  return `Busy — pickups from ${pickupLabel(new Date(soonest), now)}`;
}
