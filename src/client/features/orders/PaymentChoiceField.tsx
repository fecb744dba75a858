// How the customer pays, at checkout (issue 26): Pay now or at the counter where the shop offers both, a plain
// line where it takes payment online only, and nothing where it does not take online payment.
import type { OnlinePaymentSetting, PaymentChoice } from '@shared/api/payments';
import { CreditCard, Store } from 'lucide-react';
import { cn } from '../../ui/cn';

const choices = [
  {
    value: 'online',
    label: 'Pay now (card or EFT)',
    hint: 'On Paystack’s secure page. The shop gets your order once it is paid.',
    icon: CreditCard,
  },
  { value: 'counter', label: 'Pay at the counter', hint: 'Pay when you collect your order.', icon: Store },
] as const satisfies readonly { value: PaymentChoice; label: string; hint: string; icon: unknown }[];

export function PaymentChoiceField({
  shopName,
  offered,
  value,
  onChange,
}: {
  shopName: string;
  offered: OnlinePaymentSetting;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}) {
  if (offered === 'off') return null;
  if (offered === 'required')
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-espresso-900">Payment</p>
        <p className="flex items-start gap-2 rounded-lg bg-espresso-50 p-3 text-sm text-espresso-800">
          <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {shopName} takes payment when you order: <strong>Pay now (card or EFT)</strong> on Paystack’s
            secure page.
          </span>
        </p>
      </div>
    );
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium text-espresso-900">Payment</legend>
      <div className="space-y-1.5">
        {choices.map(({ value: choice, label, hint, icon: Icon }) => (
          <label
            key={choice}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm hover:bg-espresso-50',
              value === choice ? 'border-espresso-700 bg-espresso-50' : 'border-espresso-200',
            )}
          >
            <input
              type="radio"
              name="payment"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              aria-describedby={`payment-${choice}-hint`}
              className="mt-0.5 h-4 w-4 shrink-0 accent-espresso-700"
            />
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 font-medium text-espresso-950">
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                {label}
              </span>
              <span id={`payment-${choice}-hint`} className="block text-xs text-espresso-600">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
