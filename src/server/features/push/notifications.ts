// What is pushed, and to whom (issue 27): the events written to the outbox with the change that causes them, and
// the notification each becomes ({title, body, url, tag}), worded from the order or message as it is now.
import { sql } from 'drizzle-orm';
import type { OrderLine } from '../../../shared/api/orders.js';
import type { NotificationPreferences, PushPayload } from '../../../shared/api/push.js';
import { formatLocal } from '../../../shared/domain/local-date.js';
import { optionsLabel } from '../../../shared/domain/option-selection.js';
import type { Database } from '../../db/client.js';
import type { PushOptions } from '../../integrations/push.js';
import { findMessage } from '../messages/service.js';
import { findOrder } from '../orders/service.js';

/** An event to tell one user about: written to the outbox as kind 'push' (see pushEventSql). */
export type PushEvent =
  /** To the customer: the shop confirmed, readied or cancelled the order (or the server cancelled it). */
  | {
      userId: number;
      kind: 'order_status';
      orderId: number;
      status: 'confirmed' | 'ready' | 'cancelled';
      by?: 'sweep';
    }
  /** To the owner: an order the shop can see now (placed to pay at the counter, or paid online). */
  | { userId: number; kind: 'new_order'; orderId: number }
  /** To the owner: the customer cancelled. */
  | { userId: number; kind: 'order_cancelled'; orderId: number }
  /** To the receiver of a chat message, when no socket of theirs is open. */
  | { userId: number; kind: 'message'; messageId: number };

/** Which preference switch an event answers to. */
export function preferenceOf(event: PushEvent): keyof NotificationPreferences {
  if (event.kind === 'order_status') return 'orderUpdates';
  if (event.kind === 'message') return 'messages';
  return 'newOrders';
}

export interface Notification {
  payload: PushPayload;
  options: PushOptions;
}

const HOUR = 60 * 60;

/** The notification an event becomes, or null when what it is about is gone. */
export async function composeNotification(db: Database, event: PushEvent): Promise<Notification | null> {
  if (event.kind === 'message') return composeMessage(db, event.messageId);
  const order = await findOrder(db, event.orderId);
  if (!order) return null;
  const tag = `order-${order.id}`;
  const code = order.pickupCode ? ` — code ${order.pickupCode}` : '';
  if (event.kind === 'new_order' || event.kind === 'order_cancelled') {
    const pickup = order.pickupTime
      ? `pickup ${formatLocal(new Date(order.pickupTime), 'HH:mm')}`
      : 'no pickup time';
    const payload =
      event.kind === 'new_order'
        ? {
            title: `New order #${order.id}${order.paymentStatus === 'paid' ? ' (paid)' : ''}`,
            body: `${order.customerName}: ${linesSummary(order.items)} · R${order.totalAmount} · ${pickup}`,
          }
        : {
            title: `Order #${order.id} cancelled`,
            body: `${order.customerName} cancelled order #${order.id} (${pickup})${because(order.cancelReason)}`,
          };
    return {
      payload: { ...payload, url: '/dashboard/board', tag },
      options: { ttlSeconds: 2 * HOUR, urgency: 'high', topic: tag },
    };
  }
  const shop = order.shopName;
  const refund =
    order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded'
      ? ` — your R${order.totalAmount} refund is on its way`
      : '';
  const worded = {
    confirmed: { title: 'Order confirmed', body: `${shop} confirmed your order #${order.id}${code}` },
    ready: { title: 'Your order is ready', body: `Your order at ${shop} is ready${code}` },
    cancelled:
      event.by === 'sweep'
        ? {
            title: 'Order cancelled',
            body: `Order #${order.id} at ${shop} was cancelled because the shop did not confirm it in time${refund}`,
          }
        : {
            title: 'Order cancelled',
            body: `${shop} cancelled your order #${order.id}${because(order.cancelReason)}${refund}`,
          },
  }[event.status];
  return {
    payload: { ...worded, url: '/orders', tag },
    options: { ttlSeconds: 2 * HOUR, urgency: event.status === 'ready' ? 'high' : 'normal', topic: tag },
  };
}

async function composeMessage(db: Database, messageId: number): Promise<Notification | null> {
  const message = await findMessage(db, messageId);
  if (!message) return null;
  const result = (await db.execute(sql`
    select s.name as shop_name, s.owner_id, u.username as sender_name
    from coffee_shops s, users u where s.id = ${message.shopId} and u.id = ${message.senderId}`)) as unknown as {
    rows: { shop_name: string; owner_id: number; sender_name: string }[];
  };
  const names = result.rows[0];
  if (!names) return null;
  const fromShop = message.senderId === names.owner_id;
  const tag = `chat-${message.shopId}-${message.customerId}`;
  const body = message.content.length > 200 ? `${message.content.slice(0, 199)}…` : message.content;
  return {
    payload: {
      title: fromShop ? names.shop_name : `${names.sender_name} · ${names.shop_name}`,
      body,
      // The customer opens the shop's conversation; the owner, this customer's.
      url: fromShop
        ? `/messages?shop=${message.shopId}`
        : `/messages?shop=${message.shopId}&customer=${message.customerId}`,
      tag,
    },
    options: { ttlSeconds: 24 * HOUR, urgency: 'normal', topic: tag },
  };
}

/** ': Sold out' when whoever cancelled gave a reason (at most 200 characters, checked when it was given). */
function because(reason: string | null): string {
  return reason ? `: ${reason}` : '';
}

/** '2 × Flat White (Oat), 1 × Croissant', cut short past 120 characters. */
function linesSummary(itemsJson: string): string {
  let lines: OrderLine[] = [];
  try {
    lines = JSON.parse(itemsJson) as OrderLine[];
  } catch {
    return 'an order';
  }
  const text = lines
    .map((line) => {
      const chosen = optionsLabel(line.options ?? []);
      return `${line.quantity} × ${line.name}${chosen ? ` (${chosen})` : ''}`;
    })
    .join(', ');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
