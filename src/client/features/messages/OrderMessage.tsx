// An order-type chat message: the order placed, as a small order card, or a move of it, as a status line.
import type { Message } from '@shared/api/messages';
import type { OrderLine } from '@shared/api/orders';
import { centsToRand, randToCents } from '@shared/domain/money';
import { type OrderStatus, orderStatuses, orderStatusMessage } from '@shared/domain/order-status';
import { ReceiptText } from 'lucide-react';
import { OrderLineOptions } from '../../components/OrderLineOptions';
import { cn } from '../../ui/cn';
import { orderLineKey } from '../orders/queries';

type OrderData =
  | { kind: 'placed'; orderId: number; items: OrderLine[]; total: string }
  | { kind: 'status'; orderId: number; status: OrderStatus };

/** The message's orderData read defensively: it is JSON text, and an old or odd one must not break the chat. */
export function readOrderData(message: Pick<Message, 'orderData'>): OrderData | null {
  if (!message.orderData) return null;
  try {
    const data = JSON.parse(message.orderData) as Record<string, unknown>;
    const orderId = typeof data.orderId === 'number' ? data.orderId : null;
    if (typeof data.status === 'string' && orderId !== null)
      return orderStatuses.includes(data.status as OrderStatus)
        ? { kind: 'status', orderId, status: data.status as OrderStatus }
        : null;
    if (Array.isArray(data.items) && orderId !== null)
      return { kind: 'placed', orderId, items: data.items as OrderLine[], total: String(data.total ?? '0') };
    return null;
  } catch {
    return null;
  }
}

const time = (at: string) => new Date(at).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' });

export function OrderMessage({ message, mine, data }: { message: Message; mine: boolean; data: OrderData }) {
  if (data.kind === 'status')
    return (
      <div className="flex justify-center" data-testid="chat-order-status">
        <p className="rounded-full bg-espresso-100 px-3 py-1 text-center text-xs font-medium text-espresso-800">
          {message.content || orderStatusMessage(data.orderId, data.status)}
          <span className="ml-2 font-normal text-espresso-700">{time(message.createdAt)}</span>
        </p>
      </div>
    );
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="chat-order-card">
      <div className="w-72 max-w-[85%] rounded-2xl border border-espresso-200 bg-white p-3 text-sm shadow-sm">
        <p className="flex items-center gap-2 font-semibold text-espresso-950">
          <ReceiptText className="h-4 w-4 text-espresso-600" aria-hidden /> Order #{data.orderId}
        </p>
        <ul className="mt-2 space-y-0.5 text-espresso-800">
          {data.items.map((line) => (
            <li key={orderLineKey(line)} className="flex justify-between gap-2">
              <span className="min-w-0 break-words">
                {line.kind === 'discount' ? line.name : `${line.quantity} × ${line.name}`}
                <OrderLineOptions options={line.options} />
              </span>
              <span className="shrink-0 text-espresso-600">
                {centsToRand(randToCents(Number(line.price)) * line.quantity)}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-espresso-100 pt-2 font-semibold">
          <span>Total</span>
          <span>{centsToRand(randToCents(Number(data.total)))}</span>
        </p>
        <p className="mt-1 text-right text-[11px] text-espresso-700">{time(message.createdAt)}</p>
      </div>
    </div>
  );
}
