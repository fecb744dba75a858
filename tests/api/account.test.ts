// One's own account (issue 28): username, email with a code to the new address, password, the POPIA export and
// account deletion for a customer and an owner, each refusal checked against the database.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { businessHours, coffeeShops, menuItems, sessions, users } from '../../src/server/db/schema.js';
import type { AuthResponse, User } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { captureMail } from '../support/captured-mail.js';
import { confirmEmails, makeShop, makeUser, setHours } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const mail = captureMail();
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ mailer: mail.mailer });
});
afterAll(async () => {
  await server?.close();
});

const me = (who: { accessToken: string }) => server.api.as(who).get<User>('/api/auth/me');
/** The mails to `email` once there are `count`, leaving out the confirmation every /register account gets. */
async function mailsTo(email: string, count: number) {
  const sent = () =>
    mail.sentTo(email).filter((one) => !one.subject.startsWith('Confirm your Brew Connect email'));
  for (let waited = 0; sent().length < count && waited < 5_000; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
  return sent();
}
async function signIn(email: string, password: string) {
  return server.api.post<AuthResponse & { message: string }>('/api/auth/login', { email, password });
}
async function userRow(id: number) {
  return (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!;
}
/** An owner's shop with one item, and a customer's order there moved to `status`. */
async function orderAt(
  owner: AuthResponse,
  customer: AuthResponse,
  status: Order['status'] | 'pending' = 'pending',
) {
  const shop = await makeShop(server.api, owner, { name: `Shop of ${owner.user.username}` });
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Americano' }]);
  const placed = await postOrder<Order>(server.baseUrl, customer, {
    shopId: shop.id,
    items: [{ menuItemId: item!.id, quantity: 1 }],
    pickupTime: soon(),
  });
  expect(placed.status).toBe(201);
  const path = ['confirmed', 'preparing', 'ready', 'completed'];
  for (const next of path.slice(0, path.indexOf(status) + 1))
    expect((await server.api.as(owner).put(`/api/orders/${placed.body.id}`, { status: next })).status).toBe(
      200,
    );
  return { shop, order: placed.body };
}

describe('settings', () => {
  test('username: the sign-up rules, taken names refused, the reserved name refused', async () => {
    const user = await makeUser(server.api);
    const other = await makeUser(server.api);
    const renamed = await server.api.as(user).put<User>('/api/account', { username: 'Coffee Lover 9' });
    expect(renamed.body).toMatchObject({ id: user.user.id, username: 'Coffee Lover 9' });
    expect((await me(user)).body.username).toBe('Coffee Lover 9');
    const taken = await server.api
      .as(user)
      .put<{ message: string }>('/api/account', { username: other.user.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That username is taken');
    expect((await server.api.as(user).put('/api/account', { username: 'deleted customer' })).status).toBe(
      409,
    );
    const bad = await server.api.as(user).put<{ message: string }>('/api/account', { username: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/at least 2 characters/);
    expect((await userRow(user.user.id)).username).toBe('Coffee Lover 9');
    expect((await server.api.put('/api/account', { username: 'Nobody' })).status).toBe(401);
  });

  test('email: the password is checked, a code goes to the new address, the old one is told', async () => {
    const user = await makeUser(server.api);
    const other = await makeUser(server.api);
    const newEmail = `moved-${user.user.id}@example.co.za`;
    const wrong = await server.api
      .as(user)
      .post<{ message: string }>('/api/account/email', { email: newEmail, password: 'not-mine' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That password is not right');
    const taken = await server.api
      .as(user)
      .post('/api/account/email', { email: other.user.email, password: 'flatwhite1' });
    expect(taken.status).toBe(409);
    const started = await server.api
      .as(user)
      .post<{ message: string }>('/api/account/email', { email: newEmail, password: 'flatwhite1' });
    expect(started.status).toBe(200);
    expect(started.body.message).toContain(newEmail);
    const [codeMail] = await mailsTo(newEmail, 1);
    const code = /(\d{6})/.exec(codeMail!.subject)![1]!;
    expect((await userRow(user.user.id)).email).toBe(user.user.email); // nothing yet
    const confirmed = await server.api.as(user).post<User>('/api/account/email/confirm', { code });
    expect(confirmed.body.email).toBe(newEmail);
    const told = await mailsTo(user.user.email, 1);
    expect(told.at(-1)!.subject).toBe('Your Brew Connect email address was changed');
    expect((await signIn(newEmail, 'flatwhite1')).status).toBe(200);
    expect((await signIn(user.user.email, 'flatwhite1')).status).toBe(401);
    const again = await server.api.as(user).post<{ message: string }>('/api/account/email/confirm', { code });
    expect(again.body.message).toBe('That code has expired — ask for a new one');
  });

  test('password: the current one is checked; a change ends every other session and mails the owner', async () => {
    const user = await makeUser(server.api);
    const laptop = (await signIn(user.user.email, 'flatwhite1')).body;
    const wrong = await server.api
      .as(user)
      .put<{ message: string }>('/api/account/password', { currentPassword: 'nope', password: 'espresso9' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That password is not right');
    expect((await me(laptop)).status).toBe(200);
    const short = await server.api
      .as(user)
      .put('/api/account/password', { currentPassword: 'flatwhite1', password: 'abc' });
    expect(short.status).toBe(400);
    const changed = await server.api
      .as(user)
      .put('/api/account/password', { currentPassword: 'flatwhite1', password: 'espresso9' });
    expect(changed.status).toBe(204);
    expect((await me(user)).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await signIn(user.user.email, 'flatwhite1')).status).toBe(401);
    expect((await signIn(user.user.email, 'espresso9')).status).toBe(200);
    const mails = await mailsTo(user.user.email, 1);
    expect(mails.map((one) => one.subject)).toContain('Your Brew Connect password was changed');
  });
});

describe('export', () => {
  test('everything held about the user, as a download; nobody else’s; at most 5 an hour', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api);
    const stranger = await makeUser(server.api);
    const { shop, order } = await orderAt(owner, customer, 'completed');
    await server.api.as(customer).post('/api/favorites', { shopId: shop.id });
    await server.api
      .as(customer)
      .post('/api/reviews', { shopId: shop.id, rating: 5, comment: 'Lovely flat white' });
    await server.api.as(customer).post('/api/messages', {
      shopId: shop.id,
      receiverId: owner.user.id,
      content: 'Thanks for the coffee',
    });
    await server.api.as(stranger).post('/api/favorites', { shopId: shop.id });
    await server.api
      .as(stranger)
      .post('/api/messages', { shopId: shop.id, receiverId: owner.user.id, content: 'Stranger secret' });

    const response = await fetch(`${server.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${customer.accessToken}` },
    });
    expect(response.status).toBe(200);
    const disposition = `brew-connect-${customer.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json`;
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${disposition}"; filename\\*=UTF-8''${disposition}$`),
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: customer.user.id, email: customer.user.email });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.favorites).toEqual([expect.objectContaining({ shopId: shop.id })]);
    expect(data.reviews).toEqual([expect.objectContaining({ rating: 5, comment: 'Lovely flat white' })]);
    expect(data.messages.map((one: { content: string }) => one.content)).toContain('Thanks for the coffee');
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        status: 'completed',
        lines: [expect.objectContaining({ name: 'Americano' })],
      }),
    ]);
    expect(text).not.toContain('Stranger secret');
    expect(text).not.toContain(stranger.user.email);
    expect(text).not.toContain('password');

    const ownerData = await server.api
      .as(owner)
      .get<{ shops: { id: number; menu: unknown[] }[]; messages: { content: string }[] }>(
        '/api/account/export',
      );
    expect(ownerData.body.shops.map((one) => one.id)).toEqual([shop.id]);
    expect(ownerData.body.shops[0]!.menu).toHaveLength(1);
    expect(ownerData.body.messages.map((one) => one.content)).toContain('Stranger secret');

    for (let count = 1; count < 5; count += 1) await server.api.as(customer).get('/api/account/export');
    expect((await server.api.as(customer).get('/api/account/export')).status).toBe(429);
    expect((await server.api.get('/api/account/export')).status).toBe(401);
  });
});

describe('deletion', () => {
  test('a customer with an open order is refused; once it ends, the account is erased and its records stay for the shop', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api);
    await confirmEmails(server.database.db, customer);
    const { shop, order } = await orderAt(owner, customer, 'ready');
    await server.api.as(customer).post('/api/reviews', { shopId: shop.id, rating: 4, comment: 'Good' });
    await server.api
      .as(customer)
      .post('/api/messages', { shopId: shop.id, receiverId: owner.user.id, content: 'On my way' });

    const open = await server.api
      .as(customer)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(
      `Your order #${order.id} is still ready: wait until it is collected or cancelled`,
    );
    const wrong = await server.api.as(customer).delete('/api/account', { password: 'wrong' });
    expect(wrong.status).toBe(400);
    expect((await me(customer)).status).toBe(200);

    await server.api.as(owner).put(`/api/orders/${order.id}`, { status: 'completed' });
    const deleted = await server.api.as(customer).delete('/api/account', { password: 'flatwhite1' });
    expect(deleted.status).toBe(204);
    expect((await me(customer)).status).toBe(401);
    expect((await signIn(customer.user.email, 'flatwhite1')).status).toBe(401);
    const row = await userRow(customer.user.id);
    expect(row).toMatchObject({ username: 'Deleted customer', passwordHash: '!' });
    expect(row.email).not.toContain(customer.user.email.split('@')[0]);
    expect(row.deletedAt).not.toBeNull();
    expect(
      await server.database.db.select().from(sessions).where(eq(sessions.userId, customer.user.id)),
    ).toEqual([]);
    // The shop keeps the order, the review and the chat, under 'Deleted customer'.
    const shopOrder = await server.api.as(owner).get<Order>(`/api/orders/${order.id}`);
    expect(shopOrder.body.customerName).toBe('Deleted customer');
    const shopReviews = await server.api.get<{ username: string }[]>(`/api/reviews/${shop.id}`);
    expect(shopReviews.body.map((review) => review.username)).toContain('Deleted customer');
    const conversations = await server.api
      .as(owner)
      .get<{ customer: { username: string } }[]>('/api/messages/conversations');
    expect(conversations.body.map((one) => one.customer.username)).toContain('Deleted customer');
    // The same email signs up again as someone new.
    const again = await server.api.post<AuthResponse>('/api/auth/register', {
      username: `${customer.user.username}2`,
      email: customer.user.email,
      password: 'flatwhite1',
      role: 'customer',
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(customer.user.id);
  });

  test('an owner is refused with an open order or a running promotion; then their shops leave discovery', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api);
    const { shop, order } = await orderAt(owner, customer, 'confirmed');
    await setHours(server.api, owner, shop, { 1: { openTime: '07:00', closeTime: '15:00' } });
    const busy = await server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(
      `Your shop has order #${order.id} still confirmed: finish or cancel it first`,
    );
    for (const next of ['preparing', 'ready', 'completed'])
      await server.api.as(owner).put(`/api/orders/${order.id}`, { status: next });
    await server.database.db
      .update(coffeeShops)
      .set({ isPromoted: true, promotionExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(coffeeShops.id, shop.id));
    const promoted = await server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(promoted.status).toBe(409);
    expect(promoted.body.message).toMatch(/has a promotion running/);
    await server.database.db
      .update(coffeeShops)
      .set({ isPromoted: false, promotionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(coffeeShops.id, shop.id));

    expect((await server.api.as(owner).delete('/api/account', { password: 'flatwhite1' })).status).toBe(204);
    expect((await server.api.get(`/api/coffee-shops/${shop.id}`)).status).toBe(404);
    const listed = await server.api.get<Shop[]>(`/api/coffee-shops?search=${encodeURIComponent(shop.name)}`);
    expect(listed.body.map((one) => one.id)).not.toContain(shop.id);
    expect(await server.database.db.select().from(menuItems).where(eq(menuItems.shopId, shop.id))).toEqual(
      [],
    );
    expect(
      await server.database.db.select().from(businessHours).where(eq(businessHours.shopId, shop.id)),
    ).toEqual([]);
    const message = await server.api
      .as(customer)
      .post('/api/messages', { shopId: shop.id, receiverId: owner.user.id, content: 'Anyone there?' });
    expect(message.status).toBe(404);
    // The customer's history keeps the order with the shop's name.
    const history = await server.api.as(customer).get<Order[]>('/api/orders');
    expect(history.body.find((one) => one.id === order.id)?.shopName).toBe(shop.name);
    const [kept] = await server.database.db
      .execute(sql`select payout_account_last4 from coffee_shops where id = ${shop.id}`)
      .then((result) => (result as unknown as { rows: { payout_account_last4: string | null }[] }).rows);
    expect(kept!.payout_account_last4).toBeNull();
  });
});
