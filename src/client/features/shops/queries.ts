// Shop data hooks: the discover list, featured shops, one shop, the owner's shops, creating and editing a shop.

import { DEFAULT_PAGE_SIZE, MAX_AREA_PAGE_SIZE } from '@shared/api/shop-constants';
import type { CreateShopBody, GeocodeResult, Shop, ShopCategory, UpdateShopBody } from '@shared/api/shops';
import type { PickupSlots } from '@shared/domain/pickup-slots';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, pathFromKey } from '../../lib/api';

export interface ShopFilters {
  search?: string;
  category?: ShopCategory;
  promoted?: boolean;
  /** Only shops open at this moment (Johannesburg), decided by the server. */
  openNow?: boolean;
  latitude?: number;
  longitude?: number;
  sortByDistance?: boolean;
}

/** The query parameters exactly as spec §7 names them; omitted when not in use. */
export function shopParams(filters: ShopFilters): Record<string, string | number | undefined> {
  const hasLocation = filters.latitude !== undefined && filters.longitude !== undefined;
  return {
    search: filters.search?.trim() || undefined,
    category: filters.category,
    promoted: filters.promoted ? 'true' : undefined,
    openNow: filters.openNow ? 'true' : undefined,
    latitude: hasLocation ? filters.latitude : undefined,
    longitude: hasLocation ? filters.longitude : undefined,
    sortByDistance: hasLocation && filters.sortByDistance ? 'true' : undefined,
  };
}

/**
 * The discover list a page at a time (the API's default page of DEFAULT_PAGE_SIZE shops): the first page is
 * the plain spec §7 call, each further one adds offset. Shops are listed once each, even if a rating changed
 * between pages and moved one across a page boundary.
 */
export function useShopPages(filters: ShopFilters) {
  const params = shopParams(filters);
  const pages = useInfiniteQuery({
    queryKey: ['/api/coffee-shops', params, 'pages'],
    queryFn: ({ pageParam }) =>
      apiRequest<Shop[]>(
        'GET',
        pathFromKey(['/api/coffee-shops', { ...params, offset: pageParam || undefined }]),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, all) =>
      last.length === DEFAULT_PAGE_SIZE ? all.length * DEFAULT_PAGE_SIZE : undefined,
    placeholderData: (previous) => previous,
  });
  const seen = new Set<number>();
  const shops = (pages.data?.pages ?? []).flat().filter((shop) => !seen.has(shop.id) && seen.add(shop.id));
  return { ...pages, shops };
}

/** A map's visible area (issue 31, 'Search this area'): the four bounds the list API takes together. */
export interface MapArea {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * The shops of the current filters inside a map area, up to the API's 500 nearest its centre, in one answer: a map
 * shows every pin of the area at once, so there are no pages. Off until an area is asked for; the previous pins
 * stay while a changed filter refetches, so the map does not blink empty.
 */
export function useShopsInArea(filters: ShopFilters, area: MapArea | null) {
  // The area's centre orders the answer, so the customer's own sort does not apply here.
  const params = { ...shopParams({ ...filters, sortByDistance: false }), ...area, limit: MAX_AREA_PAGE_SIZE };
  return useQuery<Shop[]>({
    queryKey: ['/api/coffee-shops', params],
    enabled: area !== null,
    placeholderData: (previous) => previous,
  });
}

export function useFeaturedShops() {
  return useQuery<Shop[]>({ queryKey: ['/api/coffee-shops', { promoted: 'true' }] });
}

/** One shop by id, e.g. the shop a customer opens a chat with before any message exists. */
export function useShop(shopId: number | null, enabled = true) {
  return useQuery<Shop>({ queryKey: ['/api/coffee-shops', shopId], enabled: enabled && shopId !== null });
}

/** Longest wait setTimeout keeps (about 24.8 days); a later change is re-armed by the refetch. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Data never goes stale (spec §7), so a shop page left open would keep saying 'Open now' after closing time:
 * fetch the shop again just after its nextChangeAt.
 */
export function useRefetchAtNextChange(shop: Shop | undefined, refetch: () => unknown) {
  const nextChangeAt = shop?.nextChangeAt;
  useEffect(() => {
    if (!nextChangeAt) return;
    const wait = new Date(nextChangeAt).getTime() - Date.now() + 1000;
    if (Number.isNaN(wait)) return;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(wait, 1000), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [nextChangeAt, refetch]);
}

/** A shop's pickup slots of one local date (issue 30): under the shop's key, so whatever refreshes the shop refreshes them. */
export const pickupSlotsKey = (shopId: number, date: string) =>
  ['/api/coffee-shops', shopId, 'pickup-slots', { date }] as const;

/** How often an open checkout asks again: slots fill up while a customer makes up their mind. */
const PICKUP_SLOTS_REFRESH_MS = 60_000;

/** GET /api/coffee-shops/{id}/pickup-slots?date= (today or tomorrow in Johannesburg). */
export function usePickupSlots(shopId: number, date: string) {
  return useQuery<PickupSlots>({
    queryKey: pickupSlotsKey(shopId, date),
    refetchInterval: PICKUP_SLOTS_REFRESH_MS,
  });
}

export function useMyShops(enabled: boolean) {
  return useQuery<Shop[]>({ queryKey: ['/api/my-shops'], enabled });
}

export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShopBody) => apiRequest<Shop>('POST', '/api/coffee-shops', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops'] });
    },
  });
}

/** Edit shop: every list that shows the shop is refreshed (the shop's own query sits under coffee-shops). */
export function useUpdateShop(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateShopBody) => apiRequest<Shop>('PUT', `/api/coffee-shops/${shopId}`, body),
    onSuccess: () => {
      for (const key of ['/api/my-shops', '/api/coffee-shops', '/api/favorites']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

/**
 * The board's one-click pace changes (issue 30), PUT /api/coffee-shops/{id}: a busy delay ('Busy: +15 min', ending by
 * itself an hour later; null ends it now) or pausing and resuming orders. Every view of the shop is refreshed,
 * its pickup slots included.
 */
export function useSetShopPace(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<UpdateShopBody, 'busyExtraMinutes' | 'acceptingOrders'>) =>
      apiRequest<Shop>('PUT', `/api/coffee-shops/${shopId}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', shopId] });
    },
  });
}

export function geocodeAddress(address: string): Promise<GeocodeResult> {
  return apiRequest<GeocodeResult>('GET', pathFromKey(['/api/geocode', { q: address }]));
}
