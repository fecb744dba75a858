// An order as stored (cents, the lines' JSON, the status history) and as the API shows it (spec §3 Order): one
// place for the mapping, used by placing, moving, reading and the online orders still waiting for their payment.
import type { Order, OrderLine } from '../../../shared/api/orders.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { OrderStatus } from '../../../shared/domain/order-status.js';
import type { orders } from '../../db/schema.js';

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
  };
}
