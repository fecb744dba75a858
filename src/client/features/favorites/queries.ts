// Favourite hooks: the customer's favourites and the heart's toggle (spec §4 Favourite).

import type { Favorite } from '@shared/api/favorites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export function useFavorites(enabled: boolean) {
  return useQuery<Favorite[]>({ queryKey: ['/api/favorites'], enabled });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, isFavorite }: { shopId: number; isFavorite: boolean }) =>
      isFavorite
        ? apiRequest('DELETE', `/api/favorites/${shopId}`)
        : apiRequest('POST', '/api/favorites', { shopId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/favorites'] }),
  });
}
