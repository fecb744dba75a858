// Promotion data hooks (spec §7 Promotions): pricing, a shop's promotions, initialize and verify.
import type {
  InitializePromotionResult,
  Promotion,
  PromotionPricing,
  VerifyPromotionResult,
} from '@shared/api/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export function usePromotionPricing() {
  return useQuery<PromotionPricing>({ queryKey: ['/api/promotions/pricing'] });
}

export function useShopPromotions(shopId: number) {
  return useQuery<Promotion[]>({ queryKey: ['/api/promotions', shopId] });
}

export function useInitializePromotion() {
  return useMutation({
    mutationFn: (shopId: number) =>
      apiRequest<InitializePromotionResult>('POST', '/api/promotions/initialize', { shopId }),
  });
}

/** Verify; on success the promotions and coffee-shops data refresh (spec §7), and the owner's shops with them. */
export function useVerifyPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      apiRequest<VerifyPromotionResult>('POST', '/api/promotions/verify', { reference }),
    onSettled: (result) => {
      // A pending row may have become failed or stayed pending: the history is worth a refresh either way.
      void queryClient.invalidateQueries({ queryKey: ['/api/promotions'] });
      if (result?.status === 'success') {
        void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops'] });
        void queryClient.invalidateQueries({ queryKey: ['/api/my-shops'] });
      }
    },
  });
}
