// How a shop's rating reads: 'New' before its first review rather than '0.0', which looks like a bad score.
export interface Rated {
  rating: string;
  reviewCount: number;
}

export function ratingLabel(shop: Rated): string {
  return shop.reviewCount > 0 ? shop.rating : 'New';
}

/** The mean rating of the shops that have reviews, to one decimal; '–' while none has any (dashboard Avg Rating). */
export function averageRating(shops: readonly Rated[]): string {
  const reviewed = shops.filter((shop) => shop.reviewCount > 0);
  if (reviewed.length === 0) return '–';
  const total = reviewed.reduce((sum, shop) => sum + Number(shop.rating), 0);
  return (total / reviewed.length).toFixed(1);
}
