// 'Your usual: Flat White (Large · Oat milk) + Croissant — R77.50 · Order' (issue 29), on the shop page and on the
// favourites' cards: Order fills the cart the way Order again does (naming what is sold out or gone) and opens the
// shop page's checkout.
import type { Usual } from '@shared/api/orders';
import { centsToRand, randToCents } from '@shared/domain/money';
import { RotateCcw } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { toast } from '../../ui/toast-store';
import { useOrderUsual } from './queries';
import { useFillCart } from './use-fill-cart';
import { usualLabel } from './usual-label';

export function UsualOffer({
  shop,
  usual,
  size = 'page',
}: {
  shop: { id: number; name: string };
  usual: Usual;
  /** 'page': a band above the shop's menu; 'card': a line inside a favourite's card. */
  size?: 'page' | 'card';
}) {
  const order = useOrderUsual();
  const { offer, startOverDialog } = useFillCart();
  const soldOut = usual.lines.filter((line) => !line.available).map((line) => line.name);

  const start = () =>
    order.mutate(
      { shop, usual },
      {
        onSuccess: (result) => offer(result, { allAdded: 'Your usual is in your cart.', toCheckout: true }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, "Could not load the shop's menu. Please try again."),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section
      aria-label={size === 'card' ? `Your usual at ${shop.name}` : 'Your usual'}
      data-testid="usual-offer"
      className={cn(
        'flex items-center gap-3 border border-espresso-200 bg-espresso-50 text-espresso-900',
        size === 'page' ? 'rounded-2xl p-4' : 'rounded-lg p-3 text-sm',
      )}
    >
      {size === 'page' && <RotateCcw className="h-5 w-5 shrink-0 text-espresso-600" aria-hidden />}
      <div className="min-w-0 flex-1">
        <p className="break-words">
          <span className="font-semibold">Your usual:</span> {usualLabel(usual.lines)} —{' '}
          <span className="font-semibold whitespace-nowrap">
            {centsToRand(randToCents(Number(usual.total)))}
          </span>
        </p>
        {soldOut.length > 0 && (
          <p className={cn('text-amber-900', size === 'page' ? 'text-sm' : 'text-xs')}>
            Not available now: {soldOut.join(', ')}
          </p>
        )}
      </div>
      <Button
        size="sm"
        className="shrink-0"
        onClick={start}
        disabled={order.isPending}
        aria-busy={order.isPending}
        // The visible word first (a voice user says 'Order'); on the favourites page, which shop's usual.
        aria-label={size === 'card' ? `Order your usual from ${shop.name}` : 'Order your usual'}
      >
        Order
      </Button>
      {startOverDialog}
    </section>
  );
}
