// An order's printed ticket (issue 30), 80 mm receipt width: shop, order number, pickup code, pickup time, the lines
// with each option on its own line, notes. Shown only in print (styles.css: .print-ticket); PrintTicketButton
// puts it on the page while the browser prints.
import type { Order } from '@shared/api/orders';
import { centsToRand, randToCents } from '@shared/domain/money';
import { formatOrderTime } from './order-time';
import { paymentLabel } from './payment-label';
import { orderLineKey, orderLines } from './queries';

export function OrderTicket({ order }: { order: Order }) {
  return (
    <div className="print-ticket" data-testid="print-ticket">
      <p className="ticket-shop">{order.shopName}</p>
      <p className="ticket-order">Order #{order.id}</p>
      {order.pickupCode && <p className="ticket-code">{order.pickupCode}</p>}
      <p>Pickup: {order.pickupTime ? formatOrderTime(order.pickupTime) : 'As soon as possible'}</p>
      <p>Placed: {formatOrderTime(order.createdAt)}</p>
      <p>For: {order.customerName}</p>
      <ul className="ticket-lines">
        {orderLines(order).map((line) => (
          <li key={orderLineKey(line)}>
            <p className="ticket-line">
              <span>{line.kind === 'discount' ? line.name : `${line.quantity} × ${line.name}`}</span>
              <span>{centsToRand(randToCents(Number(line.price)) * line.quantity)}</span>
            </p>
            {line.options.map((option) => (
              <p key={`${option.group}-${option.name}`} className="ticket-option">
                + {option.name}
              </p>
            ))}
          </li>
        ))}
      </ul>
      {order.notes && <p className="ticket-notes">Notes: {order.notes}</p>}
      <p className="ticket-line ticket-total">
        <span>Total</span>
        <span>{centsToRand(randToCents(Number(order.totalAmount)))}</span>
      </p>
      <p>{paymentLabel(order.paymentStatus, 'owner').text}</p>
    </div>
  );
}
