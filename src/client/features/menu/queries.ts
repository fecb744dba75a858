// Menu hooks (spec §7 Menu and hours): a shop's items, and adding, editing, deleting and the Sold out switch.
import type { CreateMenuItemBody, MenuItem, UpdateMenuItemBody } from '@shared/api/menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const menuKey = (shopId: number) => ['/api/menu-items', shopId] as const;

export function useMenuItems(shopId: number | null) {
  return useQuery<MenuItem[]>({ queryKey: menuKey(shopId ?? 0), enabled: shopId !== null });
}

export function useSaveMenuItem(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateMenuItemBody }) =>
      id === null
        ? apiRequest<MenuItem>('POST', '/api/menu-items', body)
        : apiRequest<MenuItem>('PUT', `/api/menu-items/${id}`, body satisfies UpdateMenuItemBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKey(shopId) }),
  });
}

export function useDeleteMenuItem(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/menu-items/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuKey(shopId) }),
  });
}

/**
 * The one-click Sold out switch: the list changes at once and goes back if the server refuses, so an owner
 * behind the counter does not wait for a round trip.
 */
export function useSetMenuItemAvailable(shopId: number) {
  const queryClient = useQueryClient();
  const key = menuKey(shopId);
  return useMutation({
    mutationFn: ({ id, isAvailable }: { id: number; isAvailable: boolean }) =>
      apiRequest<MenuItem>('PUT', `/api/menu-items/${id}`, { isAvailable } satisfies UpdateMenuItemBody),
    onMutate: async ({ id, isAvailable }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<MenuItem[]>(key);
      queryClient.setQueryData<MenuItem[]>(key, (items) =>
        items?.map((item) => (item.id === id ? { ...item, isAvailable } : item)),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
