// Favorites (/favorites): the customer's saved shops, searchable by name or address (spec §2 Favorites).
import { Heart, Lock, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { ShopGrid } from '../components/ShopGrid';
import { useFavoriteToggle } from '../features/favorites/use-favorite-toggle';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';
import { Spinner } from '../ui/Spinner';

function FavoritesContent() {
  const { favorites, favoriteIds, onToggle } = useFavoriteToggle(true);
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const all = favorites.data ?? [];
  const shown = all
    .map((favorite) => favorite.shop)
    .filter(
      (shop) => !term || shop.name.toLowerCase().includes(term) || shop.address.toLowerCase().includes(term),
    );

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-bold">My Favorites</h1>
          <p className="mt-1 text-espresso-700" aria-live="polite">
            {all.length === 1 ? '1 favorite coffee shop' : `${all.length} favorite coffee shops`}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/discover">Discover More</Link>
        </Button>
      </header>
      {favorites.isLoading ? (
        <Spinner label="Loading your favorites..." />
      ) : favorites.isError ? (
        <Prompt title="Could not load your favorites" text="Please try again in a moment.">
          <Button onClick={() => void favorites.refetch()}>Try Again</Button>
        </Prompt>
      ) : all.length === 0 ? (
        <Prompt
          icon={<Heart className="h-6 w-6" />}
          title="No favorites yet"
          text="Tap the heart on a coffee shop to keep it here."
        >
          <Button asChild>
            <Link href="/discover">Discover More</Link>
          </Button>
        </Prompt>
      ) : (
        <>
          <div className="relative max-w-md">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-espresso-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search favorites"
              placeholder="Search by shop name or address"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {shown.length === 0 ? (
            <p className="py-10 text-center text-espresso-600">No favorites match “{search}”.</p>
          ) : (
            <ShopGrid shops={shown} favoriteIds={favoriteIds} onToggleFavorite={onToggle} />
          )}
        </>
      )}
    </div>
  );
}

export function FavoritesPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <Spinner />
      ) : user?.role === 'customer' ? (
        <FavoritesContent />
      ) : user ? (
        <Prompt title="Favorites are for coffee lovers" text="Shop owner accounts do not keep favorites.">
          <Button asChild>
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </Prompt>
      ) : (
        <Prompt
          icon={<Lock className="h-6 w-6" />}
          title="Sign In Required"
          text="Please sign in to see your favorite coffee shops."
        >
          <Button asChild>
            <Link href="/login">Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/register">Create Account</Link>
          </Button>
        </Prompt>
      )}
    </PageShell>
  );
}
