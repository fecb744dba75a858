// The checkout's words for how an order is paid (issue 26): what is paid with at a shop, and how the place-order
// button and the line under it read.
import type { OnlinePaymentSetting, PaymentChoice } from '@shared/api/payments';

/** What is paid with, given the shop's setting and the customer's pick (which counts only where both are offered). */
export function effectivePaymentChoice(offered: OnlinePaymentSetting, picked: PaymentChoice): PaymentChoice {
  if (offered === 'off') return 'counter';
  if (offered === 'required') return 'online';
  return picked;
}

/** The place-order button: 'Place Order' as ever for the counter; online it says that paying comes next. */
export function placeOrderLabel(choice: PaymentChoice, step: 'idle' | 'placing'): string {
  if (step === 'placing') return 'Placing order...';
  return choice === 'online' ? 'Place Order and Pay' : 'Place Order';
}

/** The line under the button. */
export function checkoutFootnote(choice: PaymentChoice): string {
  return choice === 'online'
    ? 'Next you pay on Paystack’s secure page, by card or Instant EFT, and come back to your orders.'
    : 'Pay at the counter when you collect.';
}
