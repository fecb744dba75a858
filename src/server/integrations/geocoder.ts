// Address -> coordinates through an OpenStreetMap Nominatim-compatible service (spec §5 Geocoding):
// format json, limit 1, an identifying User-Agent, at most one request a second, answers cached.
import type { GeocodeResult } from '../../shared/api/shops.js';

export interface Geocoder {
  /** The best match, or null when the service knows no such place. Throws when the service fails. */
  search(query: string): Promise<GeocodeResult | null>;
}

interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  /** How precise the match is: 30 a house, 26 a street, 16–20 a town or suburb (Nominatim's address ranks). */
  place_rank?: number;
  name?: string;
}

/** Nominatim's rank of a street: anything coarser is a town's or suburb's centre, not the address. */
const STREET_RANK = 26;

/** A found place in the API's shape: numbers for the map, the spec's decimal text beside them. */
export function geocodeAnswer(
  latitude: number,
  longitude: number,
  found: { approximate: boolean; label: string; displayName: string },
): GeocodeResult {
  return { latitude, longitude, lat: String(latitude), lon: String(longitude), ...found };
}

/**
 * 'Kloof Street, Gardens, Cape Town, City of Cape Town, Western Cape, 8001, South Africa' -> 'Kloof Street,
 * Gardens, Cape Town': the street and the places that name it, without the municipality, province, code and
 * country nobody needs to recognise a pin.
 */
export function shortLabel(displayName: string, parts = 3): string {
  return displayName
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^\d{4}$/.test(part) && part !== 'South Africa')
    .slice(0, parts)
    .join(', ');
}

const MIN_INTERVAL_MS = 1000;
const CACHE_SIZE = 500;

export function createNominatimGeocoder(
  baseUrl: string,
  userAgent: string,
  options: { minIntervalMs?: number; timeoutMs?: number } = {},
): Geocoder {
  const cache = new Map<string, GeocodeResult | null>();
  const minInterval = options.minIntervalMs ?? MIN_INTERVAL_MS;
  // Requests queue behind each other so the service never sees more than one a second from us.
  let queue: Promise<unknown> = Promise.resolve();
  let lastRequestAt = 0;

  const request = async (query: string): Promise<GeocodeResult | null> => {
    const wait = lastRequestAt + minInterval - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    url.searchParams.set('format', 'json');
    url.searchParams.set('limit', '1');
    url.searchParams.set('countrycodes', 'za');
    url.searchParams.set('q', query);
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
      if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
      const places = (await response.json()) as NominatimPlace[];
      const place = places[0];
      if (!place || !Number.isFinite(Number(place.lat)) || !Number.isFinite(Number(place.lon))) return null;
      const displayName = place.display_name ?? query;
      const approximate = place.place_rank !== undefined && place.place_rank < STREET_RANK;
      return geocodeAnswer(Number(place.lat), Number(place.lon), {
        approximate,
        // An approximate match is named by itself ('Soweto'); an address by its street and suburb.
        label: approximate ? (place.name ?? shortLabel(displayName, 1)) : shortLabel(displayName),
        displayName,
      });
    } finally {
      // The second is counted from the answer, not from the asking: a request slow to leave this machine
      // (a new connection, a busy event loop) then still reaches the service a full second after the last.
      lastRequestAt = Date.now();
    }
  };

  // Look-ups on their way, by cache key: the same address asked again before the answer comes shares the
  // request instead of queueing a second one for the same answer.
  const inFlight = new Map<string, Promise<GeocodeResult | null>>();

  return {
    search(query) {
      const key = query.trim().toLowerCase();
      if (cache.has(key)) return Promise.resolve(cache.get(key) ?? null);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const result = queue.then(() => request(query));
      queue = result.catch(() => undefined);
      const answer = result
        .then((found) => {
          if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          cache.set(key, found);
          return found;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
      return answer;
    },
  };
}
