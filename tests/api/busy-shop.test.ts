// A busy shop (issue 30) over real HTTP: prep time, slot capacity and the busy delay set by the owner, the pickup
// slots, placements refused too soon or in a full slot (nothing stored), slot places given back on cancel, pickup
// codes, and the sweep that cancels orders nobody confirmed. The database is checked after each refusal.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, messages, orders, slotPlaces } from '../../src/server/db/schema.js';
import { cancelUnconfirmedOrders } from '../../src/server/features/orders/routes.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { ServerEvent } from '../../src/shared/api/messages.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import type { PickupSlots } from '../../src/shared/domain/pickup-slots.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, localDate, postOrder } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
const sockets: TestSocket[] = [];
const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

const db = () => server.database.db;
const api = () => server.api;

/** A shop without hours (open at any time) with one item and these settings. */
async function shopWith(settings: Record<string, unknown>) {
  const shop = await makeShop(api(), owner);
  const set = await api().as(owner).put<Shop>(`/api/coffee-shops/${shop.id}`, settings);
  expect(set.status).toBe(200);
  const [item] = await addMenuItems(db(), shop.id, [{ name: 'Cortado', priceCents: 3000 }]);
  return { shop: set.body, itemId: item!.id };
}

/** The start of a quarter hour at least `minutes` from now. */
const quarterFromNow = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * MINUTE) / QUARTER) * QUARTER);

const order = (shopId: number, itemId: number, pickupTime: Date, who = customer) =>
  postOrder<Order>(server.baseUrl, who, {
    shopId,
    items: [{ menuItemId: itemId, quantity: 1 }],
    pickupTime: pickupTime.toISOString(),
  });
const storedOrders = async (shopId: number) => db().$count(orders, eq(orders.shopId, shopId));

describe("the owner's settings", () => {
  test('prep minutes, slot limit and auto-cancel are set by the owner, within their ranges', async () => {
    const shop = await makeShop(api(), owner);
    const path = `/api/coffee-shops/${shop.id}`;
    const saved = await api()
      .as(owner)
      .put<Shop>(path, { prepMinutes: 20, maxOrdersPerSlot: 4, autoCancelMinutes: 15 });
    expect(saved.body).toMatchObject({ prepMinutes: 20, maxOrdersPerSlot: 4, autoCancelMinutes: 15 });
    expect(Date.parse(saved.body.nextPickupAt!)).toBeGreaterThanOrEqual(Date.now() + 19 * MINUTE);
    for (const [field, value] of [
      ['prepMinutes', 4],
      ['prepMinutes', 61],
      ['maxOrdersPerSlot', 0],
      ['maxOrdersPerSlot', 101],
      ['autoCancelMinutes', 31],
      ['busyExtraMinutes', 3],
    ] as const) {
      const refused = await api()
        .as(owner)
        .put<{ message: string }>(path, { [field]: value });
      expect(refused.status, `${field} ${value}`).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    const [row] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(row).toMatchObject({ prepMinutes: 20, maxOrdersPerSlot: 4, autoCancelMinutes: 15 });
    expect((await api().as(customer).put(path, { prepMinutes: 30 })).status).toBe(403);
    const cleared = await api().as(owner).put<Shop>(path, { maxOrdersPerSlot: null });
    expect(cleared.body.maxOrdersPerSlot).toBeNull();
  });

  test('the busy delay pushes pickups back and ends by itself', async () => {
    const { shop } = await shopWith({ prepMinutes: 10 });
    const path = `/api/coffee-shops/${shop.id}`;
    const busy = await api().as(owner).put<Shop>(path, { busyExtraMinutes: 15 });
    expect(busy.body.busyExtraMinutes).toBe(15);
    expect(Date.parse(busy.body.busyUntil!) - Date.now()).toBeGreaterThan(59 * MINUTE);
    expect(Date.parse(busy.body.nextPickupAt!)).toBeGreaterThanOrEqual(Date.now() + 25 * MINUTE);
    // As if the hour had passed: the delay is gone from every answer and from the rule.
    await db()
      .update(coffeeShops)
      .set({ busyUntil: new Date(Date.now() - MINUTE) })
      .where(eq(coffeeShops.id, shop.id));
    const after = (await api().get<Shop>(path)).body;
    expect(after).toMatchObject({ busyExtraMinutes: null, busyUntil: null });
    expect(Date.parse(after.nextPickupAt!)).toBeLessThan(Date.now() + 12 * MINUTE);
    expect((await api().as(owner).put<Shop>(path, { busyExtraMinutes: 30 })).body.busyExtraMinutes).toBe(30);
    expect((await api().as(owner).put<Shop>(path, { busyExtraMinutes: null })).body.busyUntil).toBeNull();
  });
});

describe('pickup slots and placing', () => {
  test('slots start after the prep time; a full slot is unavailable and refused, naming the next free time', async () => {
    const { shop, itemId } = await shopWith({ prepMinutes: 10, maxOrdersPerSlot: 2 });
    const slot = quarterFromNow(30);
    expect((await order(shop.id, itemId, slot)).status).toBe(201);
    expect((await order(shop.id, itemId, new Date(slot.getTime() + 5 * MINUTE))).status).toBe(201);
    const date = localDate(slot);
    const slots = await api().get<PickupSlots>(`/api/coffee-shops/${shop.id}/pickup-slots?date=${date}`);
    expect(slots.status).toBe(200);
    expect(slots.body.slots.find((entry) => entry.at === slot.toISOString())).toEqual({
      at: slot.toISOString(),
      available: false,
      remaining: 0,
    });
    expect(Date.parse(slots.body.slots[0]!.at)).toBeGreaterThanOrEqual(Date.now() + 10 * MINUTE);
    const before = await storedOrders(shop.id);
    const full = await order(shop.id, itemId, new Date(slot.getTime() + 10 * MINUTE));
    expect(full.status).toBe(409);
    expect((full.body as unknown as { message: string }).message).toMatch(
      /^That time is full — the next free pickup is /,
    );
    const tooSoon = await order(shop.id, itemId, new Date(Date.now() + 3 * MINUTE));
    expect(tooSoon.status).toBe(409);
    expect((tooSoon.body as unknown as { message: string }).message).toMatch(/^That time is too soon — /);
    expect(await storedOrders(shop.id)).toBe(before);
    expect((await api().get(`/api/coffee-shops/${shop.id}/pickup-slots?date=2020-01-01`)).status).toBe(400);
  });

  test('a cancelled order gives its place back', async () => {
    const { shop, itemId } = await shopWith({ maxOrdersPerSlot: 1 });
    const slot = quarterFromNow(45);
    const first = await order(shop.id, itemId, slot);
    expect((await order(shop.id, itemId, slot)).status).toBe(409);
    await api().as(customer).put(`/api/orders/${first.body.id}`, { status: 'cancelled' });
    expect(await db().$count(slotPlaces, eq(slotPlaces.shopId, shop.id))).toBe(0);
    expect((await order(shop.id, itemId, slot)).status).toBe(201);
  });

  test('each order gets a 4-character pickup code, unique at the shop that day, without look-alikes', async () => {
    const { shop, itemId } = await shopWith({});
    const slot = quarterFromNow(60);
    const codes = [];
    for (let index = 0; index < 25; index += 1) {
      const placed = await order(shop.id, itemId, slot);
      codes.push(placed.body.pickupCode!);
    }
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
    const seen = await api().as(owner).get<Order[]>(`/api/orders?shopId=${shop.id}`);
    expect(seen.body.map((placed) => placed.pickupCode).sort()).toEqual([...codes].sort());
  });
});

describe('orders nobody confirmed', () => {
  test('are cancelled after the shop’s auto-cancel minutes, with the chat line and an event; a confirmed one stays', async () => {
    const { shop, itemId } = await shopWith({ autoCancelMinutes: 5 });
    const customerSocket = await connect(server.baseUrl, customer.accessToken);
    sockets.push(customerSocket);
    const forgotten = await order(shop.id, itemId, quarterFromNow(30));
    const confirmed = await order(shop.id, itemId, quarterFromNow(30));
    await api().as(owner).put(`/api/orders/${confirmed.body.id}`, { status: 'confirmed' });
    // Four minutes on: too early for anything.
    expect(await cancelUnconfirmedOrders(server.app, new Date(Date.now() + 4 * MINUTE))).toEqual([]);
    const cancelled = await cancelUnconfirmedOrders(server.app, new Date(Date.now() + 6 * MINUTE));
    expect(cancelled.map((change) => change.order.id)).toContain(forgotten.body.id);
    expect(cancelled.map((change) => change.order.id)).not.toContain(confirmed.body.id);
    await customerSocket.next(
      (event: ServerEvent) =>
        event.type === 'order_updated' &&
        event.order.id === forgotten.body.id &&
        event.order.status === 'cancelled',
    );
    const chat = await db().select().from(messages).where(eq(messages.shopId, shop.id));
    expect(chat.map((line) => line.content)).toContain(
      `Order #${forgotten.body.id} was cancelled because the shop did not confirm it in time`,
    );
    expect((await api().as(owner).get<Order>(`/api/orders/${confirmed.body.id}`)).body.status).toBe(
      'confirmed',
    );
    // The customer's order says who cancelled it and why (issue 32).
    expect((await api().as(customer).get<Order>(`/api/orders/${forgotten.body.id}`)).body).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancelReason: 'The shop did not confirm it in time',
    });
    // Run again: nothing more moves.
    const again = await cancelUnconfirmedOrders(server.app, new Date(Date.now() + 6 * MINUTE));
    expect(again.map((change) => change.order.id)).not.toContain(forgotten.body.id);
    const [counted] = (
      (await db().execute(
        sql`select count(*)::int as n from messages where content like ${`Order #${forgotten.body.id} was cancelled%`}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(counted!.n).toBe(1);
  });
});

test('a shop that starts limiting its slots counts the orders already waiting; one that stops forgets them', async () => {
  const { shop, itemId } = await shopWith({});
  const slot = quarterFromNow(90);
  for (let index = 0; index < 2; index += 1) expect((await order(shop.id, itemId, slot)).status).toBe(201);
  expect(await db().$count(slotPlaces, eq(slotPlaces.shopId, shop.id))).toBe(0);
  await api().as(owner).put(`/api/coffee-shops/${shop.id}`, { maxOrdersPerSlot: 2 });
  expect(await db().$count(slotPlaces, eq(slotPlaces.shopId, shop.id))).toBe(2);
  expect((await order(shop.id, itemId, slot)).status).toBe(409);
  await api().as(owner).put(`/api/coffee-shops/${shop.id}`, { maxOrdersPerSlot: null });
  expect(await db().$count(slotPlaces, eq(slotPlaces.shopId, shop.id))).toBe(0);
  expect((await order(shop.id, itemId, slot)).status).toBe(201);
});

test("an owner's Confirm racing the sweep: exactly one of them moves the order", async () => {
  const { shop, itemId } = await shopWith({ autoCancelMinutes: 5 });
  for (let round = 0; round < 5; round += 1) {
    const placed = await order(shop.id, itemId, quarterFromNow(30));
    const [confirm, swept] = await Promise.all([
      api().as(owner).put<Order>(`/api/orders/${placed.body.id}`, { status: 'confirmed' }),
      cancelUnconfirmedOrders(server.app, new Date(Date.now() + 6 * MINUTE)),
    ]);
    const cancelledBySweep = swept.some((change) => change.order.id === placed.body.id);
    expect(confirm.status === 200).toBe(!cancelledBySweep);
    const final = (await api().as(owner).get<Order>(`/api/orders/${placed.body.id}`)).body.status;
    expect(final).toBe(cancelledBySweep ? 'cancelled' : 'confirmed');
  }
});
