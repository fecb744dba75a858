// Discover answers that are the same for everyone — the default list, a category, Featured Only, a search,
// without a location — kept ready as JSON for a few seconds. Most of Discover's traffic asks these few
// questions, and answering from memory costs a hundredth of asking the database.
//
// Never stale for what the app writes: every change to shops (a new shop, a review's new rating, a run-out
// promotion) clears the whole cache at once, on this instance and, through the bus, on every other one
// (see shopsChanged). Answers also stop being used when a promotion they show as featured runs out, when a
// shop they show opens or closes (its nextChangeAt), for Open Now lists at the next whole minute (a shop they
// leave out may open then: hours are whole minutes, so no shop opens or closes between two), and
// after TTL_MS at the latest, which bounds how long a change made outside the app (SQL by hand) goes unseen.
// Answers that depend on where the customer is (latitude/longitude) are never cached, nor are a map's areas: every
// pan asks about another box, so they would rarely be asked twice, and each holds up to 500 shops.
import type { z } from 'zod';
import type { Shop, shopQuery } from '../../../shared/api/shops.js';

type ListQuery = z.output<typeof shopQuery>;

const TTL_MS = 10_000;
const MAX_ENTRIES = 1_000;

export interface ShopListCache {
  /** The JSON answer for this query: from memory while fresh, else computed once (concurrent askers share it). */
  answer(query: ListQuery, compute: () => Promise<Shop[]>): Promise<string>;
  /** Forgets every answer, and any being computed, so nothing read before a change is served after it. */
  clear(): void;
}

/**
 * Whether a query's answer is kept: the same for everyone, so unless it depends on the customer's location, and
 * not a map area (see above; the key below leaves the area out, so an area must never reach it).
 */
export function isSharedQuery(query: ListQuery): boolean {
  const { latitude, longitude, minLatitude, maxLatitude, minLongitude, maxLongitude } = query;
  return [latitude, longitude, minLatitude, maxLatitude, minLongitude, maxLongitude].every(
    (value) => value === undefined,
  );
}

export function createShopListCache(options: { ttlMs?: number; maxEntries?: number } = {}): ShopListCache {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, { json: string; freshUntil: number }>();
  const computing = new Map<string, Promise<string>>();
  // Bumped by clear(): an answer whose computation began before a change is handed to its askers, never stored.
  let generation = 0;

  return {
    answer(query, compute) {
      const key = JSON.stringify([
        query.search?.toLowerCase() ?? '',
        query.category ?? '',
        query.promoted ?? false,
        query.openNow ?? false,
        query.limit,
        query.offset,
      ]);
      const startedAt = Date.now();
      const entry = entries.get(key);
      if (entry && entry.freshUntil > startedAt) return Promise.resolve(entry.json);
      const pending = computing.get(key);
      if (pending) return pending;

      const startedIn = generation;
      const computed = compute()
        .then((shops) => {
          const json = JSON.stringify(shops);
          if (generation === startedIn) {
            if (!entries.has(key) && entries.size >= maxEntries)
              entries.delete(entries.keys().next().value as string);
            entries.set(key, { json, freshUntil: freshUntil(query, shops, startedAt, startedAt + ttlMs) });
          }
          return json;
        })
        .finally(() => {
          if (computing.get(key) === computed) computing.delete(key);
        });
      computing.set(key, computed);
      return computed;
    },
    clear() {
      generation += 1;
      entries.clear();
      computing.clear();
    },
  };
}

const MINUTE_MS = 60_000;

/**
 * The answer shows a shop as featured only until its promotion runs out, and open or closed only until its
 * next change; an Open Now list holds only until the next whole minute after it was asked (Johannesburg is a
 * whole number of hours from UTC, so local and UTC minutes begin together).
 */
function freshUntil(query: ListQuery, shops: Shop[], askedAt: number, latest: number): number {
  let until = latest;
  if (query.openNow) until = Math.min(until, (Math.floor(askedAt / MINUTE_MS) + 1) * MINUTE_MS);
  for (const shop of shops) {
    if (shop.isPromoted && shop.promotionExpiresAt)
      until = Math.min(until, Date.parse(shop.promotionExpiresAt));
    if (shop.nextChangeAt) until = Math.min(until, Date.parse(shop.nextChangeAt));
  }
  return until;
}
