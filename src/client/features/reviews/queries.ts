// Review hooks: a shop's reviews, and submitting one, which refreshes every list that shows the shop's rating.

import type { Review, ReviewBody, ReviewResult } from '@shared/api/favorites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiRequest<ReviewResult>('POST', '/api/reviews', body),
    onSuccess: () => {
      for (const key of ['/api/coffee-shops', '/api/favorites', '/api/my-shops', '/api/reviews']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}

/** A shop's reviews, newest first (GET /api/reviews/{shopId}). */
export function useShopReviews(shopId: number) {
  return useQuery<Review[]>({ queryKey: ['/api/reviews', shopId] });
}
