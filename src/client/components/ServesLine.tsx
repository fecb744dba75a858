// Why a search found a shop by its menu alone (issue 31): 'Serves: Oat latte, Flat white', the server's matchedItems
// (at most 3). Nothing for a shop found by its own name, description or address, or shown without a search.
import type { Shop } from '@shared/api/shops';
import { Coffee } from 'lucide-react';
import { cn } from '../ui/cn';

export function ServesLine({ shop, className }: { shop: Pick<Shop, 'matchedItems'>; className?: string }) {
  if (!shop.matchedItems || shop.matchedItems.length === 0) return null;
  return (
    // Quiet beside the open-now line: the muted brown of the card's secondary text (6.6:1 on white).
    <p className={cn('flex items-start gap-1.5 text-sm text-espresso-600', className)} data-testid="serves">
      <Coffee className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>Serves: {shop.matchedItems.join(', ')}</span>
    </p>
  );
}
