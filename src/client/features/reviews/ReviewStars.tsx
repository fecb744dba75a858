// A rating as five stars, read out as '4 out of 5 stars': on reviews, the reviews summary and the owner's dashboard.
import { Star } from 'lucide-react';
import { cn } from '../../ui/cn';

export function ReviewStars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'lg' }) {
  const star = size === 'lg' ? 'h-5 w-5' : 'h-4 w-4';
  return (
    <span className="flex" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden
          className={cn(
            star,
            value <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-espresso-300',
          )}
        />
      ))}
    </span>
  );
}
