// What part of the world a map shows: its first view from the shops it pins, and its visible area as the list API's
// four bounds (issue 31, 'Search this area'). Pure: the Leaflet side is in MapViewFitter.tsx.
import type { Shop } from '@shared/api/shops';
import type { MapArea } from '../shops/queries';
import { type Position, shopPosition } from './shop-position';

/** Close enough to see the streets around one shop. */
export const STREET_ZOOM = 15;
/** A customer's surroundings when no shop is pinned: a city's worth. */
export const NEIGHBOURHOOD_ZOOM = 12;

/** Either every pin in view, or one point at a zoom. Plain data, so a map can tell a new view from the same one. */
export type MapView = { bounds: Position[] } | { center: Position; zoom: number };

/** The shops' pins in view; else the customer's position; else the fallback (all of South Africa). */
export function viewOfShops(
  shops: readonly Pick<Shop, 'latitude' | 'longitude'>[],
  location: Position | null,
  fallback: { center: Position; zoom: number },
): MapView {
  const positions = shops.map(shopPosition).filter((position) => position !== null);
  if (positions.length > 1) return { bounds: positions };
  if (positions.length === 1) return { center: positions[0]!, zoom: STREET_ZOOM };
  if (location) return { center: location, zoom: NEIGHBOURHOOD_ZOOM };
  return fallback;
}

const BOUND_DECIMALS = 10 ** 5;

/**
 * The visible box as the API's bounds: rounded outwards to 5 decimals (about a metre), so a shop on the edge stays
 * in, and clamped to the world, as a map zoomed far out reaches past ±180° (the API says 400 to that).
 */
export function areaOfBounds(south: number, west: number, north: number, east: number): MapArea {
  const down = (value: number, limit: number) =>
    Math.max(-limit, Math.floor(value * BOUND_DECIMALS) / BOUND_DECIMALS);
  const up = (value: number, limit: number) =>
    Math.min(limit, Math.ceil(value * BOUND_DECIMALS) / BOUND_DECIMALS);
  return {
    minLatitude: down(south, 90),
    maxLatitude: up(north, 90),
    minLongitude: down(west, 180),
    maxLongitude: up(east, 180),
  };
}
