// The customer's Discover view: search, category, Featured Only, Find Near Me, Sort by Distance (spec §2 Discover),
// and the shops as a list or on a map (issue 31).

import { type ShopCategory, shopCategories, shopCategoryLabels } from '@shared/api/shop-constants';
import { isFeatured } from '@shared/domain/featured';
import { Coffee, List, LocateFixed, Map as MapIcon, Search } from 'lucide-react';
import { Suspense, useDeferredValue, useState } from 'react';
import { Prompt } from '../../components/Prompt';
import { ShopGrid } from '../../components/ShopGrid';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { toast } from '../../ui/toast-store';
import { useFavoriteToggle } from '../favorites/use-favorite-toggle';
import { DiscoverMap } from '../map/LazyMaps';
import { MapPlaceholder } from '../map/MapPlaceholder';
import { readDiscoverView, rememberDiscoverView } from './discover-view-setting';
import { type ShopFilters, useShopPages } from './queries';
import { useGrowingCount } from './use-growing-count';

interface Location {
  latitude: number;
  longitude: number;
}

/** The page's title, also shown while the session is checked (DiscoverPage): it is the page's largest text. */
export function DiscoverHeader() {
  return (
    <header>
      <h1 className="font-display text-3xl font-bold text-espresso-950 sm:text-4xl">Discover Coffee Shops</h1>
      <p className="mt-2 text-espresso-700">
        Find your next favourite cup, from quick espresso bars to artisan roasters.
      </p>
    </header>
  );
}

export interface DiscoverViewProps {
  /** The search box's first words (a link may carry ?search=). */
  initialSearch?: string;
  /** An owner previewing Discover as customers see it: no favourites (hearts are customers'). */
  preview?: boolean;
}

export function DiscoverView({ initialSearch = '', preview = false }: DiscoverViewProps) {
  const [search, setSearch] = useState(initialSearch);
  const [category, setCategory] = useState<ShopCategory | 'all'>('all');
  const [featuredOnly, setFeaturedOnly] = useState(false);
  const [openNowOnly, setOpenNowOnly] = useState(false);
  const [location, setLocation] = useState<Location | null>(null);
  const [sortByDistance, setSortByDistance] = useState(false);
  const [locating, setLocating] = useState(false);

  const [view, setView] = useState(readDiscoverView);
  const deferredSearch = useDeferredValue(search);

  const filters: ShopFilters = {
    search: deferredSearch,
    category: category === 'all' ? undefined : category,
    promoted: featuredOnly,
    openNow: openNowOnly,
    latitude: location?.latitude,
    longitude: location?.longitude,
    sortByDistance,
  };
  const shops = useShopPages(filters);
  const { favoriteIds, onToggle } = useFavoriteToggle(!preview);

  const findNearMe = () => {
    if (!('geolocation' in navigator)) {
      toast({
        title: 'Location not supported',
        description: 'Your browser cannot share its location.',
        variant: 'destructive',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        toast({ title: 'Location found', description: 'Showing how far each coffee shop is from you.' });
      },
      () => {
        setLocating(false);
        toast({
          title: 'Location access denied',
          description: 'Enable location access to find nearby coffee shops.',
          variant: 'destructive',
        });
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  const chooseView = (value: string) => {
    const next = value === 'map' ? 'map' : 'list';
    setView(next);
    rememberDiscoverView(next);
  };

  const clearFilters = () => {
    setSearch('');
    setCategory('all');
    setFeaturedOnly(false);
    setOpenNowOnly(false);
    setSortByDistance(false);
  };

  const list = shops.shops;
  const shownCount = useGrowingCount(list.length);
  const isListPartial = shownCount < list.length;
  // When sorting by distance the list stays one nearest-first list; otherwise featured shops lead.
  const featured = sortByDistance ? [] : list.filter((shop) => isFeatured(shop));
  const rest = sortByDistance ? list : list.filter((shop) => !isFeatured(shop));
  const featuredShown = featured.slice(0, shownCount);
  const restShown = rest.slice(0, Math.max(0, shownCount - featured.length));

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <DiscoverHeader />

      {/* Search and category on one row, the switches and location buttons on the next: on one row, the search
          box shrank to a clipped placeholder once Sort by Distance appeared. */}
      <div className="grid gap-4 rounded-2xl border border-espresso-100 bg-white p-4 shadow-sm md:grid-cols-[1fr_auto] md:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="discover-search">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-espresso-400"
              aria-hidden
            />
            <Input
              id="discover-search"
              type="search"
              placeholder="Search coffee shops or addresses"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="discover-category">Category</Label>
          <NativeSelect
            id="discover-category"
            value={category}
            onChange={(event) => setCategory(event.target.value as ShopCategory | 'all')}
          >
            <option value="all">All Categories</option>
            {shopCategories.map((value) => (
              <option key={value} value={value}>
                {shopCategoryLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <div className="flex items-center gap-2">
            <Switch id="discover-featured" checked={featuredOnly} onCheckedChange={setFeaturedOnly} />
            <Label htmlFor="discover-featured">Featured Only</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="discover-open-now" checked={openNowOnly} onCheckedChange={setOpenNowOnly} />
            <Label htmlFor="discover-open-now">Open Now</Label>
          </div>
          <Button variant="outline" onClick={findNearMe} disabled={locating}>
            <LocateFixed className="h-4 w-4" aria-hidden /> {locating ? 'Locating...' : 'Find Near Me'}
          </Button>
          {location && (
            <Button
              variant={sortByDistance ? 'default' : 'outline'}
              aria-pressed={sortByDistance}
              onClick={() => setSortByDistance((on) => !on)}
            >
              Sort by Distance
            </Button>
          )}
        </div>
      </div>

      {/* List or Map: a tab control (arrow keys move between them); the map and Leaflet load only when chosen. */}
      <Tabs value={view} onValueChange={chooseView} className="space-y-4">
        <TabsList aria-label="Show coffee shops as">
          <TabsTrigger value="list" className="flex items-center gap-1.5">
            <List className="h-4 w-4" aria-hidden /> List
          </TabsTrigger>
          <TabsTrigger value="map" className="flex items-center gap-1.5">
            <MapIcon className="h-4 w-4" aria-hidden /> Map
          </TabsTrigger>
        </TabsList>
        <TabsContent value="map" className="h-[60vh] max-h-[44rem] min-h-80">
          <Suspense fallback={<MapPlaceholder />}>
            <DiscoverMap shops={list} list={shops} filters={filters} location={location} />
          </Suspense>
        </TabsContent>
        <TabsContent value="list">
          {shops.isLoading ? (
            // A screen's height while the list loads: the footer stays below the fold instead of showing for a
            // moment and then being pushed down by the shops (Lighthouse counted that as a layout shift).
            <div className="min-h-screen">
              <Spinner label="Loading coffee shops..." />
            </div>
          ) : shops.isError && list.length === 0 ? (
            <Prompt
              headingLevel={2}
              title="Could not load coffee shops"
              text="Please check your connection and try again."
            >
              <Button onClick={() => void shops.refetch()}>Try Again</Button>
            </Prompt>
          ) : list.length === 0 ? (
            <Prompt
              headingLevel={2}
              icon={<Coffee className="h-6 w-6" />}
              title="No coffee shops found"
              text="Try another search or clear the filters."
            >
              <Button onClick={clearFilters}>Clear Filters</Button>
            </Prompt>
          ) : (
            <div
              // A screen's height until the rest of the cards are in, so the footer is not shown and pushed down.
              className={cn('space-y-10', isListPartial && 'min-h-screen')}
              aria-busy={shops.isFetching || isListPartial}
            >
              {featuredShown.length > 0 && (
                <ShopGrid
                  title="Featured Coffee Shops"
                  shops={featuredShown}
                  favoriteIds={favoriteIds}
                  onToggleFavorite={onToggle}
                />
              )}
              {restShown.length > 0 && (
                <ShopGrid
                  title={sortByDistance ? 'Nearest Coffee Shops' : 'All Coffee Shops'}
                  shops={restShown}
                  favoriteIds={favoriteIds}
                  onToggleFavorite={onToggle}
                />
              )}
              {shops.hasNextPage && (
                <div className="flex flex-col items-center gap-2">
                  {shops.isFetchNextPageError && (
                    <p role="alert" className="text-sm text-red-700">
                      Could not load more coffee shops. Please try again.
                    </p>
                  )}
                  <Button
                    variant="outline"
                    onClick={() => void shops.fetchNextPage()}
                    disabled={shops.isFetchingNextPage}
                  >
                    {shops.isFetchingNextPage ? 'Loading more...' : 'Show More Coffee Shops'}
                  </Button>
                </div>
              )}
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
