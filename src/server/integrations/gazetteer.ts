// The offline geocoder: finds a South African town or suburb named in an address and answers its centre,
// marked approximate. Used when no map search service is configured (GEOCODER_URL) or when it fails, so that
// creating a shop offline still gives it a location and Find Near Me still finds it.
import { readFileSync } from 'node:fs';
import type { GeocodeResult } from '../../shared/api/shops.js';
import { type Geocoder, geocodeAnswer } from './geocoder.js';

export interface Place {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** Lower case, accents and punctuation gone, single spaces: 'Sea-Point,  Cape Town' -> 'sea point cape town'. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The place an address names, or null. An address reads street, suburb, town (comma separated): the first part
 * is the street, whose words ('George St', 'Church Rd') are too often place names too, so it is searched only
 * when the rest names nothing. Of the other parts the first that names a place wins, as the most precise (a
 * suburb before its town); within a part the longest name, then the most populous place of that name.
 */
export function findPlace(places: readonly Place[], address: string): Place | null {
  const byName = new Map<string, Place>();
  for (const place of places) {
    const key = normalise(place.name);
    const known = byName.get(key);
    if (!known || place.population > known.population) byName.set(key, place);
  }
  const longestName = Math.max(...[...byName.keys()].map((name) => name.split(' ').length));
  const placeIn = (part: string): Place | null => {
    const words = normalise(part).split(' ').filter(Boolean);
    for (let length = Math.min(longestName, words.length); length >= 1; length -= 1) {
      for (let start = 0; start + length <= words.length; start += 1) {
        const found = byName.get(words.slice(start, start + length).join(' '));
        if (found) return found;
      }
    }
    return null;
  };
  const parts = address.split(',').filter((part) => part.trim() !== '');
  const [street, ...rest] = parts;
  for (const part of rest) {
    const found = placeIn(part);
    if (found) return found;
  }
  return street === undefined ? null : placeIn(street);
}

let bundledPlaces: Place[] | null = null;
/** South Africa's places from GeoNames (scripts/build-gazetteer.mjs), read once on first use. */
export function southAfricanPlaces(): Place[] {
  bundledPlaces ??= JSON.parse(readFileSync(new URL('./za-places.json', import.meta.url), 'utf8')) as Place[];
  return bundledPlaces;
}

export function createGazetteerGeocoder(places: () => readonly Place[] = southAfricanPlaces): Geocoder {
  return {
    async search(query) {
      const place = findPlace(places(), query);
      if (!place) return null;
      return geocodeAnswer(place.latitude, place.longitude, {
        approximate: true,
        label: place.name,
        displayName: `${place.name} (approximate: the centre of ${place.name})`,
      });
    },
  };
}

/**
 * The map search service first, the gazetteer when it has no service, knows no such address, or fails. A
 * failure the gazetteer cannot cover is still the service's error (the route answers 502 for it).
 */
export function withGazetteerFallback(primary: Geocoder | undefined, gazetteer: Geocoder): Geocoder {
  if (!primary) return gazetteer;
  return {
    async search(query) {
      let found: GeocodeResult | null;
      try {
        found = await primary.search(query);
      } catch (error) {
        const approximate = await gazetteer.search(query);
        if (approximate) return approximate;
        throw error;
      }
      return found ?? gazetteer.search(query);
    },
  };
}
