// The customer's cart: one shop's items at a time, kept in localStorage so it survives a reload. A line is an item
// with one set of options (issue 25): the same item with the same options is one line, with other options another.
import type { OptionGroup } from '@shared/api/option-groups';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@shared/api/order-constants';
import type { OrderLineOption } from '@shared/api/orders';
import { centsToDecimalText, randToCents } from '@shared/domain/money';
import { chosenInOrder, lineKey, optionsLabel, unitPriceCents } from '@shared/domain/option-selection';
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'cart';

export interface CartLine {
  menuItemId: number;
  name: string;
  /** Decimal text, the unit price with the options ('47.50'); only for showing: the server prices the order. */
  price: string;
  /** The chosen options in the item's group order, names and prices as the menu gave them; [] for none. */
  options: OrderLineOption[];
  quantity: number;
  /** Free text such as '5-10 mins', used for 'As soon as possible'. */
  preparationTime: string | null;
}

export interface Cart {
  shopId: number;
  shopName: string;
  lines: CartLine[];
}

/** What a menu item must tell the cart to be added. */
export interface CartItem {
  id: number;
  name: string;
  /** The item's own price, without options. */
  price: string;
  preparationTime: string | null;
}

/** A line's identity: its item and its set of options (shared rule, so the server merges the same lines). */
export function cartLineKey(line: Pick<CartLine, 'menuItemId' | 'options'>): string {
  return lineKey(
    line.menuItemId,
    line.options.map((option) => option.id),
  );
}

/** 'Cappuccino' or 'Cappuccino, Large · Oat milk': what tells two lines of one item apart to a screen reader. */
export function cartLineLabel(line: Pick<CartLine, 'name' | 'options'>): string {
  return line.options.length > 0 ? `${line.name}, ${optionsLabel(line.options)}` : line.name;
}

/** The chosen option ids of an item as the cart keeps them: in the item's order, with the group's name. */
export function chosenOptions(
  groups: readonly OptionGroup[],
  optionIds: readonly number[],
): OrderLineOption[] {
  return chosenInOrder(groups, optionIds).map(({ group, option }) => ({
    id: option.id,
    group: group.name,
    name: option.name,
    price: option.price,
  }));
}

/** The item's price with these options, in cents (the shared rule). */
export function unitPriceOf(itemPrice: string, options: readonly { price: string }[]): number {
  return unitPriceCents(
    randToCents(Number(itemPrice)),
    options.map((option) => randToCents(Number(option.price))),
  );
}

/** How many of the item the lines hold, over all its option sets (the server allows 20 of one item). */
export function itemQuantity(lines: readonly CartLine[], menuItemId: number, exceptKey?: string): number {
  return lines
    .filter((line) => line.menuItemId === menuItemId && cartLineKey(line) !== exceptKey)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * The lines as the server would take them: the same item and options merged into the first such line, each item's
 * quantity over all its lines at most 20 (earlier lines first), empty lines dropped, at most 30 lines.
 */
export function withinLimits(lines: readonly CartLine[]): CartLine[] {
  const merged = new Map<string, CartLine>();
  for (const line of lines) {
    const key = cartLineKey(line);
    const existing = merged.get(key);
    merged.set(key, existing ? { ...existing, quantity: existing.quantity + line.quantity } : line);
  }
  const counted = new Map<number, number>();
  const kept: CartLine[] = [];
  for (const line of merged.values()) {
    const before = counted.get(line.menuItemId) ?? 0;
    const quantity = Math.min(MAX_LINE_QUANTITY - before, Math.max(0, Math.round(line.quantity)));
    if (quantity <= 0) continue;
    counted.set(line.menuItemId, before + quantity);
    kept.push({ ...line, quantity });
  }
  return kept.slice(0, MAX_ORDER_LINES);
}

function readStored(): Cart | null {
  try {
    const text = localStorage.getItem(CART_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Cart;
    // A cart edited by hand, or of a shape no build wrote, is dropped rather than trusted.
    if (typeof parsed?.shopId !== 'number' || !Array.isArray(parsed.lines)) return null;
    // A cart written before options existed has lines without them: those lines had none.
    const lines = withinLimits(
      parsed.lines.map((line) => ({ ...line, options: Array.isArray(line.options) ? line.options : [] })),
    );
    return lines.length > 0 ? { ...parsed, lines } : null;
  } catch {
    return null;
  }
}

let current: Cart | null = typeof localStorage === 'undefined' ? null : readStored();
const listeners = new Set<() => void>();

function write(next: Cart | null) {
  const lines = next ? withinLimits(next.lines) : [];
  current = next && lines.length > 0 ? { ...next, lines } : null;
  if (current) localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(current));
  else localStorage.removeItem(CART_STORAGE_KEY);
  for (const listener of listeners) listener();
}

// Another tab changed the cart: follow it, so two tabs never overwrite each other's cart silently.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    current = readStored();
    for (const listener of listeners) listener();
  });
}

export function getCart(): Cart | null {
  return current;
}

export function useCart(): Cart | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** Whether adding from this shop would first throw away another shop's cart (the caller asks first). */
export function holdsOtherShop(shopId: number): boolean {
  return current !== null && current.shopId !== shopId;
}

function cartOf(shop: { id: number; name: string }): Cart {
  return current && current.shopId === shop.id
    ? current
    : { shopId: shop.id, shopName: shop.name, lines: [] };
}

/** A line of the item with these options: its unit price is the item's with the options' added. */
export function makeCartLine(item: CartItem, options: OrderLineOption[], quantity: number): CartLine {
  return {
    menuItemId: item.id,
    name: item.name,
    price: centsToDecimalText(unitPriceOf(item.price, options)),
    options,
    quantity,
    preparationTime: item.preparationTime,
  };
}

/**
 * Adds the item with these options (one, unless told): to its line if the cart has the same item and options,
 * else as a new line. A cart of another shop is replaced (the caller has asked the customer). Never more of one
 * item than the server takes, nor more lines.
 */
export function addToCart(
  shop: { id: number; name: string },
  item: CartItem,
  options: OrderLineOption[] = [],
  quantity = 1,
) {
  const base = cartOf(shop);
  const added = makeCartLine(item, options, quantity);
  const key = cartLineKey(added);
  const room = MAX_LINE_QUANTITY - itemQuantity(base.lines, item.id);
  const existing = base.lines.find((line) => cartLineKey(line) === key);
  if (existing) {
    const total = existing.quantity + Math.min(quantity, room);
    write({
      ...base,
      lines: base.lines.map((line) => (line === existing ? { ...line, quantity: total } : line)),
    });
    return;
  }
  // The server refuses more lines than this; the cart never builds an order it would refuse.
  if (base.lines.length >= MAX_ORDER_LINES || room <= 0) return;
  write({ ...base, lines: [...base.lines, { ...added, quantity: Math.min(quantity, room) }] });
}

/**
 * An edited line (the sheet reopened from the cart): it takes the old line's place with its new options and
 * quantity, or joins the line that already has those options.
 */
export function replaceLine(oldKey: string, item: CartItem, options: OrderLineOption[], quantity: number) {
  if (!current) return;
  const index = current.lines.findIndex((line) => cartLineKey(line) === oldKey);
  if (index < 0) return;
  const others = current.lines.filter((_, at) => at !== index);
  const room = MAX_LINE_QUANTITY - itemQuantity(others, item.id);
  const edited = makeCartLine(item, options, Math.min(quantity, room));
  const key = cartLineKey(edited);
  const same = others.find((line) => cartLineKey(line) === key);
  const lines = same
    ? others.map((line) => (line === same ? { ...line, quantity: line.quantity + edited.quantity } : line))
    : [...others.slice(0, index), edited, ...others.slice(index)];
  write({ ...current, lines });
}

/**
 * Sets a line's quantity, found by its key: 0 removes the line, and the last line removed empties the cart; the
 * most is what the item's other lines leave of 20.
 */
export function setQuantity(key: string, quantity: number) {
  if (!current) return;
  const line = current.lines.find((entry) => cartLineKey(entry) === key);
  if (!line) return;
  const room = MAX_LINE_QUANTITY - itemQuantity(current.lines, line.menuItemId, key);
  const clamped = Math.min(room, Math.max(0, Math.round(quantity)));
  write({
    ...current,
    lines: current.lines.map((entry) => (entry === line ? { ...entry, quantity: clamped } : entry)),
  });
}

/** Replaces the whole cart with these lines of one shop (Order again). */
export function replaceCart(cart: Cart) {
  write(cart);
}

export function clearCart() {
  write(null);
}

/** The cart's total in integer cents (rule 16): each price parsed once, summed as whole cents. */
export function cartTotalCents(cart: Cart | null): number {
  if (!cart) return 0;
  return cart.lines.reduce((sum, line) => sum + randToCents(Number(line.price)) * line.quantity, 0);
}

export function cartCount(cart: Cart | null): number {
  return cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
}
