// Paid promotion over real HTTP against a fake Paystack: refusals, Paystack's checks, signed webhooks, exactly once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { coffeeShops, promotions } from '../../src/server/db/schema.js';
import { createPaystackPayments, signPaystackBody } from '../../src/server/integrations/payments.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type {
  InitializePromotionResult,
  Promotion,
  VerifyPromotionResult,
} from '../../src/shared/api/promotions.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://brewconnect.example.co.za';

let paystack: FakePaystack;
let server: TestApp;
/** A second instance on the same database with no Paystack key at all. */
let unconfigured: Awaited<ReturnType<typeof startAppOn>>;
/** A third whose Paystack adapter gives up after 300 ms instead of 10 s, for the timeout tests. */
let impatient: Awaited<ReturnType<typeof startAppOn>>;
let owner: AuthResponse;
let otherOwner: AuthResponse;
let customer: AuthResponse;

beforeAll(async () => {
  paystack = await startFakePaystack();
  server = await startTestApp({
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      PUBLIC_URL,
    },
  });
  unconfigured = await startAppOn(server.database);
  impatient = await startAppOn(server.database, {
    payments: createPaystackPayments({
      secretKey: paystack.secretKey,
      baseUrl: paystack.url,
      timeoutMs: 300,
    }),
  });
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});

afterAll(async () => {
  await impatient?.close();
  await unconfigured?.close();
  await server?.close();
  await paystack?.close();
});

beforeEach(() => {
  paystack.setVerifyMode('normal');
  paystack.setInitializeMode('normal');
  paystack.setWebhookUrl(undefined);
});

const db = () => server.database.db;
const webhookUrl = () => `${server.baseUrl}/api/payments/paystack/webhook`;

async function promotionRow(reference: string) {
  const [row] = await db().select().from(promotions).where(eq(promotions.reference, reference));
  return row;
}

async function shopRow(shopId: number) {
  const [row] = await db().select().from(coffeeShops).where(eq(coffeeShops.id, shopId));
  return row!;
}

async function promotionCount(shopId: number) {
  return (await db().select().from(promotions).where(eq(promotions.shopId, shopId))).length;
}

async function initialize(shop: Shop, as: AuthResponse = owner) {
  const reply = await server.api
    .as(as)
    .post<InitializePromotionResult>('/api/promotions/initialize', { shopId: shop.id });
  expect(reply.status).toBe(200);
  return reply.body.reference;
}

/** A shop with a promotion paid on Paystack (not yet verified): its reference. */
async function paidPromotion(shop: Shop) {
  const reference = await initialize(shop);
  paystack.pay(reference);
  return reference;
}

function verify(reference: string, as: AuthResponse = owner, api = server.api) {
  return api.as(as).post<VerifyPromotionResult>('/api/promotions/verify', { reference });
}

function postWebhook(body: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-paystack-signature'] = signature;
  return fetch(webhookUrl(), { method: 'POST', headers, body });
}

describe('pricing and plans', () => {
  test('anyone reads the price: R499 (49900 cents) for 30 days in rand', async () => {
    const pricing = await server.api.get('/api/promotions/pricing');
    expect(pricing.status).toBe(200);
    expect(pricing.body).toEqual({ amount: 49900, duration: 30, currency: 'ZAR' });
    const plans = await server.api.get('/api/promotions/plans');
    expect(plans.body).toEqual([
      { id: 'featured-30', name: expect.any(String), amount: 49900, duration: 30, currency: 'ZAR' },
    ]);
  });

  test('without a Paystack key pricing still answers but initialize is 503 and stores nothing', async () => {
    const shop = await makeShop(server.api, owner);
    expect((await unconfigured.api.get('/api/promotions/pricing')).body).toEqual({
      amount: 49900,
      duration: 30,
      currency: 'ZAR',
    });
    const reply = await unconfigured.api.as(owner).post('/api/promotions/initialize', { shopId: shop.id });
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ message: 'Payments are not configured' });
    expect(await promotionCount(shop.id)).toBe(0);
  });
});

describe('who may promote', () => {
  test('a visitor gets 401, a customer 403 and another owner 404 for history, initialize and verify', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await initialize(shop);
    const calls = [
      (api: typeof server.api | ReturnType<typeof server.api.as>) => api.get(`/api/promotions/${shop.id}`),
      (api: typeof server.api | ReturnType<typeof server.api.as>) =>
        api.post('/api/promotions/initialize', { shopId: shop.id }),
      (api: typeof server.api | ReturnType<typeof server.api.as>) =>
        api.post('/api/promotions/verify', { reference }),
    ];
    for (const call of calls) {
      expect((await call(server.api)).status).toBe(401);
      expect((await call(server.api.as(customer))).status).toBe(403);
      const foreign = await call(server.api.as(otherOwner));
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: expect.any(String) });
    }
    expect(await promotionCount(shop.id)).toBe(1);
    expect((await promotionRow(reference))!.status).toBe('pending');
  });

  test('a bad shop id or a blank reference is a 400 naming the field, and nothing is stored', async () => {
    const shop = await makeShop(server.api, owner);
    const badId = await server.api.as(owner).post('/api/promotions/initialize', { shopId: 'one' });
    expect(badId.status).toBe(400);
    expect((badId.body as { message: string }).message).toMatch(/shopId/);
    const blank = await server.api.as(owner).post('/api/promotions/verify', { reference: '   ' });
    expect(blank.status).toBe(400);
    expect((blank.body as { message: string }).message).toMatch(/reference/);
    expect(await promotionCount(shop.id)).toBe(0);
  });

  test('an unknown reference is 404 and Paystack is not asked', async () => {
    const asked = paystack.requests.length;
    const reply = await verify('promo-doesnotexist');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Promotion not found' });
    expect(paystack.requests.length).toBe(asked);
  });
});

describe('initialize', () => {
  test('stores a pending promotion under a server-made reference and sends Paystack its real request', async () => {
    const shop = await makeShop(server.api, owner);
    const reply = await server.api
      .as(owner)
      .post<InitializePromotionResult>('/api/promotions/initialize', { shopId: shop.id, reference: 'mine' });
    expect(reply.status).toBe(200);
    const { reference, authorization_url } = reply.body;
    expect(reference).toMatch(/^promo-[0-9a-f]{24}$/);
    expect(authorization_url).toMatch(new RegExp(`^${paystack.url}/checkout/`));

    const row = await promotionRow(reference);
    expect(row).toMatchObject({ shopId: shop.id, amountCents: 49900, durationDays: 30, status: 'pending' });
    expect(row!.startDate).toBeNull();
    const sent = paystack.transactions.get(reference)!;
    expect(sent).toMatchObject({
      email: owner.user.email,
      amount: 49900,
      currency: 'ZAR',
      callbackUrl: `${PUBLIC_URL}/dashboard?promotion=${reference}`,
      metadata: { shopId: shop.id, promotionId: row!.id },
    });
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: `Bearer ${paystack.secretKey}`,
    });
  });

  test('every initialize makes a new reference', async () => {
    const shop = await makeShop(server.api, owner);
    const references = await Promise.all([initialize(shop), initialize(shop), initialize(shop)]);
    expect(new Set(references).size).toBe(3);
    expect(await promotionCount(shop.id)).toBe(3);
  });

  test('a Paystack error is a 502 with a message, and the pending row is marked failed', async () => {
    const shop = await makeShop(server.api, owner);
    paystack.setInitializeMode('fail');
    const reply = await server.api.as(owner).post('/api/promotions/initialize', { shopId: shop.id });
    expect(reply.status).toBe(502);
    expect((reply.body as { message: string }).message).toMatch(/Paystack/);
    const [row] = await db().select().from(promotions).where(eq(promotions.shopId, shop.id));
    expect(row!.status).toBe('failed');
    expect((await shopRow(shop.id)).isPromoted).toBe(false);
  });

  test('a Paystack that does not answer in time is a 502, and the pending row is marked failed', async () => {
    const shop = await makeShop(server.api, owner);
    paystack.setInitializeMode('hang');
    const reply = await impatient.api.as(owner).post('/api/promotions/initialize', { shopId: shop.id });
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ message: 'Paystack did not answer in time. Please try again.' });
    const [row] = await db().select().from(promotions).where(eq(promotions.shopId, shop.id));
    expect(row!.status).toBe('failed');
  });

  test('a failed promotion can never be verified into an active one', async () => {
    const shop = await makeShop(server.api, owner);
    paystack.setInitializeMode('fail');
    await server.api.as(owner).post('/api/promotions/initialize', { shopId: shop.id });
    const [row] = await db().select().from(promotions).where(eq(promotions.shopId, shop.id));
    const reply = await verify(row!.reference);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'failed' });
    expect((await promotionRow(row!.reference))!.status).toBe('failed');
  });
});

describe('verify', () => {
  test('activates a paid promotion: the shop is featured for 30 days from now and the row is active', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    // Asked once before, so discover's cache holds a featured list without this shop.
    const featuredBefore = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
    expect(featuredBefore.body.map((listed) => listed.id)).not.toContain(shop.id);
    const before = Date.now();
    const reply = await verify(reference);
    const after = Date.now();
    expect(reply.status).toBe(200);
    const body = reply.body as Extract<VerifyPromotionResult, { status: 'success' }>;
    expect(body.status).toBe('success');
    expect(body.shop).toMatchObject({ id: shop.id, isPromoted: true });
    expect(body.promotion).toMatchObject({ reference, status: 'active', amount: 49900, currency: 'ZAR' });

    const stored = await shopRow(shop.id);
    const expiry = stored.promotionExpiresAt!.getTime();
    expect(stored.isPromoted).toBe(true);
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
    expect(expiry).toBeLessThanOrEqual(after + 30 * DAY_MS + 1000);
    const row = (await promotionRow(reference))!;
    expect(row.status).toBe('active');
    expect(row.endDate!.getTime()).toBe(expiry);
    expect(row.endDate!.getTime() - row.startDate!.getTime()).toBe(30 * DAY_MS);
    expect(body.shop.promotionExpiresAt).toBe(stored.promotionExpiresAt!.toISOString());

    const history = await server.api.as(owner).get<Promotion[]>(`/api/promotions/${shop.id}`);
    expect(history.body).toEqual([
      expect.objectContaining({ reference, status: 'active', endDate: row.endDate!.toISOString() }),
    ]);
    const featured = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
    expect(featured.body.map((listed) => listed.id)).toContain(shop.id);
  });

  test('verifying the same reference again answers success without extending twice', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    await verify(reference);
    const expiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
    const again = await verify(reference);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'success', promotion: { status: 'active' } });
    expect((await shopRow(shop.id)).promotionExpiresAt!.getTime()).toBe(expiry);
  });

  test('a payment not yet made answers with Paystack status and changes nothing', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await initialize(shop);
    const reply = await verify(reference);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'abandoned', message: expect.any(String) });
    expect((await promotionRow(reference))!.status).toBe('pending');
    expect((await shopRow(shop.id)).isPromoted).toBe(false);
  });

  test('a declined payment answers failed and changes nothing', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await initialize(shop);
    paystack.transactions.get(reference)!.status = 'failed';
    const reply = await verify(reference);
    expect(reply.body).toEqual({ status: 'failed', message: expect.any(String) });
    expect((await promotionRow(reference))!.status).toBe('pending');
    expect((await shopRow(shop.id)).promotionExpiresAt).toBeNull();
  });

  test.each([
    ['wrong-amount', /amount/],
    ['wrong-currency', /rand/],
  ] as const)('a success from Paystack with the %s is refused and changes nothing', async (mode, message) => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    paystack.setVerifyMode(mode);
    const reply = await verify(reference);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'failed', message: expect.stringMatching(message) });
    expect((await promotionRow(reference))!.status).toBe('pending');
    expect((await shopRow(shop.id)).isPromoted).toBe(false);
  });

  test('Paystack failing or hanging during verify is a 502 and the promotion stays pending', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    paystack.setVerifyMode('fail');
    const failed = await verify(reference);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: expect.stringMatching(/Paystack/) });
    paystack.setVerifyMode('hang');
    const hung = await verify(reference, owner, impatient.api);
    expect(hung.status).toBe(502);
    expect((await promotionRow(reference))!.status).toBe('pending');
    // Paystack back: the same reference still activates.
    paystack.setVerifyMode('normal');
    expect((await verify(reference)).body).toMatchObject({ status: 'success' });
  });

  test('paying again while featured extends from the running expiry by exactly 30 days', async () => {
    const shop = await makeShop(server.api, owner);
    await verify(await paidPromotion(shop));
    const firstExpiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
    const second = await paidPromotion(shop);
    const reply = await verify(second);
    expect(reply.body).toMatchObject({ status: 'success' });
    const secondExpiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
    expect(secondExpiry - firstExpiry).toBe(30 * DAY_MS);
    expect((await promotionRow(second))!.endDate!.getTime()).toBe(secondExpiry);
  });

  test('a shop whose promotion ran out starts its new 30 days from now, not from the old expiry', async () => {
    const shop = await makeShop(server.api, owner);
    await db()
      .update(coffeeShops)
      .set({ isPromoted: true, promotionExpiresAt: sql`now() - interval '3 days'` })
      .where(eq(coffeeShops.id, shop.id));
    const before = Date.now();
    await verify(await paidPromotion(shop));
    const expiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
  });
});

describe('expiry', () => {
  test('once its end passes the shop is no longer featured and its promotion reads expired', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    await verify(reference);
    // As if the 30 days had gone by.
    await db()
      .update(coffeeShops)
      .set({ promotionExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(coffeeShops.id, shop.id));
    await db()
      .update(promotions)
      .set({ endDate: sql`now() - interval '1 second'` })
      .where(eq(promotions.reference, reference));

    const history = await server.api.as(owner).get<Promotion[]>(`/api/promotions/${shop.id}`);
    expect(history.body[0]).toMatchObject({ reference, status: 'expired' });
    const one = await server.api.get<Shop>(`/api/coffee-shops/${shop.id}`);
    expect(one.body.isPromoted).toBe(false);
    const featured = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
    expect(featured.body.map((listed) => listed.id)).not.toContain(shop.id);
    // Verifying an expired reference again must not revive it.
    expect((await verify(reference)).body).toMatchObject({
      status: 'success',
      promotion: { status: 'expired' },
    });
    expect((await shopRow(shop.id)).promotionExpiresAt!.getTime()).toBeLessThan(Date.now());
  });

  test('history lists a shop’s promotions newest first', async () => {
    const shop = await makeShop(server.api, owner);
    const first = await initialize(shop);
    const second = await initialize(shop);
    const history = await server.api.as(owner).get<Promotion[]>(`/api/promotions/${shop.id}`);
    expect(history.body.map((item) => item.reference)).toEqual([second, first]);
    expect(history.body[0]).toEqual({
      id: expect.any(Number),
      shopId: shop.id,
      reference: second,
      amount: 49900,
      currency: 'ZAR',
      status: 'pending',
      startDate: null,
      endDate: null,
      createdAt: expect.any(String),
    });
  });
});

describe('webhook', () => {
  test('a missing or wrong signature is 401 and changes nothing', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    const { body, signature } = paystack.chargeSuccessEvent(reference);
    expect((await postWebhook(body)).status).toBe(401);
    expect((await postWebhook(body, 'f'.repeat(128))).status).toBe(401);
    expect((await postWebhook(body, `${signature}00`)).status).toBe(401);
    // Signed for a different body: the signature covers the exact bytes.
    expect((await postWebhook(body.replace('"ZAR"', '"ZAR" '), signature)).status).toBe(401);
    expect((await promotionRow(reference))!.status).toBe('pending');
    expect((await shopRow(shop.id)).isPromoted).toBe(false);
  });

  test('a correctly signed charge.success activates the promotion, and a resend changes nothing more', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    const { body, signature } = paystack.chargeSuccessEvent(reference);
    const reply = await postWebhook(body, signature);
    expect(reply.status).toBe(200);
    expect((await promotionRow(reference))!.status).toBe('active');
    const expiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
    expect((await shopRow(shop.id)).isPromoted).toBe(true);

    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await verify(reference)).body).toMatchObject({ status: 'success' });
    expect((await shopRow(shop.id)).promotionExpiresAt!.getTime()).toBe(expiry);
  });

  test('a signed charge.success with the wrong amount or currency is acknowledged and ignored', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    for (const override of [{ amount: 100 }, { currency: 'NGN' }]) {
      const { body, signature } = paystack.chargeSuccessEvent(reference, override);
      expect((await postWebhook(body, signature)).status).toBe(200);
    }
    expect((await promotionRow(reference))!.status).toBe('pending');
    expect((await shopRow(shop.id)).isPromoted).toBe(false);
  });

  test('other events and unknown references are acknowledged with 200 and change nothing', async () => {
    const other = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect((await postWebhook(other, signPaystackBody(paystack.secretKey, other))).status).toBe(200);
    const { body, signature } = paystack.chargeSuccessEvent('promo-unknown000');
    const before = (await db().select().from(promotions)).length;
    expect((await postWebhook(body, signature)).status).toBe(200);
    expect((await db().select().from(promotions)).length).toBe(before);
  });

  test('without a Paystack key the webhook answers 503 and changes nothing', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    const { body, signature } = paystack.chargeSuccessEvent(reference);
    const reply = await fetch(`${unconfigured.baseUrl}/api/payments/paystack/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body,
    });
    expect(reply.status).toBe(503);
    expect((await promotionRow(reference))!.status).toBe('pending');
  });

  test('a webhook activation shows in the featured list at once, past discover’s cache', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await paidPromotion(shop);
    const cached = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
    expect(cached.body.map((listed) => listed.id)).not.toContain(shop.id);
    const { body, signature } = paystack.chargeSuccessEvent(reference);
    expect((await postWebhook(body, signature)).status).toBe(200);
    const fresh = await server.api.get<Shop[]>('/api/coffee-shops?promoted=true');
    expect(fresh.body.map((listed) => listed.id)).toContain(shop.id);
  });

  test('the fake’s Pay sends a signed webhook that the app accepts', async () => {
    const shop = await makeShop(server.api, owner);
    const reference = await initialize(shop);
    paystack.setWebhookUrl(webhookUrl());
    paystack.pay(reference);
    expect(await paystack.sendChargeSuccess(reference)).toBe(200);
    expect((await promotionRow(reference))!.status).toBe('active');
  });

  test('the rest of the app still parses JSON bodies as before', async () => {
    const reply = await fetch(`${server.baseUrl}/api/promotions/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.accessToken}` },
      body: '{not json',
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});

describe('exactly once', () => {
  test('verify and webhook racing, many times each, extend each shop by exactly 30 days', async () => {
    const shops = await Promise.all([1, 2, 3, 4, 5].map(() => makeShop(server.api, owner)));
    const references = await Promise.all(shops.map((shop) => paidPromotion(shop)));
    const before = Date.now();
    const attempts = references.flatMap((reference) => {
      const { body, signature } = paystack.chargeSuccessEvent(reference);
      return [
        ...[1, 2, 3, 4].map(() => verify(reference).then((reply) => reply.status)),
        ...[1, 2, 3, 4].map(() => postWebhook(body, signature).then((reply) => reply.status)),
      ];
    });
    const statuses = await Promise.all(attempts);
    const after = Date.now();
    expect(statuses.every((status) => status === 200)).toBe(true);
    for (const [index, shop] of shops.entries()) {
      const expiry = (await shopRow(shop.id)).promotionExpiresAt!.getTime();
      expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(expiry).toBeLessThanOrEqual(after + 30 * DAY_MS + 1000);
      expect((await promotionRow(references[index]!))!.status).toBe('active');
    }
  });
});
