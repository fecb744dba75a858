// The top of a shop's reviews (issue 29): the mean rating, how many reviews, and how many of each star as bars. Each
// bar has its words beside it ('5 stars', '3'), so a screen reader reads the counts and the bars only draw them.
import type { ReviewSummary } from '@shared/api/favorites';
import { ReviewStars } from './ReviewStars';

const STARS = ['5', '4', '3', '2', '1'] as const;

export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const { count, average, histogram } = summary;
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-8">
      <div className="flex items-center gap-3 sm:block sm:text-center">
        <p className="font-display text-4xl font-bold text-espresso-950">{average ?? '–'}</p>
        <div className="space-y-1">
          <div className="sm:flex sm:justify-center">
            <ReviewStars rating={Number(average ?? 0)} size="lg" />
          </div>
          <p className="text-sm text-espresso-700">
            {count} {count === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      </div>
      <ul aria-label="Ratings by stars" className="space-y-1.5" data-testid="review-histogram">
        {STARS.map((stars) => {
          const many = histogram[stars];
          const share = count > 0 ? Math.round((many / count) * 100) : 0;
          return (
            <li
              key={stars}
              className="grid grid-cols-[3.75rem_minmax(0,1fr)_2.5rem] items-center gap-3 text-sm"
            >
              <span className="text-espresso-800">
                {stars} {stars === '1' ? 'star' : 'stars'}
              </span>
              <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-espresso-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="text-right tabular-nums text-espresso-700">
                {many}
                <span className="sr-only"> {many === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
