// The shops this tab shows (issue 31): the shop page and each shop card say which shop they show, and the live
// connection (socket.ts) asks the server for those shops' shop_updated events, so what is on screen stays true.
import { MAX_WATCHED_SHOPS } from '@shared/api/message-constants';
import { useEffect } from 'react';

/** How many mounted views show each shop; a Map keeps the order shops were first shown in. */
const shown = new Map<number, number>();
const listeners = new Set<() => void>();
let scheduled = false;

/**
 * Listeners hear once per turn of the event loop: a page of cards mounting, or a card unmounting as the shop's page
 * mounts, is one change, and so one message to the server.
 */
function changed() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    for (const listener of listeners) listener();
  }, 0);
}

/** The shops to watch: the most recently shown, at most what the server lets one socket watch. */
export function watchedShopIds(): number[] {
  return [...shown.keys()].slice(-MAX_WATCHED_SHOPS);
}

export function subscribeToWatchedShops(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While mounted, the shop (none for null) is watched for live updates. */
export function useWatchShop(shopId: number | null) {
  useEffect(() => {
    if (shopId === null) return;
    shown.set(shopId, (shown.get(shopId) ?? 0) + 1);
    changed();
    return () => {
      const count = (shown.get(shopId) ?? 1) - 1;
      if (count > 0) shown.set(shopId, count);
      else shown.delete(shopId);
      changed();
    };
  }, [shopId]);
}
