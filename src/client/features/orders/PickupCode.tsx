// An order's pickup code (issue 30): large on the customer's ready order ('Show this at the counter: K7P2'), small
// while it is on its way; a badge on the owner's cards, which the counter matches with what the customer shows.
import type { Order } from '@shared/api/orders';
import { cn } from '../../ui/cn';

const UNDERWAY = new Set(['pending', 'confirmed', 'preparing']);

/** The customer's: large once ready, a line while underway, nothing once collected or cancelled. */
export function CustomerPickupCode({ order }: { order: Pick<Order, 'status' | 'pickupCode'> }) {
  if (!order.pickupCode) return null;
  if (order.status === 'ready')
    return (
      <p
        className="mt-3 flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1 rounded-xl border-2 border-emerald-600 bg-emerald-50 p-4 text-center text-emerald-950"
        data-testid="pickup-code"
      >
        <span className="text-base font-medium">Show this at the counter:</span>
        <span className="font-mono text-4xl font-bold tracking-[0.3em]">{order.pickupCode}</span>
      </p>
    );
  if (!UNDERWAY.has(order.status)) return null;
  return (
    <p className="mt-3 text-sm text-espresso-700" data-testid="pickup-code">
      Pickup code: <span className="font-mono font-semibold tracking-widest">{order.pickupCode}</span>
    </p>
  );
}

/** The owner's badge: 'Code K7P2'. */
export function PickupCodeBadge({ code, className }: { code: string | null; className?: string }) {
  if (!code) return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md border border-espresso-300 bg-white px-2 py-0.5 text-xs text-espresso-700',
        className,
      )}
      data-testid="pickup-code"
    >
      Code <span className="font-mono text-sm font-bold tracking-widest text-espresso-950">{code}</span>
    </span>
  );
}
