// An order as stored (cents, the lines' JSON, the status history) and as the API shows it (spec §3 Order): one
// place for the mapping, used by placing, moving, reading and the online orders still waiting for their payment.
import type { Message } from '../../../shared/api/messages.js';
import type { Order, OrderLine } from '../../../shared/api/orders.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { OrderStatus } from '../../../shared/domain/order-status.js';
import type { orders } from '../../db/schema.js';
import type { OrderChange, PlacingOrder } from './service.js';

/** A chosen option as a stored line keeps it: its names and price as they were when ordered. */
export interface StoredOption {
  id: number;
  group: string;
  name: string;
  priceCents: number;
}

/** A line as orders.items keeps it (cents inside, CONVENTIONS rule 16); lines stored before options have none. */
export interface StoredLine {
  menuItemId: number | null;
  name: string;
  quantity: number;
  /** The unit price with the options. */
  priceCents: number;
  options?: StoredOption[];
  /** A loyalty reward (issue 29): no menu item, one, at minus what it takes off. */
  kind?: 'discount';
}

/** The line a redeemed stamp card adds: {name: 'Loyalty reward', quantity: 1, price: '-32.50'}. */
export const REWARD_LINE_NAME = 'Loyalty reward';
export function rewardLine(cents: number): StoredLine {
  return {
    menuItemId: null,
    name: REWARD_LINE_NAME,
    quantity: 1,
    priceCents: -cents,
    options: [],
    kind: 'discount',
  };
}

/** The order's lines as orders.items keeps them: the priced lines, then the reward's line when one is redeemed. */
export function storedLinesOf(placing: Pick<PlacingOrder, 'lines' | 'reward'>): StoredLine[] {
  const lines: StoredLine[] = placing.lines.map(({ optionGroups: _offered, ...line }) => line);
  return placing.reward ? [...lines, rewardLine(placing.reward.cents)] : lines;
}

/** What the customer pays: the lines' sum, less the reward (never below R0.00: the reward is at most one line). */
export function placingTotalCents(placing: Pick<PlacingOrder, 'lines' | 'reward'>): number {
  const sum = placing.lines.reduce((total, line) => total + line.priceCents * line.quantity, 0);
  return Math.max(0, sum - (placing.reward?.cents ?? 0));
}

export interface StoredHistoryEntry {
  status: OrderStatus;
  at: string;
}

export type OrderRow = typeof orders.$inferSelect;
export function toLine(line: StoredLine): OrderLine {
  return {
    menuItemId: line.menuItemId,
    name: line.name,
    quantity: line.quantity,
    price: centsToDecimalText(line.priceCents),
    options: (line.options ?? []).map((option) => ({
      id: option.id,
      group: option.group,
      name: option.name,
      price: centsToDecimalText(option.priceCents),
    })),
    ...(line.kind ? { kind: line.kind } : {}),
  };
}

export function toOrder(row: OrderRow, names: { shopName: string; customerName: string }): Order {
  return {
    id: row.id,
    shopId: row.shopId,
    customerId: row.customerId,
    items: JSON.stringify((row.items as StoredLine[]).map(toLine)),
    totalAmount: centsToDecimalText(row.totalCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    pickupTime: row.pickupTime?.toISOString() ?? null,
    notes: row.notes,
    shopName: names.shopName,
    customerName: names.customerName,
    statusHistory: row.statusHistory as StoredHistoryEntry[],
    paymentStatus: row.paymentStatus,
    paidAt: row.paidAt?.toISOString() ?? null,
    payment:
      row.paymentReference && row.paymentUrl
        ? { authorization_url: row.paymentUrl, reference: row.paymentReference }
        : null,
    pickupCode: row.pickupCode,
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
  };
}

/** The moved order and its message as the statement gave them back (JSON rows: the same on both drivers). */
export function changeFromJson(orderJson: string, messageJson: string, customerName: string): OrderChange {
  const fields = JSON.parse(orderJson) as Record<string, unknown> & { shop_name: string; owner_id: number };
  return {
    order: toOrder(orderRowFromFields(fields), { shopName: fields.shop_name, customerName }),
    ownerId: fields.owner_id,
    message: messageFromJson(messageJson),
  };
}

export const timestampOf = (value: unknown) => (value === null ? null : new Date(value as string));

/** An orders row as row_to_json wrote it (snake_case columns, timestamps as text). */
export function orderRowFromJson(json: string): OrderRow {
  return orderRowFromFields(JSON.parse(json) as Record<string, unknown>);
}

export function orderRowFromFields(row: Record<string, unknown>): OrderRow {
  return {
    id: row.id as number,
    shopId: row.shop_id as number,
    customerId: row.customer_id as number,
    items: row.items,
    totalCents: row.total_cents as number,
    status: row.status as OrderStatus,
    statusHistory: row.status_history,
    readyAt: timestampOf(row.ready_at),
    cancelledBy: row.cancelled_by as OrderRow['cancelledBy'],
    cancelReason: row.cancel_reason as string | null,
    pickupTime: timestampOf(row.pickup_time),
    notes: row.notes as string | null,
    idempotencyKey: row.idempotency_key as string | null,
    idempotencyFingerprint: row.idempotency_fingerprint as string | null,
    openSlot: row.open_slot as number | null,
    paymentStatus: row.payment_status as OrderRow['paymentStatus'],
    paidAt: timestampOf(row.paid_at),
    paymentReference: row.payment_reference as string | null,
    paymentUrl: row.payment_url as string | null,
    pickupCode: row.pickup_code as string | null,
    pickupDay: row.pickup_day as string | null,
    rewardCents: row.reward_cents as number | null,
    createdAt: timestampOf(row.created_at)!,
    updatedAt: timestampOf(row.updated_at)!,
  };
}

/** A messages row as row_to_json wrote it, in the API's shape. */
export function messageFromJson(json: string): Message {
  const message = JSON.parse(json) as Record<string, unknown>;
  return {
    id: message.id as number,
    senderId: message.sender_id as number,
    receiverId: message.receiver_id as number,
    shopId: message.shop_id as number,
    customerId: message.customer_id as number,
    content: message.content as string,
    messageType: message.message_type as 'order',
    orderData: message.order_data as string | null,
    createdAt: timestampOf(message.created_at)!.toISOString(),
  };
}
