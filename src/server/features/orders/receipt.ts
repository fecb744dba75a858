// The receipt mailed once an online order is paid (issue 26): shop, order number, lines with their options, total,
// Paystack reference and pickup time. Written to the outbox in the payment's transaction (orders/payment.ts).

import type { OrderLine } from '../../../shared/api/orders.js';
import { formatLocal } from '../../../shared/domain/local-date.js';
import { centsToRand, randToCents } from '../../../shared/domain/money.js';
import type { MailMessage } from '../../integrations/mail.js';
import type { OrderChange } from './service.js';

/** The receipt: shop, order number, lines with their options, total, Paystack reference and pickup time. */
export function receiptMail(to: string, change: OrderChange): MailMessage {
  const { order } = change;
  const lines = (JSON.parse(order.items) as OrderLine[]).map((line) =>
    // A redeemed stamp card (issue 29): 'Loyalty reward — −R35.00'.
    line.kind === 'discount'
      ? `${line.name} — ${centsToRand(randToCents(Number(line.price)))}`
      : `${line.quantity} × ${line.name}${line.options.length ? ` (${line.options.map((option) => option.name).join(', ')})` : ''} — R${line.price} each`,
  );
  const pickup = order.pickupTime
    ? formatLocal(new Date(order.pickupTime), 'EEEE d MMMM, HH:mm')
    : 'as soon as possible';
  return {
    to,
    subject: `Your receipt for order #${order.id} at ${order.shopName}`,
    text: [
      `Thank you for your order at ${order.shopName}.`,
      '',
      `Order #${order.id}`,
      ...lines,
      `Total paid: R${order.totalAmount}`,
      `Paystack reference: ${order.payment?.reference ?? ''}`,
      `Pickup: ${pickup}`,
    ].join('\n'),
  };
}
