// Ownership as part of the query (CONVENTIONS rule 4) for features that keep rows under a shop: menus, hours.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { coffeeShops } from '../db/schema.js';
import { HttpError } from '../http-error.js';

/** The ids of this owner's shops, as a subquery: `where shop_id in (ownedShopIds(db, ownerId))`. */
export function ownedShopIds(db: Database | Transaction, ownerId: number) {
  return db.select({ id: coffeeShops.id }).from(coffeeShops).where(eq(coffeeShops.ownerId, ownerId));
}

/**
 * Throws 404 unless this owner owns this shop: another owner's shop answers as if it did not exist, so ids
 * reveal nothing. Safe before an insert: shops never change owner, and a shop deleted meanwhile fails the
 * insert's foreign key.
 */
export async function assertOwnsShop(db: Database, ownerId: number, shopId: number): Promise<void> {
  const [shop] = await db
    .select({ id: coffeeShops.id })
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
}

/** Throws 404 unless the shop exists (public lists of a shop's menu or hours). */
export async function assertShopExists(db: Database, shopId: number): Promise<void> {
  const [shop] = await db
    .select({ id: coffeeShops.id })
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, shopId), isNull(coffeeShops.removedAt)));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
}
