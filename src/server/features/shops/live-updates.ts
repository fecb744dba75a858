// Live shop updates (issue 31): after an owner's change has committed (the orders switch, the busy delay, the menu,
// the hours), a shop_updated event goes over the bus, so every instance tells the sockets watching that shop.
import { and, inArray, isNull } from 'drizzle-orm';
import type { ShopUpdatedEvent } from '../../../shared/api/messages.js';
import type { Shop } from '../../../shared/api/shops.js';
import type { App } from '../../app-type.js';
import type { Database } from '../../db/client.js';
import { coffeeShops } from '../../db/schema.js';
import { openStateOf, withOpenState } from './open-now.js';

type ShopChange = Omit<ShopUpdatedEvent, 'type' | 'shopId'>;

/**
 * Publishes the change. Never throws: the owner's write is done and answered whatever the bus does; a watcher
 * that misses the event sees the change at its next fetch, as before live updates.
 */
export function announceShopUpdate(app: App, shopId: number, change: ShopChange): void {
  app.deps.bus
    .publish({ type: 'shop_updated', shopId, ...change })
    .catch((error) => app.log.error({ err: error, shopId }, 'could not announce a shop update'));
}

/** The edited shop's fields a page or card shows live: pause, busy delay, open state (PUT /api/coffee-shops/{id}). */
export function announceShopEdit(app: App, shop: Shop): void {
  const { acceptingOrders, busyExtraMinutes, busyUntil, openNow, nextChangeAt } = shop;
  announceShopUpdate(app, shop.id, {
    shop: { acceptingOrders, busyExtraMinutes, busyUntil, openNow, nextChangeAt },
  });
}

/**
 * The shop's hours or special days changed: its open state is worked out once here, so watchers patch their cards
 * instead of each fetching the shop (a fetch of a shop's page would count as a visit in its analytics).
 */
export function announceHoursChange(app: App, shopId: number): void {
  openStateOf(app.db, shopId).then(
    (state) => announceShopUpdate(app, shopId, { shop: state, hoursChanged: true }),
    (error) => app.log.error({ err: error, shopId }, 'could not work out a shop’s open state'),
  );
}

/**
 * An item of the shop's menu was added, changed or deleted: watchers read the menu again, and are told the shop's
 * open state with it, since a shop with nothing to order is not open now (issue 32): selling out or deleting the last
 * available item closes it, adding or bringing back the first opens it by its hours. Sent with every menu change
 * rather than only those that cross the line: what decides it (menu_text) is kept by a trigger, and one small read
 * per owner's edit is cheaper than knowing the state before.
 */
export function announceMenuChange(app: App, shopId: number): void {
  openStateOf(app.db, shopId).then(
    (state) => announceShopUpdate(app, shopId, { shop: state, menuChanged: true }),
    (error) => {
      app.log.error({ err: error, shopId }, 'could not work out a shop’s open state');
      // The menu itself changed whatever the open state: its watchers still read it again.
      announceShopUpdate(app, shopId, { menuChanged: true });
    },
  );
}

/**
 * These shops' live state now, as shop_updated events: what a socket is sent when it starts watching them. A page
 * fetched its shop a moment before its socket asked to watch it; a pause made in between would otherwise be missed
 * until the next fetch. One read of the shops' rows and hours, however many are added.
 */
export async function currentShopStates(db: Database, shopIds: number[], now = new Date()) {
  if (shopIds.length === 0) return [];
  const rows = await db
    .select({
      id: coffeeShops.id,
      acceptingOrders: coffeeShops.acceptingOrders,
      busyExtraMinutes: coffeeShops.busyExtraMinutes,
      busyUntil: coffeeShops.busyUntil,
    })
    .from(coffeeShops)
    .where(and(inArray(coffeeShops.id, shopIds), isNull(coffeeShops.removedAt)));
  const opened = await withOpenState(
    db,
    rows.map((row) => ({ id: row.id, openNow: null as boolean | null, nextChangeAt: null as string | null })),
    now,
  );
  return rows.map((row, index): ShopUpdatedEvent => {
    // A busy delay that has ended is no delay (as toShop answers).
    const busy = row.busyUntil && row.busyUntil.getTime() > now.getTime();
    return {
      type: 'shop_updated',
      shopId: row.id,
      shop: {
        acceptingOrders: row.acceptingOrders,
        busyExtraMinutes: busy ? row.busyExtraMinutes : null,
        busyUntil: busy ? row.busyUntil!.toISOString() : null,
        openNow: opened[index]!.openNow,
        nextChangeAt: opened[index]!.nextChangeAt,
      },
    };
  });
}
