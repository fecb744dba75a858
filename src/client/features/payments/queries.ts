// Payment hooks (issue 26): the banks Paystack pays into, a shop's payout account and checkout setting, and
// verifying an order's payment on the way back from Paystack.
import type { Order } from '@shared/api/orders';
import type { Bank, OnlinePaymentSetting, Payout, PayoutBody } from '@shared/api/payments';
import type { Shop } from '@shared/api/shops';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { applyOrderChange } from '../orders/queries';

export const BANKS_KEY = ['/api/payments/banks'] as const;

/** Under the shop's own key, so whatever refreshes the shop (an edit, say) refreshes its payout too. */
export const payoutKey = (shopId: number) => ['/api/coffee-shops', shopId, 'payout'] as const;

export function useBanks() {
  return useQuery<Bank[]>({ queryKey: BANKS_KEY });
}

export function usePayout(shopId: number) {
  return useQuery<Payout>({ queryKey: payoutKey(shopId) });
}

/**
 * PUT the bank account; the answer is the payout as it now stands, so it replaces the cached one. The owner's shops
 * are asked again: their setup checklist ticks 'Set up payouts' from them (issue 32).
 */
export function useSavePayout(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutBody) => apiRequest<Payout>('PUT', `/api/coffee-shops/${shopId}/payout`, body),
    onSuccess: (payout) => {
      queryClient.setQueryData(payoutKey(shopId), payout);
      void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
    },
  });
}

/** PUT /api/coffee-shops/{id} {onlinePayment}: what the checkout offers; every list that shows the shop refreshes. */
export function useSetOnlinePayment(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onlinePayment: OnlinePaymentSetting) =>
      apiRequest<Shop>('PUT', `/api/coffee-shops/${shopId}`, { onlinePayment }),
    onSuccess: (shop) => {
      queryClient.setQueryData<Payout>(payoutKey(shopId), (payout) =>
        payout ? { ...payout, onlinePayment: shop.onlinePayment } : payout,
      );
      for (const key of ['/api/my-shops', '/api/coffee-shops', '/api/favorites']) {
        void queryClient.invalidateQueries({
          queryKey: [key],
          // The payout was just set from the answer; asking again would only repeat it.
          predicate: (query) => query.queryKey[2] !== 'payout',
        });
      }
    },
  });
}

/** POST /api/orders/{id}/payment/verify: asks Paystack; the answer is the order, its paymentStatus the outcome. */
export function useVerifyOrderPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => apiRequest<Order>('POST', `/api/orders/${orderId}/payment/verify`),
    onSuccess: (order) => applyOrderChange(queryClient, order),
  });
}
