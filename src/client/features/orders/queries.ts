// Order hooks: the orders lists, placing and moving orders, the dashboard summary, the orders switch, and the
// menu Order again reads; the customer's usual (issue 29); plus how a live order event lands in the cache.
import type { MenuItem } from '@shared/api/menu';
import type {
  DashboardSummary,
  Order,
  OrderLine,
  PlaceOrderBody,
  ShopUsual,
  Usual,
} from '@shared/api/orders';
import type { Shop } from '@shared/api/shops';
import { optionsLabel } from '@shared/domain/option-selection';
import type { OrderStatus } from '@shared/domain/order-status';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, errorStatus, pathFromKey } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { menuKey } from '../menu/queries';
import { type ReorderLine, reorderCart } from './reorder';

export const ORDERS_KEY = ['/api/orders'] as const;
export const SUMMARY_KEY = ['/api/dashboard/summary'] as const;
/** The customer's usual at one shop (issue 29), and at every shop that has one. */
export const USUAL_KEY = ['/api/orders/usual'] as const;
export const USUALS_KEY = ['/api/orders/usuals'] as const;

export interface OrderFilters {
  status?: OrderStatus;
  shopId?: number;
}

/** Orders per page on screen: enough for a morning's rush, small enough to render at once on a phone. */
export const ORDERS_SHOWN_PER_PAGE = 50;

/**
 * GET /api/orders a page at a time, newest first: the owner's shops' orders, or the customer's own. Each further
 * page asks for the orders older than the oldest one shown (?before=), so a new order never shifts a page.
 */
export function useOrders(enabled: boolean, filters: OrderFilters = {}) {
  const params = { status: filters.status, shopId: filters.shopId, limit: ORDERS_SHOWN_PER_PAGE };
  const pages = useInfiniteQuery({
    queryKey: [...ORDERS_KEY, params, 'pages'],
    queryFn: ({ pageParam }) =>
      apiRequest<Order[]>('GET', pathFromKey([...ORDERS_KEY, { ...params, before: pageParam ?? undefined }])),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length === ORDERS_SHOWN_PER_PAGE ? (last.at(-1)?.id ?? null) : null),
    enabled,
  });
  const seen = new Set<number>();
  const orders = (pages.data?.pages ?? [])
    .flat()
    .filter((order) => !seen.has(order.id) && seen.add(order.id));
  return { ...pages, orders };
}

export function useDashboardSummary(enabled: boolean) {
  return useQuery<DashboardSummary>({ queryKey: SUMMARY_KEY, enabled });
}

/**
 * The lines of an order: its items are JSON text (spec §3); a malformed one shows as no lines, not a crash, and a
 * line stored before options existed (issue 25) reads as having none.
 */
export function orderLines(order: Pick<Order, 'items'>): OrderLine[] {
  try {
    const parsed = JSON.parse(order.items) as unknown;
    return Array.isArray(parsed)
      ? (parsed as OrderLine[]).map((line) => ({ ...line, options: line.options ?? [] }))
      : [];
  } catch {
    return [];
  }
}

/**
 * A React key for an order's line: the server merges lines of the same item and options, so item, name and options
 * tell an order's lines apart (the name too, for lines whose item has since been deleted).
 */
export function orderLineKey(line: Pick<OrderLine, 'menuItemId' | 'name' | 'options'>): string {
  return `${line.menuItemId}-${line.name}-${optionsLabel(line.options ?? [])}`;
}

/**
 * A changed or new order, from our own call or pushed over /ws. Where a cached list holds it, it is replaced in
 * place (no refetch: a busy owner's dashboard would otherwise reload a page of orders on every move). A list is
 * refetched only when it may now be wrong another way: it does not hold the order (a new one, or one from
 * another device), or it is filtered by status (the order may have moved in or out). The summary is refetched.
 */
export function applyOrderChange(queryClient: QueryClient, order: Order) {
  const replace = (list: Order[]) => list.map((existing) => (existing.id === order.id ? order : existing));
  queryClient.setQueriesData<InfiniteData<Order[]>>({ queryKey: ORDERS_KEY }, (data) =>
    data?.pages ? { ...data, pages: data.pages.map(replace) } : data,
  );
  void queryClient.invalidateQueries({
    queryKey: ORDERS_KEY,
    predicate: (query) => {
      const params = query.queryKey[1] as OrderFilters | undefined;
      const data = query.state.data as InfiniteData<Order[]> | undefined;
      const holdsOrder = data?.pages?.some((page) => page.some((existing) => existing.id === order.id));
      return !holdsOrder || params?.status !== undefined;
    },
  });
  void queryClient.invalidateQueries({ queryKey: SUMMARY_KEY });
  // An order placed or cancelled may make or unmake a usual (issue 29); only the ones on screen are fetched again.
  void queryClient.invalidateQueries({ queryKey: USUAL_KEY });
  void queryClient.invalidateQueries({ queryKey: USUALS_KEY });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // The key is made once per checkout attempt by the caller and sent again on a retry, so a reply lost on
    // the way back never turns into a second order.
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) =>
      apiRequest<Order>('POST', '/api/orders', body, { 'Idempotency-Key': idempotencyKey }),
    onSuccess: (order) => {
      applyOrderChange(queryClient, order);
      // Placing an order posts an order card into the conversation with the shop.
      void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
    },
    onError: (error, { body }) => {
      // A 409 may mean the shop changed how it takes payment since its page loaded (issue 26), or that the pickup
      // time filled up or is now too soon (issue 30): fetch the shop again, and its pickup slots with it (their key
      // sits under the shop's), so the checkout offers what it can take now.
      if (errorStatus(error) === 409)
        void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', body.shopId] });
    },
  });
}

/** PUT /api/orders/{id} {status}: the owner's next action, or a customer cancelling a pending order. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      status,
      cancelReason,
    }: {
      orderId: number;
      status: OrderStatus;
      /** A shop's cancel says why (issue 32). */
      cancelReason?: string;
    }) => apiRequest<Order>('PUT', `/api/orders/${orderId}`, { status, cancelReason }),
    // Spec §7: after an order update succeeds, the orders data is refreshed (all of it, as the spec says; the
    // live event of the same move then finds the lists already right).
    onSuccess: (order) => {
      applyOrderChange(queryClient, order);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
}

/** The owner's switch: PUT /api/coffee-shops/{id} {acceptingOrders}, then my-shops is refreshed. */
export function useSetAcceptingOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, acceptingOrders }: { shopId: number; acceptingOrders: boolean }) =>
      apiRequest<Shop>('PUT', `/api/coffee-shops/${shopId}`, { acceptingOrders }),
    onSuccess: (shop) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', shop.id] });
    },
  });
}

/** Order again: today's menu of the order's shop (fetched fresh: what sold out since matters), as a cart. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      reorderFromMenu(queryClient, { id: order.shopId, name: order.shopName }, orderLines(order)),
  });
}

/** The usual's Order (issue 29): its lines made a cart the way Order again makes one, from today's menu. */
export function useOrderUsual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shop, usual }: { shop: { id: number; name: string }; usual: Usual }) =>
      reorderFromMenu(queryClient, shop, usual.lines),
  });
}

async function reorderFromMenu(
  queryClient: QueryClient,
  shop: { id: number; name: string },
  lines: readonly ReorderLine[],
) {
  const menu = await queryClient.fetchQuery<MenuItem[]>({ queryKey: menuKey(shop.id), staleTime: 0 });
  return reorderCart(shop, lines, menu);
}

/**
 * GET /api/orders/usual?shopId= (issue 29): a signed-in customer's usual at the shop, or null. Not asked for anyone
 * else (the server would refuse visitors and owners).
 */
export function useUsual(shopId: number | null) {
  const { user } = useAuth();
  return useQuery<Usual | null>({
    queryKey: [...USUAL_KEY, { shopId }],
    enabled: user?.role === 'customer' && shopId !== null,
  });
}

/** GET /api/orders/usuals: the customer's usual at every shop that has one, for the favourites' cards at once. */
export function useUsuals(enabled: boolean) {
  return useQuery<ShopUsual[]>({ queryKey: USUALS_KEY, enabled });
}
