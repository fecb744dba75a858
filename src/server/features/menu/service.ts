// Menu items: a shop's public menu and its owner's changes. Prices are integer cents here, decimal text in the
// API (rule 16); every write names the owner in its query (rule 4).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { createMenuItemBody, MenuItem, updateMenuItemBody } from '../../../shared/api/menu.js';
import type { OptionGroup } from '../../../shared/api/option-groups.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { Database } from '../../db/client.js';
import { menuItems } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { attachGroups, groupsOfItems } from '../option-groups/service.js';
import { assertOwnsShop, assertShopExists, ownedShopIds } from '../owned-shops.js';

type MenuItemRow = typeof menuItems.$inferSelect;
type CreateInput = z.output<typeof createMenuItemBody>;
type UpdateInput = z.output<typeof updateMenuItemBody>;

export function toMenuItem(row: MenuItemRow, optionGroups: OptionGroup[] = []): MenuItem {
  return {
    id: row.id,
    shopId: row.shopId,
    name: row.name,
    description: row.description,
    category: row.category,
    price: centsToDecimalText(row.priceCents),
    imageUrl: row.imageUrl,
    isAvailable: row.isAvailable,
    preparationTime: row.preparationTime,
    ingredients: row.ingredients,
    allergens: row.allergens,
    calories: row.calories,
    isVegan: row.isVegan,
    isGlutenFree: row.isGlutenFree,
    optionGroups,
  };
}

/** The items as the API answers them, each with its attached option groups (two more queries, whatever the count). */
async function withGroups(db: Database, shopId: number, rows: MenuItemRow[]): Promise<MenuItem[]> {
  const groups = await groupsOfItems(
    db,
    shopId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toMenuItem(row, groups.get(row.id)));
}

const notFound = () => new HttpError(404, 'Menu item not found');

/** A shop's menu, by category in the menu's order (coffee first), then by name. */
export async function listMenuItems(db: Database, shopId: number): Promise<MenuItem[]> {
  await assertShopExists(db, shopId);
  const rows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.shopId, shopId))
    .orderBy(asc(menuItems.category), asc(menuItems.name), asc(menuItems.id));
  return withGroups(db, shopId, rows);
}

export async function createMenuItem(db: Database, ownerId: number, input: CreateInput): Promise<MenuItem> {
  await assertOwnsShop(db, ownerId, input.shopId);
  const { price, optionGroupIds, ...fields } = input;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(menuItems)
      .values({ ...fields, priceCents: price })
      .returning();
    await attachGroups(tx, input.shopId, inserted!.id, optionGroupIds);
    return inserted!;
  });
  const [item] = await withGroups(db, row.shopId, [row]);
  return item!;
}

/** Changes the fields sent, nothing else: the Sold out switch sends { isAvailable } alone. */
export async function updateMenuItem(
  db: Database,
  ownerId: number,
  id: number,
  input: UpdateInput,
): Promise<MenuItem> {
  const owned = and(eq(menuItems.id, id), inArray(menuItems.shopId, ownedShopIds(db, ownerId)));
  const { price, optionGroupIds, ...fields } = input;
  const changes = { ...fields, ...(price === undefined ? {} : { priceCents: price }) };
  const row = await db.transaction(async (tx) => {
    // Nothing to change but the groups (or nothing at all): read the item as it is, still only to its owner.
    const [found] =
      Object.keys(changes).length === 0
        ? await tx.select().from(menuItems).where(owned).for('update')
        : await tx.update(menuItems).set(changes).where(owned).returning();
    if (!found) throw notFound();
    if (optionGroupIds !== undefined) await attachGroups(tx, found.shopId, found.id, optionGroupIds);
    return found;
  });
  const [item] = await withGroups(db, row.shopId, [row]);
  return item!;
}

/**
 * Orders placed earlier keep their lines: each line stores its name and price, and loses only the link. Answers
 * the item's shop, whose watchers are told its menu changed.
 */
export async function deleteMenuItem(db: Database, ownerId: number, id: number): Promise<number> {
  const [deleted] = await db
    .delete(menuItems)
    .where(and(eq(menuItems.id, id), inArray(menuItems.shopId, ownedShopIds(db, ownerId))))
    .returning({ shopId: menuItems.shopId });
  if (!deleted) throw notFound();
  return deleted.shopId;
}
