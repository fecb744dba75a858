// Stamp card hooks (issue 29): the customer's cards (one query for every card, so the shop page, checkout and
// /orders agree at once), and the owner's card settings and figures for a shop.
import type { LoyaltyCard, LoyaltyMembers, LoyaltyProgram, LoyaltyProgramBody } from '@shared/api/loyalty';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { useAuth } from '../../lib/auth';

export const LOYALTY_CARDS_KEY = ['/api/loyalty'] as const;
const programKey = (shopId: number) => [`/api/coffee-shops/${shopId}/loyalty`] as const;
const membersKey = (shopId: number) => [`/api/coffee-shops/${shopId}/loyalty/members`] as const;

/** GET /api/loyalty: signed-in customers only (anyone else holds no cards). */
export function useLoyaltyCards() {
  const { user } = useAuth();
  return useQuery<LoyaltyCard[]>({ queryKey: LOYALTY_CARDS_KEY, enabled: user?.role === 'customer' });
}

/** The customer's card at one shop, or null when they hold none there yet. */
export function useLoyaltyCard(shopId: number): LoyaltyCard | null {
  const cards = useLoyaltyCards();
  return cards.data?.find((card) => card.shopId === shopId) ?? null;
}

export function useLoyaltyProgram(shopId: number) {
  return useQuery<LoyaltyProgram | null>({ queryKey: programKey(shopId) });
}

export function useLoyaltyMembers(shopId: number) {
  return useQuery<LoyaltyMembers>({ queryKey: membersKey(shopId), staleTime: 0 });
}

export function useSaveLoyaltyProgram(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltyProgramBody) =>
      apiRequest<LoyaltyProgram>('PUT', `/api/coffee-shops/${shopId}/loyalty`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(programKey(shopId), saved);
      void queryClient.invalidateQueries({ queryKey: membersKey(shopId) });
      void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops', shopId], exact: true });
    },
  });
}
