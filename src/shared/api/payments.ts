// Paying for orders online (issue 26): the shop's payout account (a Paystack subaccount that receives every rand),
// what a shop offers at checkout, and each order's payment state.
import { z } from 'zod';
import { safeText } from './text.js';

/** What the checkout offers at a shop: only the counter, both, or online only. */
export const onlinePaymentSettings = ['off', 'optional', 'required'] as const;
export const onlinePaymentSetting = z.enum(onlinePaymentSettings, {
  message: `onlinePayment must be one of ${onlinePaymentSettings.join(', ')}`,
});
export type OnlinePaymentSetting = z.infer<typeof onlinePaymentSetting>;

/** How the customer pays for one order. */
export const paymentChoices = ['online', 'counter'] as const;
export const paymentChoice = z.enum(paymentChoices, {
  message: `payment must be one of ${paymentChoices.join(', ')}`,
});
export type PaymentChoice = z.infer<typeof paymentChoice>;

/**
 * An order's payment: not_required (paid at the counter) · awaiting (online, not paid yet: the shop does not see
 * it) · paid · refund_pending · refunded · refund_failed (after a paid order was cancelled, or a payment came after
 * the order expired) · expired (not paid within PAYMENT_WINDOW_MINUTES) · failed (Paystack could not start it).
 */
export const paymentStatuses = [
  'not_required',
  'awaiting',
  'paid',
  'refund_pending',
  'refunded',
  'refund_failed',
  'expired',
  'failed',
] as const;
export const paymentStatus = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** How long an online order waits for its payment before it is cancelled as expired. */
export const PAYMENT_WINDOW_MINUTES = 30;

/** The link a customer pays an online order on (Paystack's hosted checkout) and the payment's reference. */
export const orderPayment = z.object({ authorization_url: z.string(), reference: z.string() });
export type OrderPayment = z.infer<typeof orderPayment>;

/** GET /api/payments/banks: South African banks Paystack settles to. */
export const bank = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bank>;

/** PUT /api/coffee-shops/{id}/payout: the bank account the shop's money is paid into. */
export const payoutBody = z.object({
  bankCode: z
    .string({ message: 'bankCode must be a bank code from GET /api/payments/banks' })
    .trim()
    .min(1, 'bankCode must be a bank code from GET /api/payments/banks'),
  accountNumber: z
    .string({ message: 'accountNumber must be 6 to 16 digits' })
    .trim()
    .regex(/^\d{6,16}$/, 'accountNumber must be 6 to 16 digits'),
  accountName: safeText('accountName must be text')
    .trim()
    .min(2, 'accountName must be 2 to 100 characters')
    .max(100, 'accountName must be 2 to 100 characters'),
});
export type PayoutBody = z.input<typeof payoutBody>;

/** The shop's payout account as its owner sees it: never the whole account number. */
export const payout = z.object({
  payoutsReady: z.boolean(),
  bankName: z.string().nullable(),
  accountLast4: z.string().nullable(),
  onlinePayment: onlinePaymentSetting,
});
export type Payout = z.infer<typeof payout>;

/** What Paystack charges a South African shop per local card or Instant EFT payment (its published pricing). */
export const PAYSTACK_FEE_TEXT =
  'Paystack charges the shop 2.9% + R1 per local card payment and 2% per Instant EFT payment (VAT excluded); the marketplace takes nothing.';
