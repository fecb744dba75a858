// The customer's cart: one shop's items at a time, kept in localStorage so it survives a reload.
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '@shared/api/order-constants';
import { randToCents } from '@shared/domain/money';
import { useSyncExternalStore } from 'react';

export const CART_STORAGE_KEY = 'cart';

export interface CartLine {
  menuItemId: number;
  name: string;
  /** Decimal text as the menu gives it ('32.50'); only for showing: the server prices the order itself. */
  price: string;
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
  price: string;
  preparationTime: string | null;
}

function readStored(): Cart | null {
  try {
    const text = localStorage.getItem(CART_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Cart;
    // A cart written by an older build, or edited by hand, is dropped rather than trusted.
    if (typeof parsed?.shopId !== 'number' || !Array.isArray(parsed.lines)) return null;
    return parsed.lines.length > 0 ? parsed : null;
  } catch {
    return null;
  }
}

let current: Cart | null = typeof localStorage === 'undefined' ? null : readStored();
const listeners = new Set<() => void>();

function write(next: Cart | null) {
  current = next && next.lines.length > 0 ? next : null;
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

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.round(quantity)));
}

/** Adds one of the item; a cart of another shop is replaced (the caller has asked the customer). */
export function addToCart(shop: { id: number; name: string }, item: CartItem) {
  const base: Cart =
    current && current.shopId === shop.id ? current : { shopId: shop.id, shopName: shop.name, lines: [] };
  const existing = base.lines.find((line) => line.menuItemId === item.id);
  if (existing) {
    setQuantity(item.id, existing.quantity + 1);
    return;
  }
  // The server refuses more lines than this; the cart never builds an order it would refuse.
  if (base.lines.length >= MAX_ORDER_LINES) return;
  write({
    ...base,
    lines: [
      ...base.lines,
      {
        menuItemId: item.id,
        name: item.name,
        price: item.price,
        quantity: 1,
        preparationTime: item.preparationTime,
      },
    ],
  });
}

/** Sets a line's quantity (1–20); 0 removes the line, and the last line removed empties the cart. */
export function setQuantity(menuItemId: number, quantity: number) {
  if (!current) return;
  const clamped = clampQuantity(quantity);
  write({
    ...current,
    lines: current.lines
      .map((line) => (line.menuItemId === menuItemId ? { ...line, quantity: clamped } : line))
      .filter((line) => line.quantity > 0),
  });
}

/** Replaces the whole cart with these lines of one shop (Order again). */
export function replaceCart(cart: Cart) {
  write({
    ...cart,
    lines: cart.lines
      .slice(0, MAX_ORDER_LINES)
      .map((line) => ({ ...line, quantity: clampQuantity(line.quantity) }))
      .filter((line) => line.quantity > 0),
  });
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
