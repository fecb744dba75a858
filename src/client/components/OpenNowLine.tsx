// A shop's open-now line ('Open now · closes 17:00', 'Closed · opens Mon 09:00'); 'Not taking orders right now' while
// its owner has paused orders (issue 31); nothing when it set no hours.
import type { Shop } from '@shared/api/shops';
import { openLine } from '@shared/domain/opening-hours';
import { Clock, PauseCircle } from 'lucide-react';
import { cn } from '../ui/cn';

export function OpenNowLine({
  shop,
  compact = false,
  className,
}: {
  shop: Pick<Shop, 'openNow' | 'nextChangeAt'> & Partial<Pick<Shop, 'acceptingOrders'>>;
  /** Smaller text, for the dashboard's dense shop rows. */
  compact?: boolean;
  className?: string;
}) {
  const line = openLine(shop, new Date());
  if (!line) return null;
  const paused = shop.acceptingOrders === false;
  const Icon = paused ? PauseCircle : Clock;
  return (
    <p
      className={cn(
        'flex items-center gap-1.5 font-medium',
        compact ? 'text-xs' : 'text-sm',
        paused ? 'text-amber-800' : shop.openNow ? 'text-leaf' : 'text-espresso-600',
        className,
      )}
      data-testid="open-now"
    >
      <Icon className={cn('shrink-0', compact ? 'h-3.5 w-3.5' : 'h-4 w-4')} aria-hidden />
      {line}
    </p>
  );
}
