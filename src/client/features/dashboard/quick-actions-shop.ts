// Which shop the dashboard's Quick Actions act on (issue 32): chosen by an owner with several, remembered on this
// device (localStorage); the first shop until one is chosen, or when the one chosen is gone.
import type { Shop } from '@shared/api/shops';
import { useState } from 'react';

const STORAGE_KEY = 'quickActionsShop';

/** The remembered shop when it is still one of the owner's, else the first. */
export function chooseShop<T extends Pick<Shop, 'id'>>(
  shops: readonly T[],
  rememberedId: number | null,
): T | undefined {
  return shops.find((shop) => shop.id === rememberedId) ?? shops[0];
}

function readRemembered(): number | null {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function useQuickActionsShop(shops: readonly Shop[]) {
  const [rememberedId, setRememberedId] = useState(readRemembered);
  const choose = (shopId: number) => {
    setRememberedId(shopId);
    try {
      localStorage.setItem(STORAGE_KEY, String(shopId));
    } catch {
      // Storage refused (private mode): the choice still holds on this page.
    }
  };
  return { shop: chooseShop(shops, rememberedId), choose };
}
