// The 'Your Order' panel of a shop page: a visitor is asked to sign in, a customer gets the cart and checkout
// (Checkout.tsx, loaded when first shown), an owner sees nothing.
import type { Shop } from '@shared/api/shops';
import { ShoppingBag } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { useAuth } from '../../lib/auth';
import { lazyNamed } from '../../lib/lazy-named';
import { signInReturningTo } from '../../lib/return-to';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Skeleton } from '../../ui/Skeleton';

const Checkout = lazyNamed(() => import('./Checkout'), 'Checkout');

export function CartPanel({ shop }: { shop: Shop }) {
  const { user } = useAuth();
  if (user?.role === 'shop_owner') return null;
  return (
    <Card
      className="scroll-mt-20 p-5 lg:sticky lg:top-20"
      aria-labelledby="cart-heading"
      role="region"
      id="cart"
    >
      <h2 id="cart-heading" className="flex items-center gap-2 font-display text-xl font-semibold">
        <ShoppingBag className="h-5 w-5" aria-hidden /> Your Order
      </h2>
      {!user ? (
        <div className="mt-3 space-y-3 text-sm text-espresso-700">
          <p>{visitorLines[shop.onlinePayment]} Sign in to start an order.</p>
          <Button asChild size="sm">
            <Link href={signInReturningTo(`/shops/${shop.id}`)}>Sign In</Link>
          </Button>
        </div>
      ) : (
        <Suspense fallback={<Skeleton className="mt-3 h-24 w-full" />}>
          <Checkout shop={shop} />
        </Suspense>
      )}
    </Card>
  );
}

/** How a visitor is told they would pay here (issue 26: the shop decides whether Pay now is offered). */
const visitorLines = {
  off: 'Order ahead and pay at the counter when you collect.',
  optional: 'Order ahead, and pay now by card or EFT or at the counter when you collect.',
  required: 'Order ahead and pay by card or EFT when you order.',
} as const satisfies Record<Shop['onlinePayment'], string>;
