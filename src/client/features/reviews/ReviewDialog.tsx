// The Leave Review dialog: 1–5 stars (required) and an optional comment; a new review replaces your last one.
// Rendered open; `onDone` closes it (after a review is sent, or by Escape or the close button).

import { MAX_REVIEW_COMMENT } from '@shared/api/review-constants';
import type { Shop } from '@shared/api/shops';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { useSubmitReview } from './queries';

export function ReviewDialog({ shop, onDone }: { shop: Shop; onDone: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const submit = useSubmitReview();

  const send = () => {
    if (rating === 0) {
      toast({
        title: 'Rating required',
        description: 'Please select a star rating.',
        variant: 'destructive',
      });
      return;
    }
    submit.mutate(
      { shopId: shop.id, rating, comment: comment.trim() || null },
      {
        onSuccess: (result) => {
          toast({
            title: result.replaced ? 'Review updated' : 'Review submitted',
            description: `Thank you! ${shop.name} is now rated ${result.shop.rating} from ${result.shop.reviewCount} reviews.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({
            title: 'Failed to submit review. Please try again.',
            description: errorMessage(error, ''),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onDone()}>
      <DialogContent
        title={`Review ${shop.name}`}
        description="One review per shop: a new review replaces your earlier one."
      >
        <div className="space-y-4">
          <div>
            <p className="mb-2 text-sm font-medium text-espresso-900">Your rating</p>
            <div className="flex gap-1" role="radiogroup" aria-label="Rating">
              {[1, 2, 3, 4, 5].map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={rating === value}
                  aria-label={`${value} star${value > 1 ? 's' : ''}`}
                  onClick={() => setRating(value)}
                  className="rounded p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
                >
                  <Star
                    className={cn(
                      'h-8 w-8',
                      value <= rating ? 'fill-amber-400 text-amber-500' : 'text-espresso-300',
                    )}
                  />
                </button>
              ))}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="review-comment">Comment (optional)</Label>
            <Textarea
              id="review-comment"
              rows={4}
              maxLength={MAX_REVIEW_COMMENT}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder="What did you enjoy?"
            />
            <p className="text-right text-xs text-espresso-500">
              {comment.length}/{MAX_REVIEW_COMMENT}
            </p>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button onClick={send} disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
