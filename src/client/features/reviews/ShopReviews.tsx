// A shop's reviews on its page (issue 29): the star summary, a sort (Newest, Highest, Lowest), pages of ten behind
// 'Show more', and each review with the owner's reply. The shop's owner, signed in, answers reviews here too.
import { REVIEW_PAGE_SIZE, type ReviewSort, reviewSorts } from '@shared/api/review-constants';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { NativeSelect } from '../../ui/NativeSelect';
import { Skeleton } from '../../ui/Skeleton';
import { useShop } from '../shops/queries';
import { useReviewSummary, useShopReviews } from './queries';
import { ReviewItem } from './ReviewItem';
import { ReviewSummaryPanel } from './ReviewSummaryPanel';

const sortLabels: Record<ReviewSort, string> = { newest: 'Newest', highest: 'Highest', lowest: 'Lowest' };

/**
 * A link to one review (/shops/7#review-12, from the owner's dashboard) scrolls to it once the reviews are there; a
 * review beyond the first page is not loaded, and then the link at least lands on the reviews.
 */
function useScrollToLinkedReview(loaded: boolean) {
  const done = useRef(false);
  useEffect(() => {
    const hash = window.location.hash;
    if (!loaded || done.current || !/^#review-\d+$/.test(hash)) return;
    done.current = true;
    const target = document.getElementById(hash.slice(1)) ?? document.getElementById('reviews-heading');
    target?.scrollIntoView({ block: 'start' });
  }, [loaded]);
}

export function ShopReviews({ shopId }: { shopId: number }) {
  const [sort, setSort] = useState<ReviewSort>('newest');
  const summary = useReviewSummary(shopId);
  const pages = useShopReviews(shopId, sort);
  const { user } = useAuth();
  // The shop page has loaded the shop already: this reads its cache, to know whether the reader owns it.
  const shop = useShop(shopId);
  const isOwner = user !== null && shop.data?.ownerId === user.id;
  useScrollToLinkedReview(pages.isSuccess);
  const total = summary.data?.count ?? 0;
  // A last page of exactly ten looks like there could be more: the summary's count says there is not.
  const hasMore = pages.hasNextPage && (!summary.data || pages.reviews.length < total);

  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="scroll-mt-24 font-display text-2xl font-semibold text-espresso-950">
        Reviews
      </h2>
      <Card className="space-y-5 p-5">
        {pages.isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading reviews">
            <Skeleton className="h-10 w-1/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : pages.isError ? (
          <div className="space-y-3">
            <p className="text-sm text-espresso-700">Reviews could not be loaded. Please try again later.</p>
            <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
              Try Again
            </Button>
          </div>
        ) : pages.reviews.length === 0 ? (
          <p className="text-sm text-espresso-700">No reviews yet. Be the first to leave one.</p>
        ) : (
          <>
            {summary.data && <ReviewSummaryPanel summary={summary.data} />}
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-espresso-100 pt-4">
              <p className="text-sm text-espresso-700" aria-live="polite">
                {total > REVIEW_PAGE_SIZE
                  ? `Showing ${pages.reviews.length} of ${total}`
                  : `${pages.reviews.length} ${pages.reviews.length === 1 ? 'review' : 'reviews'}`}
              </p>
              <div className="flex items-center gap-2">
                {/* A plain label: Radix's would add two script files to every shop page for one word. */}
                <label htmlFor={`review-sort-${shopId}`} className="text-sm font-medium text-espresso-900">
                  Sort by
                </label>
                <NativeSelect
                  id={`review-sort-${shopId}`}
                  className="w-32"
                  value={sort}
                  onChange={(event) => setSort(event.target.value as ReviewSort)}
                >
                  {reviewSorts.map((option) => (
                    <option key={option} value={option}>
                      {sortLabels[option]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <ul
              className="divide-y divide-espresso-100"
              aria-label="Reviews"
              aria-busy={pages.isPlaceholderData || pages.isFetchingNextPage}
            >
              {pages.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} isOwner={isOwner} />
              ))}
            </ul>
            {hasMore && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void pages.fetchNextPage()}
                  disabled={pages.isFetchingNextPage}
                >
                  {pages.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
    </section>
  );
}
