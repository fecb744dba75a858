// Whether a shop's checkout offers Pay now (issue 26): Off, Optional or Required, saved as it is picked. Until
// the shop's bank account is set up there is nowhere to pay the money into, so only Off can be picked.
import type { OnlinePaymentSetting, Payout } from '@shared/api/payments';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../ui/cn';
import { toast } from '../../ui/toast-store';
import { useSetOnlinePayment } from './queries';

const settings = [
  { value: 'off', label: 'Off', hint: 'Customers pay at the counter, as today.' },
  { value: 'optional', label: 'Optional', hint: 'Customers choose: pay now, or at the counter.' },
  { value: 'required', label: 'Required', hint: 'Every order is paid when it is placed.' },
] as const satisfies readonly { value: OnlinePaymentSetting; label: string; hint: string }[];

export function OnlinePaymentPicker({ shopId, payout }: { shopId: number; payout: Payout }) {
  const update = useSetOnlinePayment(shopId);
  // While the call runs the choice shows where it is going; after a refusal, where it still is. Kept in state
  // set in the click itself: the mutation's own state arrives a tick later, and a controlled radio would
  // briefly jump back in between.
  const [picked, setPicked] = useState<OnlinePaymentSetting | null>(null);
  // Once the saved setting changes (this pick's answer, or a refresh), it is the truth again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the change of the saved setting is the trigger
  useEffect(() => setPicked(null), [payout.onlinePayment]);
  const current = picked ?? payout.onlinePayment;
  const name = `online-payment-${shopId}`;
  const pick = (setting: OnlinePaymentSetting) => {
    setPicked(setting);
    update.mutate(setting, {
      onSuccess: () => toast({ title: 'Payment setting saved', description: savedText[setting] }),
      onError: () => setPicked(null),
    });
  };

  return (
    <fieldset
      className="min-w-0 space-y-2"
      aria-describedby={payout.payoutsReady ? undefined : `${name}-why`}
    >
      <legend className="font-semibold text-espresso-950">Online payment at checkout</legend>
      {!payout.payoutsReady && (
        <p id={`${name}-why`} className="text-sm text-espresso-700">
          Save a bank account first: Optional and Required need somewhere to pay the money into.
        </p>
      )}
      <div className="grid gap-1.5 sm:grid-cols-3">
        {settings.map(({ value, label, hint }) => {
          const disabled = update.isPending || (value !== 'off' && !payout.payoutsReady);
          return (
            <label
              key={value}
              className={cn(
                'flex items-start gap-2 rounded-lg border px-3 py-2 text-sm',
                current === value ? 'border-espresso-700 bg-espresso-50' : 'border-espresso-200',
                disabled
                  ? 'cursor-not-allowed bg-espresso-50 text-espresso-600'
                  : 'cursor-pointer hover:bg-espresso-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={current === value}
                disabled={disabled}
                onChange={() => pick(value)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-espresso-700"
              />
              <span className="min-w-0">
                <span className="block font-medium">{label}</span>
                <span className="block text-xs text-espresso-600">{hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      {update.isError && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {errorMessage(update.error, 'Could not save the payment setting. Please try again.')}
        </p>
      )}
    </fieldset>
  );
}

const savedText = {
  off: 'Customers pay at the counter.',
  optional: 'Customers can pay now or at the counter.',
  required: 'Customers pay when they order.',
} as const satisfies Record<OnlinePaymentSetting, string>;
