// The heart's behaviour for a customer: which shops are favourites (from the server) and the toggle with toasts.
import type { Shop } from '@shared/api/shops';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { toast } from '../../ui/toast-store';
import { useFavorites, useToggleFavorite } from './queries';

export function useFavoriteToggle(enabled: boolean) {
  const favorites = useFavorites(enabled);
  const toggle = useToggleFavorite();
  const favoriteIds = useMemo(
    () => new Set((favorites.data ?? []).map((favorite) => favorite.shopId)),
    [favorites.data],
  );

  // One function for the page's life: shop cards are memoised, so when the favourites arrive (after the shops,
  // in a request of their own) only the cards whose heart changes render again, not the whole list. The ref
  // gives it the favourites and mutation of the last render shown.
  const latest = useRef({ favoriteIds, mutate: toggle.mutate });
  useLayoutEffect(() => {
    latest.current = { favoriteIds, mutate: toggle.mutate };
  });
  const onToggle = useCallback((shop: Shop) => {
    const isFavorite = latest.current.favoriteIds.has(shop.id);
    latest.current.mutate(
      { shopId: shop.id, isFavorite },
      {
        onSuccess: () =>
          toast({
            title: isFavorite ? 'Removed from favorites' : 'Added to favorites',
            description: shop.name,
          }),
        onError: () =>
          toast({
            title: isFavorite ? 'Failed to remove from favorites' : 'Failed to add to favorites',
            variant: 'destructive',
          }),
      },
    );
  }, []);
  return { favorites, favoriteIds, onToggle };
}
