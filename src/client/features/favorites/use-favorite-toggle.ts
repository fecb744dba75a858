// The heart's behaviour for a customer: which shops are favourites (from the server) and the toggle with toasts.
import type { Shop } from '@shared/api/shops';
import { toast } from '../../ui/toast-store';
import { useFavorites, useToggleFavorite } from './queries';

export function useFavoriteToggle(enabled: boolean) {
  const favorites = useFavorites(enabled);
  const toggle = useToggleFavorite();
  const favoriteIds = new Set((favorites.data ?? []).map((favorite) => favorite.shopId));

  const onToggle = (shop: Shop) => {
    const isFavorite = favoriteIds.has(shop.id);
    toggle.mutate(
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
  };
  return { favorites, favoriteIds, onToggle };
}
