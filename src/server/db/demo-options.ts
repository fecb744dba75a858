// Demo item options (issue 25): every demo shop's Size, Milk and Extras groups, which of its drinks offer them, and
// how often demo customers choose each option, so the demo orders carry options and analytics show real shares.
import { asc } from 'drizzle-orm';
import type { Database, Transaction } from './client.js';
import { menuItemOptionGroups, menuItems, optionGroups, options } from './schema.js';

type GroupName = 'Size' | 'Milk' | 'Extras';

interface OptionSeed {
  name: string;
  priceCents: number;
  isDefault?: boolean;
  /**
   * How often customers take it. In a choose-one group, its weight among the group's options (a share in %);
   * in a group of several, the chance that a cup has it.
   */
  popularity: number;
}

interface GroupSeed {
  name: GroupName;
  minSelected: number;
  maxSelected: number;
  options: OptionSeed[];
}

// Café-board prices; the item's own price is its Small. Shares as South African cafés see them: most cups Regular,
// a quarter Large; three in ten milk drinks on oat or almond; an extra shot in one cup of five.
// biome-ignore format: one option a line reads like the board
const groupSeeds: readonly GroupSeed[] = [
  { name: 'Size', minSelected: 1, maxSelected: 1, options: [
    { name: 'Small', priceCents: 0, popularity: 15 },
    { name: 'Regular', priceCents: 500, isDefault: true, popularity: 60 },
    { name: 'Large', priceCents: 900, popularity: 25 },
  ] },
  { name: 'Milk', minSelected: 1, maxSelected: 1, options: [
    { name: 'Full cream', priceCents: 0, isDefault: true, popularity: 45 },
    { name: 'Low fat', priceCents: 0, popularity: 15 },
    { name: 'Oat milk', priceCents: 800, popularity: 19 },
    { name: 'Almond milk', priceCents: 800, popularity: 11 },
    { name: 'Soy milk', priceCents: 600, popularity: 6 },
    { name: 'No milk', priceCents: 0, popularity: 4 },
  ] },
  { name: 'Extras', minSelected: 0, maxSelected: 3, options: [
    { name: 'Extra shot', priceCents: 800, popularity: 0.2 },
    { name: 'Vanilla syrup', priceCents: 700, popularity: 0.06 },
    { name: 'Caramel syrup', priceCents: 700, popularity: 0.05 },
    { name: 'Hazelnut syrup', priceCents: 700, popularity: 0.04 },
    { name: 'Decaf', priceCents: 0, popularity: 0.06 },
  ] },
];

const espressoWithMilk: GroupName[] = ['Size', 'Milk', 'Extras'];
const blackCoffee: GroupName[] = ['Size', 'Extras'];

/**
 * The groups a demo menu item offers, in order. Espresso drinks with milk take all three; black ones (and cold
 * brew) a size and extras; the oat milk latte's milk is in its name; the red cappuccino is rooibos, so no shot
 * and no decaf; teas a size. The pour-over is brewed to order in one size, and food has no options.
 */
function groupsOffered(item: { name: string; category: string }): GroupName[] {
  const byName: Record<string, GroupName[]> = {
    'Flat White': espressoWithMilk,
    Cappuccino: espressoWithMilk,
    Cortado: espressoWithMilk,
    Mocha: espressoWithMilk,
    'Iced Latte': espressoWithMilk,
    Americano: blackCoffee,
    Espresso: blackCoffee,
    'Cold Brew': blackCoffee,
    'Oat Milk Latte': blackCoffee,
    'Red Cappuccino': ['Size', 'Milk'],
  };
  return byName[item.name] ?? (item.category === 'tea' ? ['Size'] : []);
}

/** What seedDemoOptions needs of each menu item: insert the items `.returning(offeringColumns)`. */
export const offeringColumns = {
  id: menuItems.id,
  shopId: menuItems.shopId,
  name: menuItems.name,
  category: menuItems.category,
};

/**
 * Gives each shop the three groups and attaches them to its drinks as the demo does (by name; teas by category):
 * three bulk inserts. At the shop `oatMilkSoldOutAt`, oat milk has run out today (sold out: greyed on the sheet,
 * refused when ordered). The orders bench seeds its shops with it too.
 */
export async function seedDemoOptions(
  db: Database | Transaction,
  shopIds: number[],
  items: { id: number; shopId: number; name: string; category: string }[],
  oatMilkSoldOutAt: number | null = null,
) {
  const groups = await db
    .insert(optionGroups)
    .values(
      shopIds.flatMap((shopId) =>
        groupSeeds.map(({ name, minSelected, maxSelected }) => ({
          shopId,
          name,
          minSelected,
          maxSelected,
        })),
      ),
    )
    .returning({ id: optionGroups.id, shopId: optionGroups.shopId, name: optionGroups.name });
  await db.insert(options).values(
    groups.flatMap((group) =>
      groupSeeds
        .find((seed) => seed.name === group.name)!
        .options.map((option, position) => ({
          groupId: group.id,
          name: option.name,
          priceCents: option.priceCents,
          isDefault: option.isDefault ?? false,
          isAvailable: !(group.shopId === oatMilkSoldOutAt && option.name === 'Oat milk'),
          position,
        })),
    ),
  );
  const groupOf = new Map(groups.map((group) => [`${group.shopId}:${group.name}`, group.id]));
  const links = items.flatMap((item) =>
    groupsOffered(item).map((name, position) => ({
      menuItemId: item.id,
      groupId: groupOf.get(`${item.shopId}:${name}`)!,
      position,
    })),
  );
  if (links.length > 0) await db.insert(menuItemOptionGroups).values(links);
}

const popularityOf = new Map(
  groupSeeds.flatMap((group) =>
    group.options.map((option) => [`${group.name}:${option.name}`, option.popularity]),
  ),
);

/** An option group as the demo orders read it back. */
export interface DemoGroup {
  name: string;
  minSelected: number;
  maxSelected: number;
  options: { id: number; name: string; priceCents: number; isAvailable: boolean }[];
}

/**
 * What one demo customer chooses for a cup offered these groups, in the item's order: one option of a
 * choose-one group by its share, each option of the others by its chance (at most the group's maximum), never a
 * sold-out one — every demo order is one the server would take.
 */
export function chooseDemoOptions(groups: readonly DemoGroup[], next: () => number) {
  return groups.flatMap((group) => {
    const popularity = (name: string) => popularityOf.get(`${group.name}:${name}`) ?? 0;
    const available = group.options.filter((option) => option.isAvailable);
    if (group.maxSelected === 1) {
      const total = available.reduce((sum, option) => sum + popularity(option.name), 0);
      let draw = next() * total;
      for (const option of available) {
        draw -= popularity(option.name);
        if (draw < 0) return [{ group, option }];
      }
      return available[0] ? [{ group, option: available[0] }] : [];
    }
    return available
      .filter((option) => next() < popularity(option.name))
      .slice(0, group.maxSelected)
      .map((option) => ({ group, option }));
  });
}

/** Every menu item's option groups with their options, in the item's order (three small reads). */
export async function demoGroupsOfItems(db: Database | Transaction): Promise<Map<number, DemoGroup[]>> {
  const groups = await db
    .select({
      id: optionGroups.id,
      name: optionGroups.name,
      minSelected: optionGroups.minSelected,
      maxSelected: optionGroups.maxSelected,
    })
    .from(optionGroups);
  const choices = await db
    .select({
      id: options.id,
      groupId: options.groupId,
      name: options.name,
      priceCents: options.priceCents,
      isAvailable: options.isAvailable,
    })
    .from(options)
    .orderBy(asc(options.groupId), asc(options.position));
  const links = await db
    .select()
    .from(menuItemOptionGroups)
    .orderBy(asc(menuItemOptionGroups.menuItemId), asc(menuItemOptionGroups.position));
  const byId = new Map<number, DemoGroup>(
    groups.map(({ id, ...group }) => [
      id,
      { ...group, options: choices.filter((choice) => choice.groupId === id) },
    ]),
  );
  const groupsOf = new Map<number, DemoGroup[]>();
  for (const link of links)
    groupsOf.set(link.menuItemId, [...(groupsOf.get(link.menuItemId) ?? []), byId.get(link.groupId)!]);
  return groupsOf;
}
