// Where a shop is, as numbers a map takes, and the link that opens directions there in the phone's maps app
// (issue 31). No Leaflet here: the shop page links to directions before, or without, any map.
import type { Shop } from '@shared/api/shops';

export type Position = [latitude: number, longitude: number];

/** The shop's pin, or null while it has none (the API sends coordinates as decimal strings). */
export function shopPosition(shop: Pick<Shop, 'latitude' | 'longitude'>): Position | null {
  if (shop.latitude === null || shop.longitude === null) return null;
  const latitude = Number(shop.latitude);
  const longitude = Number(shop.longitude);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? [latitude, longitude] : null;
}

/**
 * Google Maps' documented cross-platform directions URL: on a phone it opens the maps app (or the site), with the
 * route from wherever the phone is. The pin rather than the address text, which a maps app may read differently.
 */
export function directionsUrl([latitude, longitude]: Position): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}`;
}
