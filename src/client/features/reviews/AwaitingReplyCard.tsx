// The owner dashboard's 'Reviews waiting for a reply' (issue 29): their shops' reviews without an answer, newest
// first, each answered in place or opened on its shop's page. The first few show; the rest behind 'Show all'.
import type { AwaitingReplyReview } from '@shared/api/favorites';
import { formatLocal } from '@shared/domain/local-date';
import { MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useAwaitingReplies } from './queries';
import { ReplyForm } from './ReplyForm';
import { ReviewStars } from './ReviewStars';

/** Shown before 'Show all': the card is one of several on the overview. */
const FIRST_SHOWN = 3;

function AwaitingReview({ review }: { review: AwaitingReplyReview }) {
  const [replying, setReplying] = useState(false);
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <ReviewStars rating={review.rating} />
          <span className="font-semibold text-espresso-950">{review.username}</span>
        </div>
        <p className="mt-0.5 text-xs text-espresso-600">
          {review.shopName} · {formatLocal(new Date(review.updatedAt), 'd MMM yyyy')}
        </p>
      </div>
      {review.comment ? (
        <p className="line-clamp-3 break-words text-sm text-espresso-800">{review.comment}</p>
      ) : (
        <p className="text-sm text-espresso-600 italic">No comment, just stars.</p>
      )}
      {replying ? (
        <ReplyForm reviewId={review.id} onDone={() => setReplying(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
            <MessageSquareReply className="h-4 w-4" aria-hidden /> Reply
            <span className="sr-only"> to {review.username}</span>
          </Button>
          <Button size="sm" variant="ghost" asChild>
            <Link href={`/shops/${review.shopId}#review-${review.id}`}>
              View on shop page<span className="sr-only"> ({review.shopName})</span>
            </Link>
          </Button>
        </div>
      )}
    </li>
  );
}

export function AwaitingReplyCard() {
  const waiting = useAwaitingReplies(true);
  const [showAll, setShowAll] = useState(false);
  const list = waiting.data ?? [];
  const shown = showAll ? list : list.slice(0, FIRST_SHOWN);
  return (
    <Card className="min-w-0 p-6" aria-labelledby="awaiting-reply-heading" role="region">
      <h2 id="awaiting-reply-heading" className="mb-4 font-display text-xl font-semibold">
        Reviews waiting for a reply
        {list.length > 0 && (
          <span className="ml-2 inline-flex min-w-6 justify-center rounded-full bg-amber-400 px-1.5 align-middle text-sm font-semibold text-espresso-950">
            <span className="sr-only"> (</span>
            {list.length}
            <span className="sr-only">)</span>
          </span>
        )}
      </h2>
      {waiting.isLoading ? (
        <p className="text-sm text-espresso-600" role="status">
          Loading reviews...
        </p>
      ) : waiting.isError ? (
        <div className="space-y-3">
          <p className="text-sm text-espresso-700">Reviews could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void waiting.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-espresso-200 p-6 text-center text-sm text-espresso-600">
          No reviews are waiting for a reply. New reviews of your shops will appear here.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-espresso-100" aria-label="Reviews waiting for a reply">
            {shown.map((review) => (
              <AwaitingReview key={review.id} review={review} />
            ))}
          </ul>
          {list.length > FIRST_SHOWN && (
            <Button variant="ghost" size="sm" className="mt-3 -ml-3" onClick={() => setShowAll(!showAll)}>
              {showAll ? 'Show fewer' : `Show all ${list.length}`}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
