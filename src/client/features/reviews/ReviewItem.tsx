// One review on a shop's page: stars, the author, 'Verified order' when the author has collected an order from the
// shop (the server decides that from orders, not from the review), the comment, and (issue 29) the owner's public
// reply under it. The shop's owner also gets Reply, or Edit reply and Delete reply, opening the form in place.
import type { Review } from '@shared/api/favorites';
import { formatLocal } from '@shared/domain/local-date';
import { BadgeCheck, MessageSquareReply } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { useDeleteReply } from './queries';

// The owner's reply form is a chunk of its own: visitors and customers never load it.
const ReplyForm = lazy(() => import('./ReplyForm').then((module) => ({ default: module.ReplyForm })));

import { ReviewStars } from './ReviewStars';

const dateOf = (at: string) => formatLocal(new Date(at), 'd MMM yyyy');

export function ReviewItem({ review, isOwner }: { review: Review; isOwner: boolean }) {
  const [replying, setReplying] = useState(false);
  const remove = useDeleteReply();
  const { reply } = review;

  const deleteReply = () =>
    remove.mutate(review.id, {
      onSuccess: () => toast({ title: 'Reply deleted' }),
      onError: (error) =>
        toast({
          title: 'Could not delete your reply',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    });

  return (
    <li id={`review-${review.id}`} className="scroll-mt-24 space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={review.rating} />
        <span className="font-semibold text-espresso-950">{review.username}</span>
        {review.verifiedOrder && (
          <span className="flex items-center gap-1 text-xs font-medium text-leaf">
            <BadgeCheck className="h-4 w-4" aria-hidden /> Verified order
          </span>
        )}
        <span className="text-xs text-espresso-600">{dateOf(review.updatedAt)}</span>
      </div>
      {review.comment && <p className="break-words text-espresso-800">{review.comment}</p>}
      {reply && !replying && (
        <div className="ml-2 border-l-4 border-espresso-200 bg-espresso-50 py-2 pr-3 pl-3 sm:ml-4">
          <p className="text-sm font-semibold text-espresso-900">
            Response from the owner{' '}
            <span className="inline-block whitespace-nowrap font-normal text-xs text-espresso-600">
              · {dateOf(reply.createdAt)}
              {reply.updatedAt !== reply.createdAt && ' (edited)'}
            </span>
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-sm text-espresso-800">{reply.text}</p>
        </div>
      )}
      {isOwner &&
        (replying ? (
          <Suspense fallback={null}>
            <ReplyForm
              reviewId={review.id}
              initialText={reply?.text ?? ''}
              onDone={() => setReplying(false)}
            />
          </Suspense>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" className="-ml-3" onClick={() => setReplying(true)}>
              <MessageSquareReply className="h-4 w-4" aria-hidden />
              {reply ? 'Edit reply' : 'Reply'}
              <span className="sr-only"> to {review.username}</span>
            </Button>
            {reply && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={deleteReply}
                disabled={remove.isPending}
              >
                {remove.isPending ? 'Deleting...' : 'Delete reply'}
                <span className="sr-only"> to {review.username}</span>
              </Button>
            )}
          </div>
        ))}
    </li>
  );
}
