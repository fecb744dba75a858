// Analytics hooks: one shop's figures for a period, and the orders CSV saved as a file.
import type { AnalyticsPeriod, ShopAnalytics } from '@shared/api/analytics';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { getToken } from '../../lib/api';

export const analyticsKey = (shopId: number, days: AnalyticsPeriod) =>
  ['/api/analytics', shopId, { days }] as const;

/**
 * The figures, fetched afresh each time the dialog opens (orders keep coming, so a cached answer ages fast);
 * while another period loads, the last one stays on screen.
 */
export function useShopAnalytics(shopId: number, days: AnalyticsPeriod) {
  return useQuery<ShopAnalytics>({
    queryKey: analyticsKey(shopId, days),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the period's orders as CSV. A plain link would not carry the bearer token, so the file is fetched
 * with it and handed to the browser as a blob, under the name the server gives.
 */
export function useDownloadOrdersCsv() {
  return useMutation({
    mutationFn: async ({ shopId, days }: { shopId: number; days: AnalyticsPeriod }) => {
      const token = getToken();
      const response = await fetch(`/api/analytics/${shopId}/orders.csv?days=${days}`, {
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok)
        throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
      const disposition = response.headers.get('content-disposition') ?? '';
      const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `orders-${days}-days.csv`;
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked on the next turn: the click has started the download by then.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return fileName;
    },
  });
}
