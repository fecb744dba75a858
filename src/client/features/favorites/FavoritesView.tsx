// The customer's favourites: search by shop name or address, a count, Discover More, and the shop cards, each with
// the customer's usual there when they have one (issue 29).
import { Heart, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Prompt } from '../../components/Prompt';
import { ShopGrid } from '../../components/ShopGrid';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { useUsuals } from '../orders/queries';
import { UsualOffer } from '../orders/UsualOffer';
import { useFavoriteToggle } from './use-favorite-toggle';

export function FavoritesView() {
  const { favorites, favoriteIds, onToggle } = useFavoriteToggle(true);
  // Every usual in one request, asked for with the favourites: the cards show once both are in, so an offer never
  // pushes a card's buttons down after it is drawn (a failed request shows the cards without them).
  const usuals = useUsuals(true);
  const usualByShop = new Map((usuals.data ?? []).map((entry) => [entry.shopId, entry.usual]));
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const all = favorites.data ?? [];
  const shown = all
    .map((favorite) => favorite.shop)
    .filter(
      (shop) => !term || shop.name.toLowerCase().includes(term) || shop.address.toLowerCase().includes(term),
    );

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">My Favorites</h1>
          <p className="mt-1 text-espresso-700" aria-live="polite">
            {favorites.isSuccess &&
              (all.length === 1 ? '1 favorite coffee shop' : `${all.length} favorite coffee shops`)}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/discover">Discover More</Link>
        </Button>
      </header>
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-espresso-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search favorites"
          placeholder="Search by shop name or address"
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={!favorites.isSuccess || all.length === 0}
        />
      </div>
      {favorites.isLoading || usuals.isLoading ? (
        <Spinner label="Loading your favorites..." />
      ) : favorites.isError ? (
        <Prompt headingLevel={2} title="Could not load your favorites" text="Please try again in a moment.">
          <Button onClick={() => void favorites.refetch()}>Try Again</Button>
        </Prompt>
      ) : all.length === 0 ? (
        <Prompt
          headingLevel={2}
          icon={<Heart className="h-6 w-6" />}
          title="No favorites yet"
          text="Tap the heart on a coffee shop in Discover to keep it here."
        />
      ) : shown.length === 0 ? (
        <p className="py-10 text-center text-espresso-600">No favorites match “{search.trim()}”.</p>
      ) : (
        <ShopGrid
          shops={shown}
          favoriteIds={favoriteIds}
          onToggleFavorite={onToggle}
          cardExtra={(shop) => {
            const usual = usualByShop.get(shop.id);
            return usual && <UsualOffer shop={shop} usual={usual} size="card" />;
          }}
        />
      )}
    </div>
  );
}
