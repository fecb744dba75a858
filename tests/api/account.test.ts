// One's own account (issue 28): username, email with a code to the new address, password, the POPIA export and
// account deletion for a customer and an owner, each refusal checked against the database.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  businessHours,
  coffeeShops,
  favorites,
  limitCounters,
  menuItems,
  notificationPreferences,
  orderCheckouts,
  outbox,
  promotions,
  pushSubscriptions,
  sessions,
  users,
} from '../../src/server/db/schema.js';
import { FREE_ACCOUNT_FAILURES } from '../../src/server/features/auth/login-throttle.js';
import { sweepUnpaidCheckouts } from '../../src/server/features/orders/payment.js';
import type { AuthResponse, User } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { captureMail } from '../support/captured-mail.js';
import {
  confirmEmails,
  makeMenuItem,
  makeShop,
  makeUser,
  setHours,
  setSpecialDay,
} from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { makeOptionGroup } from '../support/option-factories.js';
import { addMenuItems, localDate, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const mail = captureMail();
let paystack: FakePaystack;
let server: TestApp;

beforeAll(async () => {
  // A fake Paystack, so online orders, payouts and promotions are made as users make them.
  paystack = await startFakePaystack();
  server = await startTestApp({
    mailer: mail.mailer,
    env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
  });
});
afterAll(async () => {
  await server?.close();
  await paystack?.close();
});

/** The payout account every paying shop gives Paystack: only its last 4 digits may be kept or shown. */
const ACCOUNT_NUMBER = '62812345678';

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

/** A shop of `owner` paid out through Paystack, offering online payment, with a R35.00 Flat White. */
async function payingShop(owner: AuthResponse) {
  const shop = await makeShop(server.api, owner);
  const payout = await server.api.as(owner).put(`/api/coffee-shops/${shop.id}/payout`, {
    bankCode: '250655',
    accountNumber: ACCOUNT_NUMBER,
    accountName: 'Test Roasters (Pty) Ltd',
  });
  expect(payout.status).toBe(200);
  const online = await server.api
    .as(owner)
    .put(`/api/coffee-shops/${shop.id}`, { onlinePayment: 'optional' });
  expect(online.status).toBe(200);
  const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Flat White', priceCents: 3500 }]);
  return { shop, itemId: item!.id };
}
/** One Flat White for `who`, paid at the counter or online (then waiting for payment). */
async function placeAt(who: AuthResponse, shopId: number, itemId: number, payment: 'counter' | 'online') {
  const placed = await postOrder<Order>(server.baseUrl, who, {
    shopId,
    items: [{ menuItemId: itemId, quantity: 1 }],
    pickupTime: soon(),
    payment,
  });
  expect(placed.status).toBe(201);
  return placed.body;
}
/** A device's push subscription, as POST /api/push/subscriptions stores it (this app has no VAPID keys). */
async function addPushSubscription(who: AuthResponse, endpoint: string) {
  await server.database.db.insert(pushSubscriptions).values({
    userId: who.user.id,
    endpoint,
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  });
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

describe('the sign-in limits', () => {
  test('a wrong password to change the password, the email or to delete counts as a failed sign-in; past the limit even the right one waits', async () => {
    const user = await makeUser(server.api);
    const before = await userRow(user.user.id);
    const newEmail = `elsewhere-${user.user.id}@example.co.za`;
    const addressKey = 'login:address:127.0.0.1';
    const counted = async (key: string) =>
      (await server.database.db.select().from(limitCounters).where(eq(limitCounters.key, key)))[0]?.count ??
      0;
    const addressBefore = await counted(addressKey);
    const wrongTries = [
      () =>
        server.api.as(user).put<{ message: string }>('/api/account/password', {
          currentPassword: 'nope',
          password: 'espresso9',
        }),
      () =>
        server.api
          .as(user)
          .post<{ message: string }>('/api/account/email', { email: newEmail, password: 'nope' }),
      () => server.api.as(user).delete<{ message: string }>('/api/account', { password: 'nope' }),
    ];
    for (let attempt = 0; attempt < FREE_ACCOUNT_FAILURES; attempt += 1) {
      const wrong = await wrongTries[attempt % wrongTries.length]!();
      expect(wrong).toMatchObject({ status: 400, body: { message: 'That password is not right' } });
    }
    // Counted where sign-in counts them: per account (its email) and per client address.
    expect(await counted(`login:account:${user.user.email.toLowerCase()}`)).toBe(FREE_ACCOUNT_FAILURES);
    expect((await counted(addressKey)) - addressBefore).toBe(FREE_ACCOUNT_FAILURES);
    // The account must now wait before each try (1 s after the last failure, then longer): the right password is
    // refused as a sign-in is, and nothing is hashed or changed.
    const limited = await server.api.as(user).put<{ message: string }>('/api/account/password', {
      currentPassword: 'flatwhite1',
      password: 'espresso9',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/,
    );
    expect((await signIn(user.user.email, 'flatwhite1')).status).toBe(429);
    const after = await userRow(user.user.id);
    expect(after).toMatchObject({ passwordHash: before.passwordHash, email: before.email, deletedAt: null });
    expect(mail.sentTo(newEmail)).toEqual([]);
    expect((await me(user)).status).toBe(200);
  });
});

describe('export', () => {
  test('everything held about the user, as a download; nobody else’s; at most 5 an hour', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api);
    const stranger = await makeUser(server.api);
    await confirmEmails(server.database.db, customer, stranger);
    // The owner's shop: payouts through (fake) Paystack, online payment, a stamp card, a menu with an option group.
    const { shop, itemId } = await payingShop(owner);
    const milk = await makeOptionGroup(server.api, owner, shop);
    const latte = await makeMenuItem(server.api, owner, shop, { name: 'Latte', optionGroupIds: [milk.id] });
    const card = await server.api.as(owner).put(`/api/coffee-shops/${shop.id}/loyalty`, {
      enabled: true,
      stampsRequired: 5,
      reward: 'Any regular coffee free',
      rewardMaxValue: '35.00',
    });
    expect(card.status).toBe(200);
    const promotion = await server.api
      .as(owner)
      .post<{ reference: string }>('/api/promotions/initialize', { shopId: shop.id });
    expect(promotion.status).toBe(200);

    // The customer: a counter order collected (a stamp), an online order paid, one still waiting for payment.
    const counter = await placeAt(customer, shop.id, itemId, 'counter');
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      expect((await server.api.as(owner).put(`/api/orders/${counter.id}`, { status })).status).toBe(200);
    const paid = await placeAt(customer, shop.id, itemId, 'online');
    paystack.pay(paid.payment!.reference);
    const verified = await server.api.as(customer).post<Order>(`/api/orders/${paid.id}/payment/verify`);
    expect(verified.body.paymentStatus).toBe('paid');
    const waiting = await placeAt(customer, shop.id, itemId, 'online');
    expect(waiting.paymentStatus).toBe('awaiting');
    await server.api.as(customer).post('/api/favorites', { shopId: shop.id });
    const review = await server.api.as(customer).post<{ review: { id: number } }>('/api/reviews', {
      shopId: shop.id,
      rating: 5,
      comment: 'Lovely flat white',
    });
    expect(review.status).toBe(201);
    const reply = await server.api
      .as(owner)
      .put(`/api/reviews/${review.body.review.id}/reply`, { text: 'Thank you, see you soon' });
    expect(reply.status).toBe(200);
    await server.api.as(customer).post('/api/messages', {
      shopId: shop.id,
      receiverId: owner.user.id,
      content: 'Thanks for the coffee',
    });
    await server.api.as(owner).post('/api/messages', {
      shopId: shop.id,
      receiverId: customer.user.id,
      content: 'Come again soon',
    });
    expect((await server.api.as(customer).post(`/api/messages/${shop.id}/read`)).status).toBe(204);
    expect(
      (await server.api.as(owner).post(`/api/messages/${shop.id}/read?customerId=${customer.user.id}`))
        .status,
    ).toBe(204);
    await addPushSubscription(customer, 'https://push.customer.example.net/device-1');
    await server.api
      .as(customer)
      .put('/api/notification-preferences', { orderUpdates: true, newOrders: true, messages: false });

    // Someone else at the same shop, with records of every kind.
    await server.api.as(stranger).post('/api/favorites', { shopId: shop.id });
    await server.api
      .as(stranger)
      .post('/api/messages', { shopId: shop.id, receiverId: owner.user.id, content: 'Stranger secret' });
    await server.api
      .as(stranger)
      .post('/api/reviews', { shopId: shop.id, rating: 2, comment: 'Stranger review' });
    const strangerWaiting = await placeAt(stranger, shop.id, itemId, 'online');
    await addPushSubscription(stranger, 'https://push.stranger.example.net/device-2');
    // Hours last: from now on the shop is open on Mondays only.
    await setHours(server.api, owner, shop, { 1: { openTime: '07:00', closeTime: '15:00' } });
    const holiday = localDate(new Date(Date.now() + 3 * 86_400_000));
    await setSpecialDay(server.api, owner, shop, holiday, { note: 'Closed for a holiday' });

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
    expect(data.messages.map((one: { content: string }) => one.content)).toEqual(
      expect.arrayContaining(['Thanks for the coffee', 'Come again soon']),
    );
    expect(data.conversationReads).toEqual([
      expect.objectContaining({ shopId: shop.id, customerId: customer.user.id }),
    ]);
    expect(data.conversationReads[0].lastReadMessageId).toBeGreaterThan(0);
    expect(data.orders).toEqual([
      expect.objectContaining({
        id: counter.id,
        status: 'completed',
        paymentStatus: 'not_required',
        lines: [expect.objectContaining({ name: 'Flat White', quantity: 1 })],
      }),
      expect.objectContaining({
        id: paid.id,
        paymentStatus: 'paid',
        paymentReference: paid.payment!.reference,
        paidAt: expect.any(String),
      }),
    ]);
    expect(data.onlineCheckouts).toEqual([
      expect.objectContaining({
        orderId: waiting.id,
        shopId: shop.id,
        paymentStatus: 'awaiting',
        reference: waiting.payment!.reference,
        authorizationUrl: waiting.payment!.authorization_url,
        totalCents: 3500,
        lines: [expect.objectContaining({ name: 'Flat White', quantity: 1, priceCents: 3500 })],
      }),
    ]);
    expect(data.loyaltyStamps).toEqual([expect.objectContaining({ orderId: counter.id, shopId: shop.id })]);
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ pushService: 'push.customer.example.net' }),
    ]);
    expect(data.notificationPreferences).toEqual({ orderUpdates: true, newOrders: true, messages: false });
    expect(data.shops).toEqual([]);
    expect(data.reviewReplies).toEqual([]);
    // Nobody else's: the stranger's words, address, checkout and device; the owner's payout and promotion.
    for (const foreign of [
      'Stranger secret',
      'Stranger review',
      stranger.user.email,
      strangerWaiting.payment!.reference,
      'push.stranger.example.net',
      owner.user.email,
      promotion.body.reference,
      'First National Bank',
      ACCOUNT_NUMBER,
    ])
      expect(text).not.toContain(foreign);
    expect(text).not.toContain('password');
    expect(text).not.toMatch(/hash/i);

    const ownerResponse = await server.api.as(owner).get<string>('/api/account/export');
    const ownerText = JSON.stringify(ownerResponse.body);
    const ownerData = ownerResponse.body as unknown as {
      shops: {
        id: number;
        menu: { id: number; name: string }[];
        optionGroups: { name: string; options: { name: string }[]; menuItemIds: number[] }[];
        hours: { dayOfWeek: number }[];
        specialDays: { date: string; note: string }[];
        promotions: { reference: string; status: string }[];
        payout: { bankName: string; accountLast4: string };
      }[];
      messages: { content: string }[];
      reviewReplies: { reviewId: number; replyText: string }[];
      conversationReads: { customerId: number }[];
      onlineCheckouts: unknown[];
      orders: unknown[];
    };
    expect(ownerData.shops.map((one) => one.id)).toEqual([shop.id]);
    const [ownShop] = ownerData.shops;
    expect(ownShop!.menu.map((item) => item.name)).toEqual(['Flat White', 'Latte']);
    expect(ownShop!.optionGroups).toEqual([
      expect.objectContaining({
        name: 'Milk',
        options: [
          expect.objectContaining({ name: 'Full cream' }),
          expect.objectContaining({ name: 'Oat milk' }),
        ],
        menuItemIds: [latte.id],
      }),
    ]);
    expect(ownShop!.hours).toContainEqual(expect.objectContaining({ dayOfWeek: 1, openTime: '07:00' }));
    expect(ownShop!.specialDays).toEqual([
      expect.objectContaining({ date: holiday, note: 'Closed for a holiday' }),
    ]);
    expect(ownShop!.promotions).toEqual([
      expect.objectContaining({ reference: promotion.body.reference, status: 'pending' }),
    ]);
    // Payouts: the bank and the last 4 digits, never the account number or the Paystack subaccount.
    expect(ownShop!.payout).toMatchObject({ bankName: 'First National Bank', accountLast4: '5678' });
    const [shopRow] = await server.database.db.select().from(coffeeShops).where(eq(coffeeShops.id, shop.id));
    expect(ownerText).not.toContain(ACCOUNT_NUMBER);
    expect(ownerText).not.toContain(shopRow!.paystackSubaccountCode!);
    expect(ownerData.reviewReplies).toEqual([
      expect.objectContaining({ reviewId: review.body.review.id, replyText: 'Thank you, see you soon' }),
    ]);
    expect(ownerData.conversationReads).toContainEqual(
      expect.objectContaining({ customerId: customer.user.id, lastReadMessageId: expect.any(Number) }),
    );
    expect(ownerData.messages.map((one) => one.content)).toContain('Stranger secret');
    // The customers' own records are theirs: not their orders, checkouts, devices or emails.
    expect(ownerData.orders).toEqual([]);
    expect(ownerData.onlineCheckouts).toEqual([]);
    for (const foreign of [
      customer.user.email,
      stranger.user.email,
      waiting.payment!.reference,
      'push.customer.example.net',
      'Stranger review',
      'Lovely flat white',
    ])
      expect(ownerText).not.toContain(foreign);

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

  test('a customer with an online order waiting for payment is refused; once it expires, nothing of theirs is left but their name erased', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const customer = await makeUser(server.api);
    const { shop, itemId } = await payingShop(owner);
    // A paid online order, collected: its checkout row stays as a record with the customer's name.
    const paid = await placeAt(customer, shop.id, itemId, 'online');
    paystack.pay(paid.payment!.reference);
    expect(
      (await server.api.as(customer).post<Order>(`/api/orders/${paid.id}/payment/verify`)).body.paymentStatus,
    ).toBe('paid');
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      expect((await server.api.as(owner).put(`/api/orders/${paid.id}`, { status })).status).toBe(200);
    const waiting = await placeAt(customer, shop.id, itemId, 'online');
    await server.api.as(customer).post('/api/favorites', { shopId: shop.id });
    await addPushSubscription(customer, `https://push.example.net/customer-${customer.user.id}`);
    await server.api
      .as(customer)
      .put('/api/notification-preferences', { orderUpdates: false, newOrders: true, messages: true });
    const laptop = (await signIn(customer.user.email, 'flatwhite1')).body;

    const refused = await server.api
      .as(customer)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Your order #${waiting.id} is still waiting for payment: pay for it or let it expire first`,
    );
    expect((await userRow(customer.user.id)).deletedAt).toBeNull();
    // The shop's owner is refused too while it waits.
    const ownerRefused = await server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(ownerRefused.status).toBe(409);
    expect(ownerRefused.body.message).toMatch(
      new RegExp(`^Your shop has order #${waiting.id} still waiting for payment`),
    );

    // Not paid within the window: the sweep lets it go, and the customer may leave.
    await sweepUnpaidCheckouts(
      server.database.db,
      server.app.deps.payments,
      new Date(Date.now() + 31 * 60_000),
    );
    const checkoutRows = () =>
      server.database.db.select().from(orderCheckouts).where(eq(orderCheckouts.customerId, customer.user.id));
    expect((await checkoutRows()).map((row) => row.paymentStatus).sort()).toEqual(['expired', 'paid']);
    // The outbox holds work about them: a reset asked for their address (and the mail it makes).
    const db = server.database.db;
    const aboutThem = () =>
      db
        .select()
        .from(outbox)
        .where(
          sql`${outbox.payload}::text like ${`%${customer.user.email}%`}
            or (${outbox.kind} = 'push' and ${outbox.payload}->>'userId' = ${String(customer.user.id)})`,
        );
    expect(
      (await server.api.post('/api/auth/password-reset/request', { email: customer.user.email })).status,
    ).toBe(200);
    expect((await aboutThem()).length).toBeGreaterThan(0);
    const deleted = await server.api.as(customer).delete('/api/account', { password: 'flatwhite1' });
    expect(deleted.status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect(await aboutThem()).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, customer.user.id))).toEqual([]);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.user.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, customer.user.id)),
    ).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.user.id))).toEqual([]);
    const erased = await checkoutRows();
    expect(erased).toHaveLength(2);
    for (const row of erased) {
      expect((row.placing as { names: { customerName: string } }).names.customerName).toBe(
        'Deleted customer',
      );
      expect(JSON.stringify(row.placing)).not.toContain(customer.user.username);
    }
    // The shop's own name on them is kept.
    expect((erased[0]!.placing as { names: { shopName: string } }).names.shopName).toBe(shop.name);
  });

  test('an owner is refused while a promotion waits for its payment; one left unpaid past the window no longer counts', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const { shop } = await payingShop(owner);
    const started = await server.api
      .as(owner)
      .post<{ reference: string }>('/api/promotions/initialize', { shopId: shop.id });
    expect(started.status).toBe(200);
    const refused = await server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(new RegExp(`^${shop.name} has a promotion waiting for payment`));
    expect((await userRow(owner.user.id)).deletedAt).toBeNull();
    // Paid and running: refused as running.
    paystack.pay(started.body.reference);
    const verified = await server.api
      .as(owner)
      .post<{ status: string }>('/api/promotions/verify', { reference: started.body.reference });
    expect(verified.body.status).toBe('success');
    const running = await server.api
      .as(owner)
      .delete<{ message: string }>('/api/account', { password: 'flatwhite1' });
    expect(running).toMatchObject({
      status: 409,
      body: { message: `${shop.name} has a promotion running: delete your account once it ends` },
    });
    // Ended; then another started but never paid, and 31 minutes have passed.
    await server.database.db
      .update(coffeeShops)
      .set({ isPromoted: false, promotionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(coffeeShops.id, shop.id));
    await server.database.db
      .update(promotions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(promotions.reference, started.body.reference));
    const abandoned = await server.api
      .as(owner)
      .post<{ reference: string }>('/api/promotions/initialize', { shopId: shop.id });
    await server.database.db
      .update(promotions)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(and(eq(promotions.reference, abandoned.body.reference), eq(promotions.status, 'pending')));
    expect((await server.api.as(owner).delete('/api/account', { password: 'flatwhite1' })).status).toBe(204);
    expect((await userRow(owner.user.id)).deletedAt).not.toBeNull();
  });
});
