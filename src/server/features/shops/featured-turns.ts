// Featured shops take turns (issue 31): a shop that paid for "featured placement on the home page" must get it,
// however many others are featured. The landing page shows the first FEATURED_ON_LANDING of Featured Only, so
// that list is a rotation rather than best rated first: the featured shops stand in a fixed shuffled circle
// (ordered by a hash of their id) and each Johannesburg day the list starts FEATURED_ON_LANDING places further
// round it. Every featured shop reaches the landing page within ceil(featured / 3) days, each as often as the
// others, and the order holds all day, so a customer's paging and the list cache see one order.
import { and, type SQL, sql } from 'drizzle-orm';
import { FEATURED_ON_LANDING } from '../../../shared/domain/featured.js';
import { localClock } from '../../../shared/domain/opening-hours.js';
import type { Database } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';

/** Days since 1970-01-01 in Johannesburg: the day's turn. */
export function dayNumber(now: Date): number {
  return Math.round(Date.parse(`${localClock(now).date}T00:00:00Z`) / 86_400_000);
}

/**
 * The featured matches (`filters` include the featured rule) numbered round the circle, and the order of today's
 * turn over them: join the circle to coffee_shops by id and order by `inTurn`. Reads every featured match to
 * number them: a few hundred at most in a real marketplace, and the answer is cached (list-cache.ts).
 */
export function featuredCircle(db: Database, filters: SQL[], now: Date) {
  const circle = db
    .select({
      id: coffeeShops.id,
      place: sql<number>`row_number() over (order by md5(${coffeeShops.id}::text), ${coffeeShops.id}) - 1`.as(
        'place',
      ),
      size: sql<number>`count(*) over ()`.as('size'),
    })
    .from(coffeeShops)
    .where(and(...filters))
    .as('circle');
  const shift = dayNumber(now) * FEATURED_ON_LANDING;
  const inTurn = sql`mod(${circle.place} + ${circle.size} - mod(${shift}, ${circle.size}), ${circle.size})`;
  return { circle, inTurn };
}
