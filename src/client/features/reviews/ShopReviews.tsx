// A shop's reviews on its page, newest first: stars, the author, the comment, and 'Verified order' when the
// author has collected an order from the shop (the server decides that from orders, not from the review).
import type { Review } from '@shared/api/favorites';
import { formatLocal } from '@shared/domain/local-date';
import { BadgeCheck, Star } from 'lucide-react';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { useShopReviews } from './queries';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden
          className={value <= rating ? 'h-4 w-4 fill-amber-400 text-amber-500' : 'h-4 w-4 text-espresso-300'}
        />
      ))}
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="space-y-1.5 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="font-semibold text-espresso-950">{review.username}</span>
        {review.verifiedOrder && (
          <span className="flex items-center gap-1 text-xs font-medium text-leaf">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Verified order
          </span>
        )}
        <span className="text-xs text-espresso-600">
          {formatLocal(new Date(review.updatedAt), 'd MMM yyyy')}
        </span>
      </div>
      {review.comment && <p className="break-words text-espresso-800">{review.comment}</p>}
    </li>
  );
}

export function ShopReviews({ shopId }: { shopId: number }) {
  const reviews = useShopReviews(shopId);
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="font-display text-2xl font-semibold text-espresso-950">
        Reviews
      </h2>
      <Card className="p-5">
        {reviews.isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading reviews">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : reviews.isError ? (
          <p className="text-sm text-espresso-700">Reviews could not be loaded. Please try again later.</p>
        ) : (reviews.data ?? []).length === 0 ? (
          <p className="text-sm text-espresso-700">No reviews yet. Be the first to leave one.</p>
        ) : (
          <ul className="divide-y divide-espresso-100">
            {reviews.data!.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
