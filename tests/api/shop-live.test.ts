// What customers see is true now (issue 31): an owner's pause, sold-out item or new hours reach, as shop_updated,
// the sockets watching that shop on another instance (signed in or not) and no others, with the open state they
// give (a shop with nothing left to order is not open now, issue 32); a socket may watch at most
// 100 shops; and the Open Now filter leaves paused shops out while their answers say they are paused.
// Two instances: on PGlite two apps on one database share an in-process bus (PGlite is one process's database); with
// DATABASE_URL each has its own LISTEN connection, so every event crosses through PostgreSQL's NOTIFY.
// The app's clock is held at a Wednesday 10:00 (only Date is faked; timers run), so open-now answers are fixed.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import { createInProcessBus, createPostgresBus } from '../../src/server/realtime/bus.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { MenuItem } from '../../src/shared/api/menu.js';
import { MAX_WATCHED_SHOPS, type ServerEvent } from '../../src/shared/api/messages.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeMenuItem, makeShop, makeUser, setHours, setSpecialDay } from '../support/factories.js';
import { createPostgresDatabase, startAppOn, startTestApp } from '../support/test-app.js';
import { connect, type TestSocket } from '../support/ws-client.js';

// Wednesday 25 November 2026, 10:00 in Johannesburg (UTC+2).
const WEDNESDAY_10AM = new Date('2026-11-25T08:00:00Z');
const WEDNESDAY = '2026-11-25';
/** Open on weekdays 08:00–17:00: open now, closing at 17:00 (15:00 UTC). */
const open = { openTime: '08:00', closeTime: '17:00' };
const weekdays = { 1: open, 2: open, 3: open, 4: open, 5: open };
/** A short sign-in window keeps the "closed when it neither signs in nor watches" case quick. */
const authTimeoutMs = 500;

type Instance = Awaited<ReturnType<typeof startAppOn>>;
let a: Instance;
let b: Instance;
let closeAll: () => Promise<void>;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;
let shop: Shop;
let otherShop: Shop;
let latte: MenuItem;
const sockets: TestSocket[] = [];

/** Two app instances on one fresh database, joined by a bus as production joins them. */
async function startTwoInstances() {
  const postgresUrl = process.env.DATABASE_URL;
  if (!postgresUrl) {
    const bus = createInProcessBus();
    const first = await startTestApp({ bus, authTimeoutMs });
    const second = await startAppOn(first.database, { bus, authTimeoutMs });
    return {
      a: first,
      b: second,
      close: async () => {
        await second.close();
        await first.close();
      },
    };
  }
  const created = await createPostgresDatabase(postgresUrl);
  const database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory' });
  const log = pino({ level: 'error' });
  const buses = [0, 1].map(() => createPostgresBus(created.url, database.pool!, log));
  await Promise.all(buses.map((bus) => bus.ready));
  const first = await startAppOn(database, { bus: buses[0], authTimeoutMs });
  const second = await startAppOn(database, { bus: buses[1], authTimeoutMs });
  return {
    a: first,
    b: second,
    close: async () => {
      await second.close();
      await first.close();
      await database.close();
      await created.drop();
    },
  };
}

/** A socket on the instance that watches these shops, signed in when given a token; resolves once it watches. */
/**
 * A socket watching these shops, once it has been told their state now (one shop_updated each, tested below); those
 * are taken out of its events, so a test sees only what it caused.
 */
async function watcher(on: Instance, shopIds: number[], token?: string) {
  const socket = await connect(on.baseUrl, token);
  sockets.push(socket);
  socket.send({ type: 'watch_shops', shopIds });
  await socket.next((event) => event.type === 'watching');
  for (const shopId of shopIds) await socket.next(updateOf(shopId));
  socket.events.length = 0;
  return socket;
}

const updateOf =
  (shopId: number) =>
  (event: ServerEvent): boolean =>
    event.type === 'shop_updated' && event.shopId === shopId;
const updatesOf = (socket: TestSocket, shopId: number) => socket.events.filter(updateOf(shopId));
/** The socket's nth shop_updated of the shop since it started watching (1 for the first), once it has come. */
async function nthUpdate(socket: TestSocket, shopId: number, nth: number) {
  await socket.next(() => updatesOf(socket, shopId).length >= nth);
  return updatesOf(socket, shopId)[nth - 1];
}

const setAccepting = async (shopId: number, acceptingOrders: boolean, by = owner) => {
  const reply = await a.api.as(by).put<Shop>(`/api/coffee-shops/${shopId}`, { acceptingOrders });
  return reply;
};

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY_10AM });
  ({ a, b, close: closeAll } = await startTwoInstances());
  owner = await makeUser(a.api, 'shop_owner');
  otherOwner = await makeUser(a.api, 'shop_owner');
  customer = await makeUser(a.api, 'customer');
  shop = await makeShop(a.api, owner, { name: 'Live Wire Roasters' });
  otherShop = await makeShop(a.api, otherOwner, { name: 'Quiet Corner Cafe' });
  await setHours(a.api, owner, shop, weekdays);
  await setHours(a.api, otherOwner, otherShop, weekdays);
  latte = await makeMenuItem(a.api, owner, shop, { name: 'Oat Latte' });
  // Something always on each menu: a shop with nothing to order is not open now (issue 32).
  await makeMenuItem(a.api, owner, shop, { name: 'Filter Coffee' });
  await makeMenuItem(a.api, otherOwner, otherShop, { name: 'Filter Coffee' });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await closeAll?.();
  vi.useRealTimers();
});

describe('shop_updated across two instances', () => {
  test('a socket that starts watching is told each shop as it is now: a pause made just before is not missed', async () => {
    expect((await setAccepting(shop.id, false)).status).toBe(200);
    const late = await connect(b.baseUrl);
    sockets.push(late);
    late.send({ type: 'watch_shops', shopIds: [shop.id, otherShop.id] });
    expect(await late.next(updateOf(shop.id))).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      shop: {
        acceptingOrders: false,
        busyExtraMinutes: null,
        busyUntil: null,
        openNow: true,
        nextChangeAt: '2026-11-25T15:00:00.000Z',
      },
    });
    expect(await late.next(updateOf(otherShop.id))).toMatchObject({ shop: { acceptingOrders: true } });
    // Watching the same shops again sends nothing new: only shops added to the list are told.
    const before = late.events.length;
    late.send({ type: 'watch_shops', shopIds: [shop.id, otherShop.id] });
    await late.next((event) => event.type === 'watching' && late.events.indexOf(event) >= before);
    expect(late.events.slice(before).filter((event) => event.type === 'shop_updated')).toEqual([]);
    expect((await setAccepting(shop.id, true)).status).toBe(200);
    // Heard before the next test watches: on PostgreSQL the resume travels through NOTIFY and could reach it late.
    await late.next(
      (event) =>
        late.events.indexOf(event) >= before &&
        event.type === 'shop_updated' &&
        event.shop?.acceptingOrders === true,
    );
  });

  test('a visitor watching a shop on B hears it paused through A; a socket watching another shop does not', async () => {
    const visitor = await watcher(b, [shop.id]);
    const bystander = await watcher(b, [otherShop.id]);

    expect((await setAccepting(shop.id, false)).status).toBe(200);
    expect(await visitor.next(updateOf(shop.id))).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      shop: {
        acceptingOrders: false,
        busyExtraMinutes: null,
        busyUntil: null,
        openNow: true,
        nextChangeAt: '2026-11-25T15:00:00.000Z',
      },
    });

    // A fence: the bystander hears its own shop's change, published after the first, so it would have the first too.
    expect((await setAccepting(otherShop.id, false, otherOwner)).status).toBe(200);
    await bystander.next(updateOf(otherShop.id));
    expect(updatesOf(bystander, shop.id)).toEqual([]);
    expect(updatesOf(visitor, otherShop.id)).toEqual([]);

    expect((await setAccepting(shop.id, true)).status).toBe(200);
    await visitor.next((event) => event.type === 'shop_updated' && event.shop?.acceptingOrders === true);
    expect((await setAccepting(otherShop.id, true, otherOwner)).status).toBe(200);
  });

  test('an item sold out through A reaches a signed-in customer watching on B as a menu change', async () => {
    const customerSocket = await watcher(b, [shop.id], customer.accessToken);
    const soldOut = await a.api
      .as(owner)
      .put<MenuItem>(`/api/menu-items/${latte.id}`, { isAvailable: false });
    expect(soldOut.status).toBe(200);
    expect(await customerSocket.next(updateOf(shop.id))).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      // With its open state (issue 32): still open, its Filter Coffee is still for sale.
      shop: { openNow: true, nextChangeAt: '2026-11-25T15:00:00.000Z' },
      menuChanged: true,
    });
    // What the customer's page then reads again, from B, says so.
    const menu = await b.api.get<MenuItem[]>(`/api/menu-items/${shop.id}`);
    expect(menu.body.find((item) => item.id === latte.id)?.isAvailable).toBe(false);

    const backOnSale = await a.api.as(owner).put(`/api/menu-items/${latte.id}`, { isAvailable: true });
    expect(backOnSale.status).toBe(200);
    await customerSocket.next(() => updatesOf(customerSocket, shop.id).length === 2);
  });

  test('a new item, a deleted one and an option group are each told as menu changes', async () => {
    const socket = await watcher(b, [shop.id]);
    const menuChanges = () => updatesOf(socket, shop.id).filter((event) => 'menuChanged' in event);
    const scone = await makeMenuItem(a.api, owner, shop, { name: 'Cheese Scone', category: 'pastries' });
    await socket.next(() => menuChanges().length === 1);
    expect((await a.api.as(owner).delete(`/api/menu-items/${scone.id}`)).status).toBe(204);
    await socket.next(() => menuChanges().length === 2);
    const group = await a.api.as(owner).post('/api/option-groups', {
      shopId: shop.id,
      name: 'Milk',
      minSelected: 0,
      maxSelected: 1,
      options: [{ name: 'Oat milk', price: '6.00' }],
    });
    expect(group.status).toBe(201);
    await socket.next(() => menuChanges().length === 3);
  });

  test('selling out or deleting the last item is told with openNow false; the first item for sale opens the shop again', async () => {
    const kiosk = await makeShop(a.api, owner, { name: 'Last Cup Kiosk' });
    await setHours(a.api, owner, kiosk, weekdays);
    const socket = await watcher(b, [kiosk.id]);
    const update = (nth: number) => nthUpdate(socket, kiosk.id, nth);
    const openNowList = async () =>
      (await b.api.get<Shop[]>('/api/coffee-shops?openNow=true&limit=100')).body.map((found) => found.id);
    const openUntil5pm = { openNow: true, nextChangeAt: '2026-11-25T15:00:00.000Z' };
    // Nothing to order: not open, and no hour of the clock opens it (its first item does).
    const closed = { openNow: false, nextChangeAt: null };

    const cortado = await makeMenuItem(a.api, owner, kiosk, { name: 'Cortado' });
    expect(await update(1)).toEqual({
      type: 'shop_updated',
      shopId: kiosk.id,
      shop: openUntil5pm,
      menuChanged: true,
    });
    // B's cached lists were cleared (shops_changed) before the event was published, so by now they say so too.
    expect(await openNowList()).toContain(kiosk.id);

    const soldOut = await a.api.as(owner).put(`/api/menu-items/${cortado.id}`, { isAvailable: false });
    expect(soldOut.status).toBe(200);
    expect(await update(2)).toEqual({
      type: 'shop_updated',
      shopId: kiosk.id,
      shop: closed,
      menuChanged: true,
    });
    expect(await openNowList()).not.toContain(kiosk.id);
    expect((await b.api.get<Shop>(`/api/coffee-shops/${kiosk.id}`)).body).toMatchObject(closed);

    const backOnSale = await a.api.as(owner).put(`/api/menu-items/${cortado.id}`, { isAvailable: true });
    expect(backOnSale.status).toBe(200);
    expect(await update(3)).toMatchObject({ shop: openUntil5pm });
    expect((await a.api.as(owner).delete(`/api/menu-items/${cortado.id}`)).status).toBe(204);
    expect(await update(4)).toEqual({
      type: 'shop_updated',
      shopId: kiosk.id,
      shop: closed,
      menuChanged: true,
    });
    expect(await openNowList()).not.toContain(kiosk.id);
  });

  test('weekly hours saved (POST) and edited (PUT) are told with the open state they give', async () => {
    const socket = await watcher(b, [shop.id]);
    const update = (nth: number) => nthUpdate(socket, shop.id, nth);
    // This Wednesday's row, shortened to 08:00–09:00: closed at 10:00, open again on Thursday at 08:00.
    const shortened = await a.api.as(owner).post<{ id: number }>('/api/business-hours', {
      shopId: shop.id,
      dayOfWeek: 3,
      openTime: '08:00',
      closeTime: '09:00',
      isClosed: false,
    });
    expect(shortened.status).toBe(200);
    expect(await update(1)).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      shop: { openNow: false, nextChangeAt: '2026-11-26T06:00:00.000Z' },
      hoursChanged: true,
    });

    const restored = await a.api.as(owner).put(`/api/business-hours/${shortened.body.id}`, {
      shopId: shop.id,
      dayOfWeek: 3,
      openTime: '08:00',
      closeTime: '17:00',
      isClosed: false,
    });
    expect(restored.status).toBe(200);
    expect(await update(2)).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      shop: { openNow: true, nextChangeAt: '2026-11-25T15:00:00.000Z' },
      hoursChanged: true,
    });
  });

  test('a special day closing the shop today is told with the open state it gives', async () => {
    const socket = await watcher(b, [shop.id]);
    const closed = await setSpecialDay(a.api, owner, shop, WEDNESDAY);
    expect(await socket.next(updateOf(shop.id))).toEqual({
      type: 'shop_updated',
      shopId: shop.id,
      // Closed today; open again tomorrow (Thursday) at 08:00, 06:00 UTC.
      shop: { openNow: false, nextChangeAt: '2026-11-26T06:00:00.000Z' },
      hoursChanged: true,
    });
    expect((await a.api.as(owner).delete(`/api/special-hours/${closed.id}`)).status).toBe(204);
    await socket.next(
      (event) => event.type === 'shop_updated' && event.hoursChanged === true && event.shop?.openNow === true,
    );
  });

  test('another owner’s attempt to pause the shop is 404, and its watchers hear nothing', async () => {
    const socket = await watcher(b, [shop.id, otherShop.id]);
    const refused = await setAccepting(shop.id, false, otherOwner);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: 'Coffee shop not found' });
    const refusedItem = await a.api.as(otherOwner).put(`/api/menu-items/${latte.id}`, { isAvailable: false });
    expect(refusedItem.status).toBe(404);
    // A fence: a real change of the other shop, published later, arrives; nothing of the first shop came before it.
    expect(
      (await a.api.as(otherOwner).put(`/api/coffee-shops/${otherShop.id}`, { prepMinutes: 12 })).status,
    ).toBe(200);
    await socket.next(updateOf(otherShop.id));
    expect(updatesOf(socket, shop.id)).toEqual([]);
  });

  test('a new watch list replaces the last: a shop left out is heard no more', async () => {
    const socket = await watcher(b, [shop.id]);
    socket.send({ type: 'watch_shops', shopIds: [otherShop.id, otherShop.id] });
    // Duplicates are watched once.
    await socket.next((event) => event.type === 'watching' && event.shopIds.length === 1);
    expect((await setAccepting(shop.id, false)).status).toBe(200);
    expect(
      (await a.api.as(otherOwner).put(`/api/coffee-shops/${otherShop.id}`, { prepMinutes: 15 })).status,
    ).toBe(200);
    await socket.next(updateOf(otherShop.id));
    expect(updatesOf(socket, shop.id)).toEqual([]);
    expect((await setAccepting(shop.id, true)).status).toBe(200);
  });
});

describe('watching without signing in', () => {
  test('a socket that only watches shops stays open past the sign-in window; one that does neither is closed', async () => {
    const silent = await connect(b.baseUrl);
    sockets.push(silent);
    const visitor = await watcher(b, [shop.id]);
    // The silent socket's close marks the end of the window both opened in.
    expect((await silent.closed).code).toBe(4401);
    expect((await setAccepting(shop.id, false)).status).toBe(200);
    await visitor.next(updateOf(shop.id));
    expect((await setAccepting(shop.id, true)).status).toBe(200);
  });

  test(`a list of more than ${MAX_WATCHED_SHOPS} shops is refused by name, and ends a socket that did nothing else`, async () => {
    const socket = await connect(b.baseUrl);
    sockets.push(socket);
    socket.send({
      type: 'watch_shops',
      shopIds: Array.from({ length: MAX_WATCHED_SHOPS + 1 }, (_, index) => index + 1),
    });
    expect(await socket.next((event) => event.type === 'error')).toEqual({
      type: 'error',
      message: `shopIds: a socket may watch at most ${MAX_WATCHED_SHOPS} shops`,
    });
    expect((await socket.closed).code).toBe(4401);
  });

  test('a malformed watch from a watching socket is answered, and its shops are kept', async () => {
    const socket = await watcher(b, [shop.id]);
    socket.send({ type: 'watch_shops', shopIds: ['all'] });
    expect(await socket.next((event) => event.type === 'error')).toEqual({
      type: 'error',
      message: 'shopIds must be shop ids',
    });
    expect((await setAccepting(shop.id, false)).status).toBe(200);
    await socket.next(updateOf(shop.id));
    expect((await setAccepting(shop.id, true)).status).toBe(200);
  });

  test('a watch-only socket can sign in later and keeps its shops', async () => {
    const socket = await watcher(b, [shop.id]);
    socket.send({ type: 'auth', token: customer.accessToken });
    await socket.next((event) => event.type === 'authenticated');
    expect((await setAccepting(shop.id, false)).status).toBe(200);
    await socket.next(updateOf(shop.id));
    expect((await setAccepting(shop.id, true)).status).toBe(200);
  });
});

describe('paused shops and the Open Now filter', () => {
  const list = async (query: string) => {
    const reply = await b.api.get<Shop[]>(`/api/coffee-shops${query}`);
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const names = (found: Shop[]) => found.map((listed) => listed.name);

  test('Open Now leaves a paused shop out, and its answers say it is paused though open by its hours', async () => {
    // Both open now by their hours; B has cached the answer before the pause.
    expect(names(await list('?openNow=true'))).toEqual(
      expect.arrayContaining(['Live Wire Roasters', 'Quiet Corner Cafe']),
    );
    expect((await setAccepting(shop.id, false)).status).toBe(200);

    const openNow = await waitForList(
      '?openNow=true',
      (found) => !names(found).includes('Live Wire Roasters'),
    );
    expect(names(openNow)).toEqual(['Quiet Corner Cafe']);

    const everyShop = await list('');
    expect(everyShop.find((listed) => listed.id === shop.id)).toMatchObject({
      acceptingOrders: false,
      openNow: true,
    });
    const one = await b.api.get<Shop>(`/api/coffee-shops/${shop.id}`);
    expect(one.body).toMatchObject({ acceptingOrders: false, openNow: true });
    // The filter composes with the others the same way (nearest first is a path of its own).
    expect(names(await list('?openNow=true&latitude=-33.92&longitude=18.42&sortByDistance=true'))).toEqual([
      'Quiet Corner Cafe',
    ]);
  });

  test('resuming orders brings the shop back into Open Now', async () => {
    expect((await setAccepting(shop.id, true)).status).toBe(200);
    const openNow = await waitForList('?openNow=true', (found) =>
      names(found).includes('Live Wire Roasters'),
    );
    expect(names(openNow).sort()).toEqual(['Live Wire Roasters', 'Quiet Corner Cafe']);
  });

  /**
   * B's cached lists are cleared when it hears shops_changed: at once on one bus, within milliseconds over NOTIFY.
   * Polled briefly rather than guessing the delay (as tests/postgres/multi-instance.test.ts does).
   */
  async function waitForList(query: string, done: (found: Shop[]) => boolean) {
    let found = await list(query);
    for (let attempt = 0; attempt < 50 && !done(found); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = await list(query);
    }
    return found;
  }
});
