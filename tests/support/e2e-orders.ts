// Browser-suite setup for ordering, through the real API: a new owner's shop with a menu, open around the clock
// (so the tests do not depend on when they run), its option groups, and orders placed and moved by API where a
// test needs history.
import type { APIRequestContext } from '@playwright/test';
import type { OptionGroup } from '../../src/shared/api/option-groups.js';
import type { Order } from '../../src/shared/api/orders.js';
import { pickupChoices } from '../../src/shared/domain/pickup.js';

export interface TestMenuItem {
  id: number;
  name: string;
  price: string;
}

/** One API call as `token`, its JSON back; a non-OK answer throws with its status and body. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A shop of the owner's, open every day 00:00–23:59, with the given items (price as decimal text). */
export async function openShopWithMenu(
  request: APIRequestContext,
  ownerToken: string,
  name: string,
  items: { name: string; price: string; preparationTime?: string }[],
) {
  const shop = await call<{ id: number; name: string }>(request, ownerToken, 'post', '/api/coffee-shops', {
    name,
    category: 'specialty',
    address: '12 Bree Street, Cape Town',
  });
  for (const dayOfWeek of [0, 1, 2, 3, 4, 5, 6])
    await call(request, ownerToken, 'post', '/api/business-hours', {
      shopId: shop.id,
      dayOfWeek,
      openTime: '00:00',
      closeTime: '23:59',
      isClosed: false,
    });
  const menu: TestMenuItem[] = [];
  for (const item of items)
    menu.push(
      await call<TestMenuItem>(request, ownerToken, 'post', '/api/menu-items', {
        shopId: shop.id,
        category: 'coffee',
        preparationTime: '5 mins',
        ...item,
      }),
    );
  return { shop, menu };
}

/** Places an order by API for the first pickup slot the shared rule offers (slots never fall in 23:59–00:00). */
export async function placeOrder(
  request: APIRequestContext,
  customerToken: string,
  shopId: number,
  items: { menuItemId: number; quantity: number; options?: number[] }[],
) {
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    dayOfWeek,
    openTime: '00:00',
    closeTime: '23:59',
    isClosed: false,
  }));
  const slot = pickupChoices({ weekly, special: [], now: new Date(), preparationTimes: [] }).slots[0]!;
  return call<Order>(request, customerToken, 'post', '/api/orders', {
    shopId,
    items,
    pickupTime: slot.toISOString(),
  });
}

export async function moveOrder(request: APIRequestContext, token: string, orderId: number, status: string) {
  return call<Order>(request, token, 'put', `/api/orders/${orderId}`, { status });
}

export async function setMenuItemAvailable(
  request: APIRequestContext,
  ownerToken: string,
  itemId: number,
  isAvailable: boolean,
) {
  return call(request, ownerToken, 'put', `/api/menu-items/${itemId}`, { isAvailable });
}

/** An option group of the shop's (issue 25), made by API: options as { name, price, isDefault? }. */
export async function createOptionGroup(
  request: APIRequestContext,
  ownerToken: string,
  body: {
    shopId: number;
    name: string;
    minSelected: number;
    maxSelected: number;
    options: { name: string; price: string; isDefault?: boolean; isAvailable?: boolean }[];
  },
) {
  return call<OptionGroup>(request, ownerToken, 'post', '/api/option-groups', body);
}

/** Offers these groups, in this order, with the item. */
export async function attachOptionGroups(
  request: APIRequestContext,
  ownerToken: string,
  itemId: number,
  optionGroupIds: number[],
) {
  return call(request, ownerToken, 'put', `/api/menu-items/${itemId}`, { optionGroupIds });
}

/** One option's Sold out switch, as the owner's one click sends it: the whole group, every option's id kept. */
export async function setOptionAvailable(
  request: APIRequestContext,
  ownerToken: string,
  group: OptionGroup,
  optionName: string,
  isAvailable: boolean,
) {
  return call<OptionGroup>(request, ownerToken, 'put', `/api/option-groups/${group.id}`, {
    name: group.name,
    minSelected: group.minSelected,
    maxSelected: group.maxSelected,
    options: group.options.map((option) =>
      option.name === optionName ? { ...option, isAvailable } : option,
    ),
  });
}
