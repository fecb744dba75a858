// Factories for item options (issue 25): option groups made through POST /api/option-groups as an owner makes them,
// a café whose cappuccino offers Size, Milk and Extras, and a look-up of an option's id by its name.
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import type { CreateOptionGroupBody, OptionGroup } from '../../src/shared/api/option-groups.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeMenuItem, makeShop } from './factories.js';
import type { Api } from './test-app.js';

/** A well-formed group body without its shopId: choose at most one Milk, Full cream by default, Oat milk +R8. */
export const milkGroupBody = () => ({
  name: 'Milk',
  minSelected: 0,
  maxSelected: 1,
  options: [
    { name: 'Full cream', price: '0', isDefault: true },
    { name: 'Oat milk', price: '8.00' },
  ],
});

/** An option group of the shop made by its owner: milkGroupBody() with `overrides` over it. */
export async function makeOptionGroup(
  api: Api,
  owner: AuthResponse,
  shop: { id: number },
  overrides: Partial<CreateOptionGroupBody> = {},
) {
  const reply = await api.as(owner).post<OptionGroup>('/api/option-groups', {
    shopId: shop.id,
    ...milkGroupBody(),
    ...overrides,
  });
  if (reply.status !== 201)
    throw new Error(`makeOptionGroup failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The id of the group's option with this name; throws when there is none, so a typo cannot pass unnoticed. */
export function optionId(group: OptionGroup, name: string): number {
  const found = group.options.find((option) => option.name === name);
  if (!found) throw new Error(`no option ${name} in ${group.name}`);
  return found.id;
}

export interface Cafe {
  shop: Shop;
  /** Choose exactly one: Small +R0.00, Regular +R5.00 (default), Large +R9.00. */
  size: OptionGroup;
  /** Optional, at most one: Full cream (default), Oat milk +R8.00, Almond milk +R8.00, Soy milk +R6.00. */
  milk: OptionGroup;
  /** Up to 3: Extra shot +R8.00, Vanilla syrup +R7.00, Caramel syrup +R7.00, Decaf +R0.00. */
  extras: OptionGroup;
  /** R32.50, offering Size, Milk and Extras in that order. */
  cappuccino: MenuItem;
  /** R25.00, offering Size alone. */
  rooibos: MenuItem;
  /** R28.00, without options. */
  croissant: MenuItem;
}

/** Size, Milk and Extras as makeCafe makes them (prices as Cafe's fields describe). */
const espressoBarGroups: Partial<CreateOptionGroupBody>[] = [
  {
    name: 'Size',
    minSelected: 1,
    maxSelected: 1,
    options: [
      { name: 'Small', price: '0.00' },
      { name: 'Regular', price: '5.00', isDefault: true },
      { name: 'Large', price: '9.00' },
    ],
  },
  {
    ...milkGroupBody(),
    options: [
      ...milkGroupBody().options,
      { name: 'Almond milk', price: '8.00' },
      { name: 'Soy milk', price: '6.00' },
    ],
  },
  {
    name: 'Extras',
    minSelected: 0,
    maxSelected: 3,
    options: [
      { name: 'Extra shot', price: '8.00' },
      { name: 'Vanilla syrup', price: '7.00' },
      { name: 'Caramel syrup', price: '7.00' },
      { name: 'Decaf', price: '0' },
    ],
  },
];

/** A fresh shop with the espresso bar's groups and three items, all made through the API. */
export async function makeCafe(api: Api, owner: AuthResponse, shopName?: string): Promise<Cafe> {
  const shop = await makeShop(api, owner, shopName ? { name: shopName } : {});
  const made: OptionGroup[] = [];
  for (const spec of espressoBarGroups) made.push(await makeOptionGroup(api, owner, shop, spec));
  const [size, milk, extras] = made as [OptionGroup, OptionGroup, OptionGroup];
  const cappuccino = await makeMenuItem(api, owner, shop, {
    name: 'Cappuccino',
    price: '32.50',
    optionGroupIds: [size.id, milk.id, extras.id],
  });
  const rooibos = await makeMenuItem(api, owner, shop, {
    name: 'Rooibos Tea',
    category: 'tea',
    price: '25',
    optionGroupIds: [size.id],
  });
  const croissant = await makeMenuItem(api, owner, shop, {
    name: 'Croissant',
    category: 'pastries',
    price: '28',
  });
  return { shop, size, milk, extras, cappuccino, rooibos, croissant };
}
