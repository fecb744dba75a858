// Review hooks: submitting a review refreshes every list that shows the shop's rating.

import type { ReviewBody, ReviewResult } from '@shared/api/favorites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export function useSubmitReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiRequest<ReviewResult>('POST', '/api/reviews', body),
    onSuccess: () => {
      for (const key of ['/api/coffee-shops', '/api/favorites', '/api/my-shops']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
