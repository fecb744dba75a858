// The board's orders for one shop (issue 30): one status-filtered query per status it shows, so a busy shop's
// finished orders never push an open one off the first page. They are the dashboard's own queries (orders/queries.ts):
// a live order event lands in them as it does on the Orders tab, and status-filtered lists refetch on every change.
import type { Order } from '@shared/api/orders';
import { useRef } from 'react';
import { useOrders } from '../orders/queries';
import { boardColumnOf } from './board-columns';

export function useBoardOrders(shopId: number | null) {
  const enabled = shopId !== null;
  const filters = { shopId: shopId ?? undefined };
  const lists = [
    useOrders(enabled, { ...filters, status: 'pending' }),
    useOrders(enabled, { ...filters, status: 'confirmed' }),
    useOrders(enabled, { ...filters, status: 'preparing' }),
    useOrders(enabled, { ...filters, status: 'ready' }),
  ];
  // An order just moved may sit in two lists for a moment (its old list is replaced in place, then refetched):
  // the copy that has seen more moves is the newer.
  const byId = new Map<number, Order>();
  for (const list of lists)
    for (const order of list.orders) {
      const known = byId.get(order.id);
      if (!known || order.statusHistory.length > known.statusHistory.length) byId.set(order.id, order);
    }
  // A moved order leaves its old list's refetch before it arrives in its new one's: while any list is refetching,
  // an order last seen on the board stays (so a card never blinks out, and the keyboard's focus stays with it).
  const shown = useRef<Map<number, Order>>(new Map());
  if (lists.some((list) => list.isFetching))
    for (const [id, order] of shown.current)
      if (!byId.has(id) && boardColumnOf(order.status)) byId.set(id, order);
  shown.current = byId;
  return {
    orders: [...byId.values()],
    isLoading: lists.some((list) => list.isLoading),
    isError: lists.some((list) => list.isError),
    refetch: () => {
      for (const list of lists) void list.refetch();
    },
    /** A list holds more than its first page: older open orders can be loaded. */
    hasMore: lists.some((list) => list.hasNextPage),
    loadMore: () => {
      for (const list of lists) if (list.hasNextPage) void list.fetchNextPage();
    },
    isLoadingMore: lists.some((list) => list.isFetchingNextPage),
  };
}
