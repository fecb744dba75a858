// Hardening over real HTTP (issue 33): no token signed with a secret from the source is believed, strangers'
// bodies cost little (the webhook checks its signature first, the NUL check is one pass, nesting is bounded), and
// an id is a JSON integer in a body and plain digits in a path or query, nothing that merely converts to one.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { favorites, menuItems, users, verificationCodes } from '../../src/server/db/schema.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { captureMail, wrongCodeFor } from '../support/captured-mail.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { type FakePaystack, startFakePaystack } from '../support/fake-paystack.js';
import { looseIdSpellings } from '../support/loose-ids.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('access tokens: no secret from the source signs one', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => server?.close());

  test('a token signed with the old development constant is refused 401', async () => {
    const customer = await makeUser(server.api);
    // The constant config.ts used when JWT_SECRET was unset: anyone who read the source could sign as anyone.
    const formerConstant = new TextEncoder().encode(
      'development-only-secret-change-me-in-production-0123456789',
    );
    const forged = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(formerConstant);
    expect((await server.api.as(forged).get('/api/orders')).status).toBe(401);
    expect((await server.api.as(customer).get('/api/orders')).status).toBe(200);
  });
});

describe("strangers' bodies cost little", () => {
  let server: TestApp;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack();
    server = await startTestApp({
      env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.url },
    });
  });
  afterAll(async () => {
    await server?.close();
    await paystack?.close();
  });

  test('20 unsigned or wrongly signed 250 KB webhook bodies are refused for well under a second of CPU', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { filler: 'x'.repeat(250 * 1024) } });
    const post = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/payments/paystack/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    // The server runs in this process, so its CPU is counted here (the old NUL walk took 150-400 ms a body).
    const before = process.cpuUsage();
    const replies = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      replies.push(await post(attempt % 2 ? { 'x-paystack-signature': 'f'.repeat(128) } : {}));
    }
    const used = process.cpuUsage(before);
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(401));
    expect(await replies[0]!.json()).toEqual({ message: 'Invalid signature' });
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });
});

describe('deeply nested JSON', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => server?.close());

  const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  const postFavorite = (customer: { accessToken: string }, body: string) =>
    fetch(`${server.baseUrl}/api/favorites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.accessToken}` },
      body,
    });

  test.each([
    ['10,000 arrays deep', `{"shopId": ${nested(10_000, '1')}}`],
    ['10,000 arrays deep with a NUL at the bottom', `{"shopId": ${nested(10_000, '"\\u0000"')}}`],
    ['40,000 objects deep', `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`],
    ['33 deep', `{"shopId": ${nested(32, '1')}}`],
  ])('a body %s is a 400 saying so, not a 500', async (_name, body) => {
    const customer = await makeUser(server.api);
    const reply = await postFavorite(customer, body);
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ message: 'The request body is nested too deeply' });
  });

  test('32 deep is read, and brackets inside strings do not count', async () => {
    const customer = await makeUser(server.api);
    const reply = await postFavorite(customer, `{"shopId": ${nested(31, '"[[[[{{{{"')}}`);
    expect(reply.status).toBe(400);
    expect((await reply.json()).message).toMatch(/^shopId/);
  });
});

describe('ids are integers in bodies and plain digits in paths and queries', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => server?.close());

  const looseSpellings = (id: number) => looseIdSpellings.map((spell) => spell(id));

  test.each([
    ['true', true],
    ['a list holding the id', [1]],
    ['a nested list', [[1]]],
    ['the id as text', '1'],
    ['hex text', '0x1'],
  ])('a favourite whose shopId is %s is a 400 and adds nothing', async (_name, shopId) => {
    const owner = await makeUser(server.api, 'shop_owner');
    await makeShop(server.api, owner); // shop 1 exists, so a loose 1 would name it
    const customer = await makeUser(server.api);
    const reply = await server.api.as(customer).post<{ message: string }>('/api/favorites', { shopId });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^shopId/);
    expect(
      await server.database.db.select().from(favorites).where(eq(favorites.userId, customer.user.id)),
    ).toEqual([]);
  });

  test('loose spellings of a menu item id in a path are 400s and delete nothing', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const item = await makeMenuItem(server.api, owner, await makeShop(server.api, owner));
    for (const spelling of looseSpellings(item.id)) {
      const reply = await server.api.as(owner).delete(`/api/menu-items/${spelling}`);
      expect(reply.status, spelling).toBe(400);
    }
    expect(await server.database.db.select().from(menuItems).where(eq(menuItems.id, item.id))).toHaveLength(
      1,
    );
  });

  test('loose spellings of a shop id are 400s in a path and in a query; plain digits, leading zeros too, are read', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const shop = await makeShop(server.api, owner);
    const customer = await makeUser(server.api);
    for (const spelling of looseSpellings(shop.id)) {
      expect((await server.api.get(`/api/coffee-shops/${spelling}`)).status, spelling).toBe(400);
      expect((await server.api.as(customer).get(`/api/favorites/${spelling}/check`)).status, spelling).toBe(
        400,
      );
      const history = await server.api.as(owner).get(`/api/messages/${shop.id}?customerId=${spelling}`);
      expect(history.status, spelling).toBe(400);
    }
    expect((await server.api.get<Shop>(`/api/coffee-shops/00${shop.id}`)).body.id).toBe(shop.id);
  });

  test.each([
    ['hex', '0x10'],
    ['exponent', '1e1'],
    ['padded', '%2010'],
    ['empty', ''],
    ['Infinity', 'Infinity'],
  ])('a %s coordinate in the list query is a 400', async (_name, latitude) => {
    const reply = await server.api.get<{ message: string }>(
      `/api/coffee-shops?latitude=${latitude}&longitude=18`,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('latitude');
  });

  test('a shop takes coordinates as numbers or plain decimal text, and refuses hex, exponents and padding', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const made = await makeShop(server.api, owner, { latitude: -33.9249, longitude: '18.4241' });
    expect([made.latitude, made.longitude]).toEqual(['-33.9249', '18.4241']);
    for (const latitude of ['0x10', '-3.3e1', ' -33.9', '-33.9 ', '+33.9', 'Infinity']) {
      const reply = await server.api.as(owner).post<{ message: string }>('/api/coffee-shops', {
        name: 'Loose',
        category: 'specialty',
        address: '1 Long St',
        latitude,
        longitude: 18,
      });
      expect(reply.status, latitude).toBe(400);
      expect(reply.body.message, latitude).toContain('latitude');
    }
  });
});

describe('client mistakes are 4xx, never 500', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => server?.close());

  const upload = (owner: { accessToken: string }, contentType: string, body: string) =>
    fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': contentType },
      body,
    });

  test.each([
    ['no boundary', 'multipart/form-data'],
    ['an empty boundary', 'multipart/form-data; boundary='],
    ['a boundary of another parameter', 'multipart/form-data; charset=utf-8'],
  ])('a multipart upload with %s is a 400', async (_name, contentType) => {
    const owner = await makeUser(server.api, 'shop_owner');
    const reply = await upload(
      owner,
      contentType,
      '--x\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
    );
    expect(reply.status).toBe(400);
    expect((await reply.json()).message).toMatch(/boundary/);
  });

  test('a valid token whose user no longer exists is a 401 on every route that asks who it is', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    const shop = await makeShop(server.api, owner);
    const item = await makeMenuItem(server.api, owner, shop);
    const customer = await makeUser(server.api);
    const gone = await makeUser(server.api);
    const goneOwner = await makeUser(server.api, 'shop_owner');
    await server.api.as(gone).get('/api/favorites'); // the token was believed, and its answer may be remembered
    await server.database.db.delete(users).where(eq(users.id, gone.user.id));
    await server.database.db.delete(users).where(eq(users.id, goneOwner.user.id));
    const asked = [
      await server.api.as(gone).get('/api/orders'),
      await server.api.as(gone).post('/api/orders', {
        shopId: shop.id,
        items: [{ menuItemId: item.id, quantity: 1 }],
        pickupTime: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      await server.api.as(gone).post('/api/reviews', { shopId: shop.id, rating: 5 }),
      await server.api.as(gone).get('/api/favorites'),
      await server.api.as(gone).post('/api/favorites', { shopId: shop.id }),
      await server.api.as(gone).get(`/api/messages/${shop.id}`),
      await server.api
        .as(gone)
        .post('/api/messages', { content: 'Hi', receiverId: owner.user.id, shopId: shop.id }),
      await server.api.as(goneOwner).get('/api/my-shops'),
      await server.api
        .as(goneOwner)
        .post('/api/coffee-shops', { name: 'Ghost', category: 'specialty', address: '1 Long St' }),
    ];
    expect(asked.map((reply) => reply.status)).toEqual(asked.map(() => 401));
    // Refused as a token, before any route runs (auth-guard.ts): the client drops it and asks again as a visitor.
    expect(asked[0]!.body).toEqual({ message: 'Your session has ended — please sign in again' });
    expect(asked[0]!.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await server.api.as(customer).get('/api/orders')).status).toBe(200);
  });
});

describe('sign-up code limits hold under concurrent requests', () => {
  let server: TestApp;
  const mail = captureMail();
  beforeAll(async () => {
    server = await startTestApp({ mailer: mail.mailer });
  });
  afterAll(async () => server?.close());

  test('20 send-code requests at once for one email send 5 mails and refuse 15 with 429', async () => {
    const email = 'burst@example.co.za';
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => server.api.post('/api/auth/send-code', { email })),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    expect(mail.sentTo(email)).toHaveLength(5);
    const stored = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(stored).toHaveLength(5);
  });

  test('18 wrong guesses at once get 5 checks, and the code is then spent', async () => {
    const email = 'guesses@example.co.za';
    await server.api.post('/api/auth/send-code', { email });
    const wrong = wrongCodeFor(mail.codeFor(email));
    const userData = { username: 'Guesser', password: 'bobotie1', role: 'customer' };
    const replies = await Promise.all(
      Array.from({ length: 18 }, () =>
        server.api.post<{ message: string }>('/api/auth/verify-code', { email, code: wrong, userData }),
      ),
    );
    const checked = replies.filter((reply) => /incorrect/.test(reply.body.message));
    expect(checked).toHaveLength(5);
    const [row] = await server.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row!.failedAttempts).toBe(5);
    expect(row!.spentAt).not.toBeNull(); // so not even the right code is checked now
  });
});
