// Menu hooks (spec §7 Menu and hours): a shop's items, and adding, editing, deleting and the Sold out switch; a
// shop's option groups (issue 25), whose every change refreshes the menu too, since menu items embed their groups.
import type { CreateMenuItemBody, MenuItem, UpdateMenuItemBody } from '@shared/api/menu';
import type { CreateOptionGroupBody, OptionGroup, UpdateOptionGroupBody } from '@shared/api/option-groups';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { bodyFromGroup } from './option-group-form';

export const menuKey = (shopId: number) => ['/api/menu-items', shopId] as const;
export const optionGroupsKey = (shopId: number) => ['/api/option-groups', shopId] as const;

export function useMenuItems(shopId: number | null) {
  return useQuery<MenuItem[]>({ queryKey: menuKey(shopId ?? 0), enabled: shopId !== null });
}

/** The menu, and the owner's shops, whose setup checklist ticks 'menu' by its available items (issue 32). */
function refreshAfterMenuChange(queryClient: QueryClient, key: readonly unknown[]) {
  void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
  return queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveMenuItem(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateMenuItemBody }) =>
      id === null
        ? apiRequest<MenuItem>('POST', '/api/menu-items', body)
        : apiRequest<MenuItem>('PUT', `/api/menu-items/${id}`, body satisfies UpdateMenuItemBody),
    onSettled: () => refreshAfterMenuChange(queryClient, menuKey(shopId)),
  });
}

export function useDeleteMenuItem(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/menu-items/${id}`),
    onSettled: () => refreshAfterMenuChange(queryClient, menuKey(shopId)),
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
    onSettled: () => refreshAfterMenuChange(queryClient, key),
  });
}

export function useOptionGroups(shopId: number) {
  return useQuery<OptionGroup[]>({ queryKey: optionGroupsKey(shopId) });
}

/** A group changed: the shop's groups and its menu (whose items carry their groups whole) are read again. */
function refreshOptionGroups(queryClient: QueryClient, shopId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: optionGroupsKey(shopId) }),
    queryClient.invalidateQueries({ queryKey: menuKey(shopId) }),
  ]);
}

export function useSaveOptionGroup(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateOptionGroupBody }) =>
      id === null
        ? apiRequest<OptionGroup>('POST', '/api/option-groups', body)
        : apiRequest<OptionGroup>('PUT', `/api/option-groups/${id}`, body satisfies UpdateOptionGroupBody),
    onSettled: () => refreshOptionGroups(queryClient, shopId),
  });
}

export function useDeleteOptionGroup(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/option-groups/${id}`),
    onSettled: () => refreshOptionGroups(queryClient, shopId),
  });
}

/**
 * One option's Sold out switch (oat milk has run out): one click, one PUT of its whole group with every option's
 * id kept. Like the item's switch it changes the list at once and goes back if the server refuses.
 */
export function useSetOptionAvailable(shopId: number) {
  const queryClient = useQueryClient();
  const key = optionGroupsKey(shopId);
  return useMutation({
    mutationFn: ({
      group,
      optionId,
      isAvailable,
    }: {
      group: OptionGroup;
      optionId: number;
      isAvailable: boolean;
    }) =>
      apiRequest<OptionGroup>(
        'PUT',
        `/api/option-groups/${group.id}`,
        bodyFromGroup(withAvailability(group, optionId, isAvailable)) satisfies UpdateOptionGroupBody,
      ),
    onMutate: async ({ group, optionId, isAvailable }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<OptionGroup[]>(key);
      queryClient.setQueryData<OptionGroup[]>(key, (groups) =>
        groups?.map((entry) =>
          entry.id === group.id ? withAvailability(entry, optionId, isAvailable) : entry,
        ),
      );
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => refreshOptionGroups(queryClient, shopId),
  });
}

function withAvailability(group: OptionGroup, optionId: number, isAvailable: boolean): OptionGroup {
  return {
    ...group,
    options: group.options.map((option) => (option.id === optionId ? { ...option, isAvailable } : option)),
  };
}
