// The public shop page (/shops/{id}): details, hours, menu, reviews; ordering for customers. Watched live (issue 31):
// a pause, a sold-out item or new hours show without a reload, for visitors too.
import { Coffee, PauseCircle } from 'lucide-react';
import { useEffect } from 'react';
import { MissingPage } from '../components/MissingPage';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { WeekHours } from '../features/hours/WeekHours';
import { ShopStampCard } from '../features/loyalty/StampCard';
import { MenuList } from '../features/menu/MenuList';
import { CartPanel } from '../features/orders/CartPanel';
import { useUsual } from '../features/orders/queries';
import { preloadUsualOffer, ShopUsualOffer } from '../features/orders/ShopUsualOffer';
import { ShopReviews } from '../features/reviews/ShopReviews';
import { BusyNotice } from '../features/shops/BusyNotice';
import { useRefetchAtNextChange, useShop } from '../features/shops/queries';
import { ShopHeader } from '../features/shops/ShopHeader';
import { errorStatus } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useWatchShop } from '../lib/shop-watch';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Skeleton } from '../ui/Skeleton';

/** A path id the API could hold: digits only, a positive 32-bit integer; anything else is a missing page. */
function parseShopId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function ShopPage({ params }: { params: { id: string } }) {
  const shopId = parseShopId(params.id);
  const shop = useShop(shopId);
  useRefetchAtNextChange(shop.data, shop.refetch);
  useWatchShop(shop.data ? shop.data.id : null);
  // Asked for with the shop rather than after it, so the usual (issue 29) shows with the page, not below it later;
  // its code too, for a customer only.
  useUsual(shopId);
  const { user } = useAuth();
  useEffect(() => {
    if (user?.role === 'customer') preloadUsualOffer();
  }, [user?.role]);
  if (shopId === null || errorStatus(shop.error) === 404) return <ShopNotFound />;

  return (
    <PageShell>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {shop.isLoading ? (
          <ShopPageSkeleton />
        ) : shop.isError || !shop.data ? (
          <Prompt
            headingLevel={1}
            title="Could not load this coffee shop"
            text="Please try again in a moment."
          >
            <Button onClick={() => void shop.refetch()}>Try Again</Button>
          </Prompt>
        ) : (
          <div className="space-y-6">
            <ShopHeader shop={shop.data} />
            {!shop.data.acceptingOrders && (
              <Card
                role="status"
                className="flex items-start gap-3 border-amber-300 bg-amber-50 p-4 text-espresso-900"
              >
                <PauseCircle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
                <p>
                  <span className="font-semibold">This shop is not taking orders right now.</span> You can
                  still browse the menu and start a chat.
                </p>
              </Card>
            )}
            <BusyNotice shop={shop.data} />
            <ShopUsualOffer shop={shop.data} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
              <section aria-labelledby="menu-heading" className="min-w-0 space-y-4">
                <h2 id="menu-heading" className="font-display text-2xl font-semibold text-espresso-950">
                  Menu
                </h2>
                <MenuList shop={shop.data} />
                <ShopReviews shopId={shop.data.id} />
              </section>
              <aside className="min-w-0 space-y-6 lg:sticky lg:top-20">
                <CartPanel shop={shop.data} />
                <ShopStampCard shop={shop.data} />
                <WeekHours shop={shop.data} />
              </aside>
            </div>
          </div>
        )}
      </div>
    </PageShell>
  );
}

function ShopPageSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading coffee shop">
      <Card className="overflow-hidden">
        <Skeleton className="h-48 rounded-none sm:h-64" />
        <div className="space-y-3 p-6">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-20 w-full" />
          ))}
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    </div>
  );
}

/** A shop id that names no shop (deleted, or a mistyped link): a way on to the shops there are. */
function ShopNotFound() {
  return (
    <MissingPage
      icon={<Coffee className="h-6 w-6" />}
      title="Coffee shop not found"
      text="This coffee shop may have closed, or the link may be mistyped."
      action={{ href: '/discover', label: 'Discover Coffee Shops' }}
    />
  );
}
