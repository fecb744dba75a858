// What an order card says about an order's payment (issue 26 Screens), and in which colour: one word per state.
import type { PaymentStatus } from '@shared/api/payments';

export type PaymentLabelTone = 'neutral' | 'success' | 'waiting' | 'danger';

export interface PaymentLabel {
  text: string;
  tone: PaymentLabelTone;
}

const labels = {
  not_required: { text: 'Pay at counter', tone: 'neutral' },
  awaiting: { text: 'Waiting for payment', tone: 'waiting' },
  paid: { text: 'Paid online', tone: 'success' },
  refund_pending: { text: 'Refund on its way', tone: 'waiting' },
  refunded: { text: 'Refunded', tone: 'neutral' },
  refund_failed: { text: 'Refund failed — contact the customer', tone: 'danger' },
  expired: { text: 'Payment expired', tone: 'neutral' },
  failed: { text: 'Payment failed', tone: 'danger' },
} as const satisfies Record<PaymentStatus, PaymentLabel>;

/**
 * The label of a payment state. A failed refund is the owner's to settle (Paystack's refund.failed event reaches
 * the shop), so the customer is pointed at the shop rather than told to contact themselves.
 */
export function paymentLabel(status: PaymentStatus, view: 'customer' | 'owner'): PaymentLabel {
  if (status === 'refund_failed' && view === 'customer')
    return { text: 'Refund failed — contact the shop', tone: 'danger' };
  return labels[status];
}

/** The order's Paystack checkout link while it can still be paid, for a Pay now or Try again link; else null. */
export function payLink(order: {
  paymentStatus: PaymentStatus;
  payment: { authorization_url: string } | null;
}): string | null {
  return order.paymentStatus === 'awaiting' && order.payment ? order.payment.authorization_url : null;
}
