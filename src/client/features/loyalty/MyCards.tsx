// 'My cards' on /orders (issue 29): every stamp card the customer holds, across shops, the most recently stamped
// first; a full one says its reward is ready. Nothing while loading or when they hold none.
import { Link } from 'wouter';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { stampsLeftText } from './card-text';
import { useLoyaltyCards } from './queries';
import { Cups } from './StampCard';

export function MyCards() {
  const cards = useLoyaltyCards();
  if (!cards.data || cards.data.length === 0) return null;
  return (
    <section aria-labelledby="my-cards" className="space-y-3">
      <h2 id="my-cards" className="font-display text-2xl font-semibold">
        My cards
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {cards.data.map((card) => (
          <li key={card.shopId}>
            <Card className="h-full space-y-2 p-4" data-testid="loyalty-card">
              <div className="flex items-start justify-between gap-2">
                <Link
                  href={`/shops/${card.shopId}`}
                  className="font-semibold text-espresso-950 underline-offset-2 hover:underline"
                >
                  {card.shopName}
                </Link>
                {card.full && card.enabled && (
                  <Badge tone="success" className="shrink-0 whitespace-nowrap">
                    Reward ready
                  </Badge>
                )}
              </div>
              <p className="text-sm text-espresso-700">{card.reward}</p>
              <Cups stamps={card.stamps} stampsRequired={card.stampsRequired} small />
              <p className="text-sm text-espresso-800">
                {card.enabled
                  ? `${Math.min(card.stamps, card.stampsRequired)} of ${card.stampsRequired} stamps · ${stampsLeftText(card.stamps, card.stampsRequired)}`
                  : `${card.stamps} stamps kept: ${card.shopName} has paused its card`}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
