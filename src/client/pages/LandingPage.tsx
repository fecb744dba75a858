// Landing (/): hero, features, up to 3 featured shops, call to action (spec §2 Landing).

import { shopCategoryLabels } from '@shared/api/shops';
import { MapPin, MessageCircle, Star, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { ShopImage } from '../components/ShopImage';
import { useFeaturedShops } from '../features/shops/queries';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

export const FEATURED_ON_LANDING = 3;

const features = [
  {
    icon: MessageCircle,
    title: 'Direct Messaging',
    text: 'Chat with coffee shops in real time to ask, pre-order and collect without the queue.',
  },
  {
    icon: MapPin,
    title: 'Local Discovery',
    text: 'Find specialty bars, quick-service counters and artisan roasters near you.',
  },
  {
    icon: TrendingUp,
    title: 'Business Growth',
    text: 'Shop owners keep 100% of order revenue — no commission — and reach new regulars.',
  },
];

function FeaturedShops() {
  const { user } = useAuth();
  const featured = useFeaturedShops();
  const shops = (featured.data ?? []).slice(0, FEATURED_ON_LANDING);

  if (featured.isLoading) {
    return (
      <div className="grid gap-6 md:grid-cols-3" role="status" aria-label="Loading featured shops">
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-80 animate-pulse rounded-2xl bg-espresso-100" />
        ))}
      </div>
    );
  }
  if (featured.isError)
    return <p className="text-center text-espresso-600">Featured shops could not be loaded right now.</p>;
  if (shops.length === 0) {
    return (
      <p className="text-center text-espresso-600">
        No featured shops right now — discover every shop near you instead.
      </p>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-3">
      {shops.map((shop) => (
        <Card key={shop.id} className="overflow-hidden" data-testid="featured-shop">
          <ShopImage shop={shop} className="h-44 w-full" />
          <div className="space-y-2 p-5">
            <h3 className="font-display text-lg font-semibold">{shop.name}</h3>
            <p className="flex items-center gap-1 text-sm text-espresso-700">
              <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden /> {shop.rating}
              <span className="text-espresso-400">·</span> {shopCategoryLabels[shop.category]}
            </p>
            <p className="text-sm text-espresso-600">{shop.address}</p>
            <Button asChild className="mt-2 w-full">
              {user ? (
                <Link href={`/messages?shop=${shop.id}`}>Start Chatting</Link>
              ) : (
                <Link href="/auth">Sign Up to Chat</Link>
              )}
            </Button>
          </div>
        </Card>
      ))}
    </div>
  );
}

export function LandingPage() {
  const { user } = useAuth();
  return (
    <PageShell>
      <section className="bg-gradient-to-b from-espresso-100 to-crema">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center md:py-28">
          <p className="mb-4 text-sm font-semibold uppercase tracking-widest text-espresso-600">
            South Africa’s local coffee marketplace
          </p>
          <h1 className="font-display text-5xl font-bold text-espresso-950 md:text-7xl">
            Connect. Order. Enjoy.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-espresso-700">
            Discover independent coffee shops in Cape Town, Johannesburg, Durban and Pretoria, chat with the
            baristas and pre-order your favourite cup.
          </p>
          <div className="mt-10 flex justify-center">
            <Button asChild size="lg">
              {user ? <Link href="/discover">Start Discovering</Link> : <Link href="/auth">Get Started</Link>}
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-6">
              <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-xl bg-espresso-800 text-crema">
                <Icon className="h-6 w-6" aria-hidden />
              </div>
              <h3 className="font-display text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-espresso-700">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-8" aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-8 text-center font-display text-3xl font-bold">
          Featured Coffee Shops
        </h2>
        <FeaturedShops />
      </section>

      <section className="mx-auto mt-16 max-w-6xl px-4">
        <div className="rounded-3xl bg-espresso-800 px-6 py-14 text-center text-crema">
          <h2 className="font-display text-3xl font-bold">Ready for your next great cup?</h2>
          <p className="mx-auto mt-3 max-w-xl text-espresso-100">
            Join as a coffee lover to discover and pre-order, or list your shop and keep 100% of your revenue.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild variant="outline" size="lg">
              <Link href="/register">Sign Up as Customer</Link>
            </Button>
            <Button asChild variant="accent" size="lg">
              <Link href="/register">Join as Shop Owner</Link>
            </Button>
          </div>
        </div>
      </section>
    </PageShell>
  );
}
