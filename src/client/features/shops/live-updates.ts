// A shop_updated event (issue 31) applied to the cache: the new pause, busy delay and open state patched into every
// cached copy of the shop (its page, discover pages, favourites, my shops) without a fetch; the menu, hours and
// pickup times read again where they changed. Lists filtered to Open Now are read again instead, as the shop may
// have left them; after a menu change, so are searched lists, whose 'Serves: …' came from the menu.
import type { ShopUpdatedEvent } from '@shared/api/messages';
import type { Shop } from '@shared/api/shops';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hoursKey, specialDaysKey } from '../hours/queries';
import { menuKey, optionGroupsKey } from '../menu/queries';

type ShopPatch = NonNullable<ShopUpdatedEvent['shop']>;

function isShop(value: unknown): value is Shop {
  return typeof value === 'object' && value !== null && 'id' in value && 'acceptingOrders' in value;
}

/** The same value with the shop patched wherever it sits: a shop, a list of shops or favourites, a list's pages. */
function patchShop(data: unknown, shopId: number, patch: ShopPatch): unknown {
  if (isShop(data)) return data.id === shopId ? { ...data, ...patch } : data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((entry) => {
      const patched = patchShop(entry, shopId, patch);
      if (patched !== entry) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (typeof data !== 'object' || data === null) return data;
  // A favourite ({shopId, shop}) or an infinite list ({pages, pageParams}): one level down.
  const holder = data as { shop?: unknown; pages?: unknown };
  if (isShop(holder.shop)) {
    const shop = patchShop(holder.shop, shopId, patch);
    return shop === holder.shop ? data : { ...holder, shop };
  }
  if (Array.isArray(holder.pages)) {
    const pages = patchShop(holder.pages, shopId, patch);
    return pages === holder.pages ? data : { ...holder, pages };
  }
  return data;
}

/** A discover list asked with openNow=true (its key holds the query parameters). */
function isOpenNowList(key: QueryKey): boolean {
  return key.some(
    (part) => typeof part === 'object' && part !== null && (part as { openNow?: unknown }).openNow === 'true',
  );
}

/**
 * A discover list or map area asked with a search: its shops' matchedItems ('Serves: Oat latte') are what their
 * menus held when it was asked.
 */
function isSearchList(key: QueryKey): boolean {
  return key.some((part) => {
    if (typeof part !== 'object' || part === null) return false;
    const search = (part as { search?: unknown }).search;
    return typeof search === 'string' && search !== '';
  });
}

export function applyShopUpdate(queryClient: QueryClient, event: ShopUpdatedEvent) {
  const { shopId, shop: patch } = event;
  if (patch) {
    for (const root of ['/api/coffee-shops', '/api/favorites', '/api/my-shops']) {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: [root] })) {
        if (isOpenNowList(query.queryKey)) continue;
        const before = query.state.data;
        const after = patchShop(before, shopId, patch);
        if (after !== before) queryClient.setQueryData(query.queryKey, after);
      }
    }
    // A pause or resume moves shops in and out of Open Now: those lists are asked again (the server's cached
    // answers were cleared before this event was sent).
    void queryClient.invalidateQueries({
      queryKey: ['/api/coffee-shops'],
      predicate: (query) => isOpenNowList(query.queryKey),
    });
    // Pause, busy delay and hours all change which pickup times the checkout may offer.
    void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', shopId, 'pickup-slots'] });
  }
  if (event.menuChanged) {
    void queryClient.invalidateQueries({ queryKey: menuKey(shopId) });
    void queryClient.invalidateQueries({ queryKey: optionGroupsKey(shopId) });
    // What the shop serves may no longer be what a search found on it (or it may now be found by the search): the
    // searched lists on screen are asked again. Only a watcher of the shop hears this, so only a tab showing it.
    void queryClient.invalidateQueries({
      queryKey: ['/api/coffee-shops'],
      predicate: (query) => isSearchList(query.queryKey),
    });
  }
  if (event.hoursChanged) {
    void queryClient.invalidateQueries({ queryKey: hoursKey(shopId) });
    void queryClient.invalidateQueries({ queryKey: specialDaysKey(shopId) });
  }
  // The shop's stamp card (issue 29) is on its own answer, and on the customer's cards.
  if (event.loyaltyChanged) {
    void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', shopId], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['/api/loyalty'] });
  }
}
