// The Avg Rating stat of the dashboard (spec §2 Overview): the mean of the shops' ratings to 1 decimal.
import type { Shop } from '@shared/api/shops';

export function averageRating(shops: readonly Pick<Shop, 'rating'>[]): string {
  if (shops.length === 0) return '0.0';
  const total = shops.reduce((sum, shop) => sum + Number(shop.rating), 0);
  return (total / shops.length).toFixed(1);
}
