// Landing (/): hero, features, up to 3 featured shops, call to action and footer (spec §2 Landing).
import { ArrowRight, BadgePercent, MapPin, MessageCircle, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link } from 'wouter';
import { HeroPreview } from '../components/HeroPreview';
import { PageShell } from '../components/PageShell';
import { FeaturedShops } from '../features/shops/FeaturedShops';
import { homeFor, useAuth } from '../lib/auth';
import { registerHref } from '../lib/register-role';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';

const features = [
  {
    icon: MessageCircle,
    title: 'Direct Messaging',
    text: 'Chat with coffee shops in real time to ask a question, pre-order and collect without the queue.',
  },
  {
    icon: MapPin,
    title: 'Local Discovery',
    text: 'Find specialty bars, quick-service counters and artisan roasters near you, sorted by distance.',
  },
  {
    icon: TrendingUp,
    title: 'Business Growth',
    text: 'Shop owners keep 100% of order revenue with no commission, and turn first visits into regulars.',
  },
];

const promises = [
  { icon: BadgePercent, text: 'No commission on orders' },
  { icon: MessageCircle, text: 'Real-time chat' },
  { icon: ShieldCheck, text: 'Proudly South African' },
];

export function LandingPage() {
  const { user } = useAuth();
  return (
    <PageShell>
      <section className="overflow-hidden bg-gradient-to-b from-espresso-100 via-espresso-50 to-crema">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:py-24 lg:grid-cols-2">
          <div className="text-center lg:text-left">
            <p className="mb-4 text-sm font-semibold uppercase tracking-widest text-espresso-600">
              South Africa’s local coffee marketplace
            </p>
            <h1 className="font-display text-5xl leading-[1.05] font-bold text-espresso-950 md:text-7xl">
              Connect. Order. Enjoy.
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-espresso-700 lg:mx-0">
              Discover independent coffee shops in Cape Town, Johannesburg, Durban and Pretoria, chat with the
              baristas and pre-order your favourite cup.
            </p>
            <div className="mt-8 flex justify-center lg:justify-start">
              <Button asChild size="lg">
                {user ? (
                  <Link href="/discover">
                    Start Discovering <ArrowRight className="h-4 w-4" aria-hidden />
                  </Link>
                ) : (
                  <Link href="/auth?tab=register">
                    Get Started <ArrowRight className="h-4 w-4" aria-hidden />
                  </Link>
                )}
              </Button>
            </div>
            <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-espresso-700 lg:justify-start">
              {promises.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="h-4 w-4 text-espresso-500" aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden sm:block">
            <HeroPreview />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-heading">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id="features-heading" className="font-display text-3xl font-bold md:text-4xl">
            Everything between you and a great cup
          </h2>
          <p className="mt-3 text-espresso-700">
            One place for coffee lovers to find and talk to local shops, and for shops to grow.
          </p>
        </div>
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
        <div className="mb-8 text-center">
          <h2 id="featured-heading" className="font-display text-3xl font-bold md:text-4xl">
            Featured Coffee Shops
          </h2>
          <p className="mt-3 text-espresso-700">Hand-picked local favourites this month.</p>
        </div>
        <FeaturedShops />
      </section>

      <section className="mx-auto mt-16 max-w-6xl px-4">
        <div className="relative overflow-hidden rounded-3xl bg-espresso-800 px-6 py-14 text-center text-crema">
          <div
            aria-hidden
            className="absolute -top-20 -right-20 h-64 w-64 rounded-full bg-espresso-600/50 blur-2xl"
          />
          <h2 className="relative font-display text-3xl font-bold md:text-4xl">
            Ready for your next great cup?
          </h2>
          {user ? (
            // Signed in, there is nothing to sign up for: on to where this person's day goes on.
            <>
              <p className="relative mx-auto mt-3 max-w-xl text-espresso-100">
                {user.role === 'shop_owner'
                  ? 'Your shops, orders, messages and analytics are on your dashboard.'
                  : 'Find a shop near you, order ahead and pay at the counter.'}
              </p>
              <div className="relative mt-8 flex justify-center">
                <Button asChild variant="accent" size="lg">
                  <Link href={homeFor(user.role)}>
                    {user.role === 'shop_owner' ? 'Go to Dashboard' : 'Discover Coffee Shops'}
                  </Link>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="relative mx-auto mt-3 max-w-xl text-espresso-100">
                Join as a coffee lover to discover and pre-order, or list your shop and keep 100% of your
                revenue.
              </p>
              <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
                <Button asChild variant="outline" size="lg" className="border-transparent">
                  <Link href={registerHref('customer')}>Sign Up as Customer</Link>
                </Button>
                <Button asChild variant="accent" size="lg">
                  {/* Still /register (spec §2), with the owner's role chosen already. */}
                  <Link href={registerHref('shop_owner')}>Join as Shop Owner</Link>
                </Button>
              </div>
            </>
          )}
        </div>
      </section>
    </PageShell>
  );
}
