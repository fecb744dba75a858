// A titled grid of shop cards.
import type { Shop } from '@shared/api/shops';
import type { ReactNode } from 'react';
import { ShopCard } from './ShopCard';

export function ShopGrid({
  title,
  shops,
  favoriteIds,
  onToggleFavorite,
  cardExtra,
}: {
  title?: string;
  shops: Shop[];
  favoriteIds: Set<number>;
  onToggleFavorite: (shop: Shop) => void;
  /** What a page adds to a shop's card (the favourites' usual, issue 29); nothing when it gives nothing. */
  cardExtra?: (shop: Shop) => ReactNode;
}) {
  return (
    <section className="space-y-4">
      {title && <h2 className="font-display text-2xl font-semibold text-espresso-950">{title}</h2>}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shops.map((shop) => (
          <ShopCard
            key={shop.id}
            shop={shop}
            isFavorite={favoriteIds.has(shop.id)}
            onToggleFavorite={onToggleFavorite}
          >
            {cardExtra?.(shop)}
          </ShopCard>
        ))}
      </div>
    </section>
  );
}
