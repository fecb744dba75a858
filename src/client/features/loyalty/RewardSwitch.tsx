// Checkout's 'Use my reward' (issue 29): shown when the customer's card at this shop is full; on, the order takes
// the reward's line off its total (the server works it out the same way and spends the card with the order).
import type { LoyaltyCard } from '@shared/api/loyalty';
import { centsToRand } from '@shared/domain/money';
import { Gift } from 'lucide-react';
import { Switch } from '../../ui/Switch';

export function RewardSwitch({
  card,
  rewardCents,
  checked,
  onCheckedChange,
}: {
  card: LoyaltyCard;
  /** What it takes off this cart now. */
  rewardCents: number;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 p-3">
      <Gift className="mt-0.5 h-5 w-5 shrink-0 text-green-800" aria-hidden />
      <div className="min-w-0 flex-1">
        <label htmlFor="use-reward" className="font-semibold text-espresso-950">
          Use my reward
        </label>
        <p id="use-reward-note" className="text-sm text-espresso-800">
          Your card is full: {card.reward} — {centsToRand(rewardCents)} off this order.
        </p>
      </div>
      <Switch
        id="use-reward"
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby="use-reward-note"
      />
    </div>
  );
}
