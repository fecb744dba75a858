// The landing page's featured shops: the first 3 of Featured Only, which take turns day by day (server), with loading, error and empty states.
import { FEATURED_ON_LANDING } from '@shared/domain/featured';
import { Coffee } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';
import { FeaturedShopCard } from './FeaturedShopCard';
import { useFeaturedShops } from './queries';

export function FeaturedShops() {
  const { user } = useAuth();
  const featured = useFeaturedShops();
  const shops = (featured.data ?? []).slice(0, FEATURED_ON_LANDING);

  if (featured.isLoading) {
    return (
      <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Loading featured shops">
        {[0, 1, 2].map((index) => (
          <Card key={index} className="overflow-hidden">
            <Skeleton className="h-44 rounded-none" />
            <div className="space-y-3 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="mt-4 h-10 w-full" />
            </div>
          </Card>
        ))}
      </div>
    );
  }
  if (featured.isError || shops.length === 0) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-espresso-100 text-espresso-700">
          <Coffee className="h-6 w-6" aria-hidden />
        </div>
        <p className="font-display text-xl font-semibold">
          {featured.isError ? 'Featured shops are taking a break' : 'No featured shops right now'}
        </p>
        <p className="mt-2 text-espresso-600">
          {featured.isError
            ? 'We could not load them just now. Every shop is still waiting for you on Discover.'
            : 'Every local shop is still waiting for you on Discover.'}
        </p>
        <Button asChild variant="outline" className="mt-5">
          <Link href={user ? '/discover' : '/auth'}>{user ? 'Browse All Shops' : 'Join to Browse'}</Link>
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {shops.map((shop) => (
        <FeaturedShopCard key={shop.id} shop={shop} isSignedIn={Boolean(user)} />
      ))}
    </div>
  );
}
