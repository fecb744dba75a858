// The shop page's stamp card (issue 29): the shop's card with the customer's stamps drawn as cups, how many more
// until the reward, or that it is ready to use at checkout. Visitors and owners see the card empty, as an offer.
import type { LoyaltyCard, PublicLoyalty } from '@shared/api/loyalty';
import type { Shop } from '@shared/api/shops';
import { Coffee } from 'lucide-react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { stampsLeftText } from './card-text';
import { useLoyaltyCard } from './queries';

export function StampCard({ loyalty, card }: { loyalty: PublicLoyalty; card: LoyaltyCard | null }) {
  const stamps = card?.stamps ?? 0;
  const full = stamps >= loyalty.stampsRequired;
  return (
    <Card
      className="space-y-3 p-5"
      aria-labelledby="stamp-card-heading"
      role="region"
      data-testid="stamp-card"
    >
      <div>
        <h2 id="stamp-card-heading" className="font-display text-lg font-semibold text-espresso-950">
          Stamp card
        </h2>
        <p className="text-sm text-espresso-700">{loyalty.reward}</p>
      </div>
      <Cups stamps={stamps} stampsRequired={loyalty.stampsRequired} />
      <p
        className={cn('text-sm', full ? 'font-semibold text-green-800' : 'text-espresso-800')}
        data-testid="stamp-card-status"
      >
        {card
          ? stampsLeftText(stamps, loyalty.stampsRequired)
          : `One stamp for every order you collect. ${loyalty.stampsRequired} stamps: ${loyalty.reward}.`}
      </p>
    </Card>
  );
}

/** The card's stamps as cups: filled for each stamp held, outlined for the rest. */
export function Cups({
  stamps,
  stampsRequired,
  small = false,
}: {
  stamps: number;
  stampsRequired: number;
  small?: boolean;
}) {
  const shown = Math.min(stamps, stampsRequired);
  return (
    <div
      role="img"
      aria-label={`${shown} of ${stampsRequired} stamps`}
      className="flex flex-wrap gap-1.5"
      data-testid="stamp-cups"
    >
      {Array.from({ length: stampsRequired }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the cups are positions on the card, never reordered
          key={index}
          data-filled={index < shown}
          className={cn(
            'flex items-center justify-center rounded-full border',
            small ? 'h-6 w-6' : 'h-8 w-8',
            index < shown
              ? 'border-espresso-700 bg-espresso-700 text-white'
              : 'border-dashed border-espresso-300 text-espresso-300',
          )}
        >
          <Coffee className={small ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden />
        </span>
      ))}
    </div>
  );
}

/** The card on a shop page: nothing when the shop has no card on. */
export function ShopStampCard({ shop }: { shop: Shop }) {
  const card = useLoyaltyCard(shop.id);
  if (!shop.loyalty) return null;
  return <StampCard loyalty={shop.loyalty} card={card} />;
}
