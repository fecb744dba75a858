// Option groups (issue 25): a shop's groups of choices (Size, Milk, Extras) with their options, and which groups
// each menu item offers. Prices are integer cents here, decimal text in the API (rule 16). Writes name the owner in
// their query (rule 4); an option keeps its id across edits of its group, so carts and past orders still name it.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createOptionGroupBody,
  MAX_OPTION_GROUPS_PER_SHOP,
  type OptionGroup,
  type updateOptionGroupBody,
} from '../../../shared/api/option-groups.js';
import { centsToDecimalText } from '../../../shared/domain/money.js';
import type { Database, Transaction } from '../../db/client.js';
import { coffeeShops, menuItemOptionGroups, optionGroups, options } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { assertShopExists, ownedShopIds } from '../owned-shops.js';

type GroupFields = z.output<typeof updateOptionGroupBody>;
type Reader = Database | Transaction;

const notFound = () => new HttpError(404, 'Option group not found');

/** Groups by id with their options in order, read in two indexed queries. */
async function readGroups(db: Reader, where: ReturnType<typeof eq>): Promise<OptionGroup[]> {
  const groups = await db.select().from(optionGroups).where(where).orderBy(asc(optionGroups.id));
  if (groups.length === 0) return [];
  const rows = await db
    .select()
    .from(options)
    .where(
      inArray(
        options.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(asc(options.groupId), asc(options.position), asc(options.id));
  return groups.map((group) => ({
    id: group.id,
    shopId: group.shopId,
    name: group.name,
    minSelected: group.minSelected,
    maxSelected: group.maxSelected,
    options: rows
      .filter((row) => row.groupId === group.id)
      .map((row) => ({
        id: row.id,
        name: row.name,
        price: centsToDecimalText(row.priceCents),
        isDefault: row.isDefault,
        isAvailable: row.isAvailable,
      })),
  }));
}

/** A shop's option groups, oldest first (public: the shop page's sheet reads them through the menu too). */
export async function listOptionGroups(db: Database, shopId: number): Promise<OptionGroup[]> {
  await assertShopExists(db, shopId);
  return readGroups(db, eq(optionGroups.shopId, shopId));
}

/**
 * For each of these menu items, its attached groups, whole and in order: the menu answers embed them. Two queries
 * whatever the number of items (the shop's groups, then the links).
 */
export async function groupsOfItems(
  db: Reader,
  shopId: number,
  itemIds: number[],
): Promise<Map<number, OptionGroup[]>> {
  const attached = new Map<number, OptionGroup[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return attached;
  const links = await db
    .select()
    .from(menuItemOptionGroups)
    .where(inArray(menuItemOptionGroups.menuItemId, itemIds))
    .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position));
  if (links.length === 0) return attached;
  const groups = new Map(
    (await readGroups(db, eq(optionGroups.shopId, shopId))).map((group) => [group.id, group]),
  );
  for (const link of links) {
    const group = groups.get(link.groupId);
    if (group) attached.get(link.menuItemId)?.push(group);
  }
  return attached;
}

/** Writes a group's options in the order sent: kept ids are updated in place, new ones inserted, the rest removed. */
async function writeOptions(tx: Transaction, groupId: number, sent: GroupFields['options']) {
  const keptIds = sent.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
  await tx
    .delete(options)
    .where(
      and(eq(options.groupId, groupId), keptIds.length > 0 ? notInArray(options.id, keptIds) : undefined),
    );
  for (const [position, entry] of sent.entries()) {
    const values = {
      name: entry.name,
      priceCents: entry.price,
      isDefault: entry.isDefault,
      isAvailable: entry.isAvailable,
      position,
    };
    if (entry.id === undefined) await tx.insert(options).values({ ...values, groupId });
    else
      await tx
        .update(options)
        .set(values)
        .where(and(eq(options.id, entry.id), eq(options.groupId, groupId)));
  }
}

/**
 * Creates a group for the owner's shop. The shop's row is locked for the count and the insert, so two racing
 * creates cannot take a shop past MAX_OPTION_GROUPS_PER_SHOP.
 */
export async function createOptionGroup(
  db: Database,
  ownerId: number,
  input: z.output<typeof createOptionGroupBody>,
): Promise<OptionGroup> {
  if (input.options.some((entry) => entry.id !== undefined))
    throw new HttpError(400, 'options.id: a new group has no options with ids yet');
  const id = await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: coffeeShops.id })
      .from(coffeeShops)
      .where(and(eq(coffeeShops.id, input.shopId), eq(coffeeShops.ownerId, ownerId)))
      .for('update');
    if (!shop) throw new HttpError(404, 'Coffee shop not found');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(optionGroups)
      .where(eq(optionGroups.shopId, shop.id));
    if (Number(count) >= MAX_OPTION_GROUPS_PER_SHOP)
      throw new HttpError(400, `A shop can have at most ${MAX_OPTION_GROUPS_PER_SHOP} option groups`);
    const [group] = await tx
      .insert(optionGroups)
      .values({
        shopId: shop.id,
        name: input.name,
        minSelected: input.minSelected,
        maxSelected: input.maxSelected,
      })
      .returning({ id: optionGroups.id });
    await writeOptions(tx, group!.id, input.options);
    return group!.id;
  });
  const [created] = await readGroups(db, eq(optionGroups.id, id));
  return created!;
}

/**
 * Replaces a group's fields and options as the owner sent them (issue 25: options that carry their id keep it;
 * options left out are removed). An id that is not an option of this group is a 400, and nothing changes.
 */
export async function updateOptionGroup(
  db: Database,
  ownerId: number,
  id: number,
  input: GroupFields,
): Promise<OptionGroup> {
  await db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: optionGroups.id })
      .from(optionGroups)
      .where(and(eq(optionGroups.id, id), inArray(optionGroups.shopId, ownedShopIds(tx, ownerId))))
      .for('update');
    if (!group) throw notFound();
    const current = new Set(
      (await tx.select({ id: options.id }).from(options).where(eq(options.groupId, id))).map((row) => row.id),
    );
    const stranger = input.options.find((entry) => entry.id !== undefined && !current.has(entry.id));
    if (stranger) throw new HttpError(400, `options.id: ${stranger.id} is not an option of this group`);
    await tx
      .update(optionGroups)
      .set({ name: input.name, minSelected: input.minSelected, maxSelected: input.maxSelected })
      .where(eq(optionGroups.id, id));
    await writeOptions(tx, id, input.options);
  });
  const [updated] = await readGroups(db, eq(optionGroups.id, id));
  return updated!;
}

/** Deletes the owner's group; it leaves every item it was attached to (the links cascade). Past orders keep names. */
/** Deletes the owner's group; answers its shop, whose watchers are told its menu changed. */
export async function deleteOptionGroup(db: Database, ownerId: number, id: number): Promise<number> {
  const [deleted] = await db
    .delete(optionGroups)
    .where(and(eq(optionGroups.id, id), inArray(optionGroups.shopId, ownedShopIds(db, ownerId))))
    .returning({ shopId: optionGroups.shopId });
  if (!deleted) throw notFound();
  return deleted.shopId;
}

/**
 * Attaches exactly these groups to the item, in this order, inside the caller's transaction. Every group must be the
 * item's shop's own: another shop's group is a 400 naming it.
 */
export async function attachGroups(tx: Transaction, shopId: number, menuItemId: number, groupIds: number[]) {
  if (groupIds.length > 0) {
    const found = await tx
      .select({ id: optionGroups.id })
      .from(optionGroups)
      .where(and(eq(optionGroups.shopId, shopId), inArray(optionGroups.id, groupIds)));
    const own = new Set(found.map((row) => row.id));
    const stranger = groupIds.find((groupId) => !own.has(groupId));
    if (stranger !== undefined)
      throw new HttpError(400, `optionGroupIds: ${stranger} is not one of this shop's option groups`);
  }
  await tx.delete(menuItemOptionGroups).where(eq(menuItemOptionGroups.menuItemId, menuItemId));
  if (groupIds.length > 0)
    await tx
      .insert(menuItemOptionGroups)
      .values(groupIds.map((groupId, position) => ({ menuItemId, groupId, position })));
}
