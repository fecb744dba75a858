// The board's one-click pace controls (issue 30): 'Busy: +15 min' pushes every pickup back for an hour (it ends by
// itself; End busy ends it now), and 'Pause orders' / 'Resume orders' flips whether the shop takes orders at all.
import type { Shop } from '@shared/api/shops';
import { busyMinutesAt } from '@shared/domain/pickup-slots';
import { PauseCircle, PlayCircle, Timer } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { localClock } from '../orders/order-time';
import { useSetShopPace } from '../shops/queries';

/** The busy delay the board's one click sets. */
export const BUSY_CLICK_MINUTES = 15;

export function BoardPaceControls({ shop, now }: { shop: Shop; now: Date }) {
  const pace = useSetShopPace(shop.id);
  const busyMinutes = busyMinutesAt(shop, now);
  const failed = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorMessage(error, 'Failed to update the shop. Please try again.'),
      variant: 'destructive',
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {busyMinutes > 0 && shop.busyUntil ? (
        <>
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-3 py-1.5 text-sm font-semibold text-amber-950"
            role="status"
          >
            <Timer className="h-4 w-4" aria-hidden />
            {`Busy +${busyMinutes} min until ${localClock(new Date(shop.busyUntil))}`}
          </span>
          <Button
            variant="outline"
            disabled={pace.isPending}
            onClick={() =>
              pace.mutate(
                { busyExtraMinutes: null },
                { onSuccess: () => toast({ title: 'Back to normal pace' }), onError: failed },
              )
            }
          >
            End busy
          </Button>
        </>
      ) : (
        <Button
          variant="outline"
          disabled={pace.isPending}
          onClick={() =>
            pace.mutate(
              { busyExtraMinutes: BUSY_CLICK_MINUTES },
              {
                onSuccess: (updated) =>
                  toast({
                    title: `Busy: +${BUSY_CLICK_MINUTES} min`,
                    description: updated.busyUntil
                      ? `Pickups are ${BUSY_CLICK_MINUTES} minutes later until ${localClock(new Date(updated.busyUntil))}.`
                      : undefined,
                  }),
                onError: failed,
              },
            )
          }
        >
          <Timer className="h-4 w-4" aria-hidden /> Busy: +{BUSY_CLICK_MINUTES} min
        </Button>
      )}
      {shop.acceptingOrders ? (
        <Button
          variant="outline"
          disabled={pace.isPending}
          onClick={() =>
            pace.mutate(
              { acceptingOrders: false },
              {
                onSuccess: () =>
                  toast({
                    title: 'Orders paused',
                    description: `Customers cannot order from ${shop.name} until you resume.`,
                  }),
                onError: failed,
              },
            )
          }
        >
          <PauseCircle className="h-4 w-4" aria-hidden /> Pause orders
        </Button>
      ) : (
        <>
          <span
            className="rounded-full bg-red-100 px-3 py-1.5 text-sm font-semibold text-red-800"
            role="status"
          >
            Orders paused
          </span>
          <Button
            disabled={pace.isPending}
            onClick={() =>
              pace.mutate(
                { acceptingOrders: true },
                {
                  onSuccess: () =>
                    toast({ title: 'Taking orders', description: `${shop.name} is taking orders again.` }),
                  onError: failed,
                },
              )
            }
          >
            <PlayCircle className="h-4 w-4" aria-hidden /> Resume orders
          </Button>
        </>
      )}
    </div>
  );
}
