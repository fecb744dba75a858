// Coming back from Paystack to /orders?payment=<reference> (issue 26): which order it was, and what to tell the
// customer once its payment has been verified.
import type { Order } from '@shared/api/orders';
import { payLink, paymentLabel } from './payment-label';

/** Paystack adds its own copies of the reference to the callback URL; none of them may make a reload verify again. */
export const PAYMENT_RETURN_PARAMS = ['payment', 'trxref', 'reference'] as const;

/** The reference in a /orders?payment=… search string, or null. */
export function paymentReferenceFrom(search: string): string | null {
  return new URLSearchParams(search).get('payment')?.trim() || null;
}

/** The search string without the return's parameters ('' when nothing else was there), for history.replaceState. */
export function withoutPaymentParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PAYMENT_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function findOrderByReference(orders: readonly Order[], reference: string): Order | undefined {
  return orders.find((order) => order.payment?.reference === reference);
}

export interface PaymentReturnNotice {
  title: string;
  text: string;
  tone: 'success' | 'warning' | 'neutral';
  /** Paystack's page again, while the order can still be paid. */
  tryAgainUrl: string | null;
}

/** What the /orders page says about an order once its payment was verified (the order as it stands now). */
export function paymentReturnNotice(order: Order): PaymentReturnNotice {
  if (order.paymentStatus === 'paid')
    return {
      title: 'Payment received',
      text: `Order #${order.id} is paid and on its way to ${order.shopName}.`,
      tone: 'success',
      tryAgainUrl: null,
    };
  // Paid, then cancelled by the shop or the customer: the payment went through and is being given back.
  if (
    order.paymentStatus === 'refund_pending' ||
    order.paymentStatus === 'refunded' ||
    order.paymentStatus === 'refund_failed'
  )
    return {
      title: 'Order cancelled',
      text:
        order.paymentStatus === 'refund_failed'
          ? `Order #${order.id} was cancelled and its refund of R${order.totalAmount} failed: please contact ${order.shopName}.`
          : `Order #${order.id} was cancelled: your R${order.totalAmount} ${order.paymentStatus === 'refunded' ? 'has been refunded' : 'refund is on its way'}.`,
      tone: order.paymentStatus === 'refund_failed' ? 'warning' : 'success',
      tryAgainUrl: null,
    };
  const tryAgainUrl = payLink(order);
  return {
    title: 'Payment not completed',
    text: tryAgainUrl
      ? `Order #${order.id} is waiting for payment: ${order.shopName} gets it once it is paid.`
      : `Order #${order.id}: ${paymentLabel(order.paymentStatus, 'customer').text}.`,
    tone: 'warning',
    tryAgainUrl,
  };
}
