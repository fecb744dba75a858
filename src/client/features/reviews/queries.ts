// Review hooks: a shop's reviews a page at a time and their star summary, submitting one (which refreshes every list
// that shows the shop's rating), and (issue 29) the owner's replies and the reviews still waiting for one.

import type {
  AwaitingReplyReview,
  Review,
  ReviewBody,
  ReviewResult,
  ReviewSummary,
} from '@shared/api/favorites';
import { REVIEW_PAGE_SIZE, type ReviewSort } from '@shared/api/review-constants';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, pathFromKey } from '../../lib/api';

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

/**
 * A shop's reviews in the sort chosen, a page of REVIEW_PAGE_SIZE at a time (GET /api/reviews/{shopId}?sort&page):
 * 'Show more' asks for the next page until one comes back short. The previous sort's reviews stay on screen while
 * a new sort loads, so the list does not blink empty. Each review is listed once even if one moved between pages.
 */
export function useShopReviews(shopId: number, sort: ReviewSort) {
  const pages = useInfiniteQuery({
    queryKey: ['/api/reviews', shopId, { sort }],
    queryFn: ({ pageParam }) =>
      apiRequest<Review[]>('GET', pathFromKey(['/api/reviews', shopId, { sort, page: pageParam }])),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.length === REVIEW_PAGE_SIZE ? all.length + 1 : undefined),
    placeholderData: (previous) => previous,
  });
  const seen = new Set<number>();
  const reviews = (pages.data?.pages ?? [])
    .flat()
    .filter((review) => !seen.has(review.id) && seen.add(review.id));
  return { ...pages, reviews };
}

/** How many reviews, their mean and how many of each star (GET /api/reviews/{shopId}/summary). */
export function useReviewSummary(shopId: number) {
  return useQuery<ReviewSummary>({ queryKey: ['/api/reviews', shopId, 'summary'] });
}

/** The owner's reviews without a reply, newest first (GET /api/reviews/awaiting-reply). */
export function useAwaitingReplies(enabled: boolean) {
  return useQuery<AwaitingReplyReview[]>({ queryKey: ['/api/reviews', 'awaiting-reply'], enabled });
}

/**
 * The owner's reply to a review, new or edited, and removing it. Either refreshes every review query: the shop's
 * pages show the reply, and the waiting list loses or regains the review.
 */
export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }) =>
      apiRequest<Review>('PUT', `/api/reviews/${reviewId}/reply`, { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/reviews'] }),
  });
}

export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => apiRequest<void>('DELETE', `/api/reviews/${reviewId}/reply`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/reviews'] }),
  });
}
