// A /register account confirms its email with a mailed code (issue 32), and the wizard's step 2 checks its code
// without spending it. Mail goes through the outbox to a real SMTP sink; every refusal is checked in the database.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users, verificationCodes } from '../../src/server/db/schema.js';
import type { AuthResponse, User } from '../../src/shared/api/auth.js';
import type { Order } from '../../src/shared/api/orders.js';
import { wrongCodeFor } from '../support/captured-mail.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let smtp: SmtpSink;
let owner: AuthResponse;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: { SMTP_URL: smtp.url } });
  owner = await makeUser(server.api, 'shop_owner');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const emailVerified = async (id: number) =>
  (await server.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, id)))[0]!.v;
const confirm = (who: AuthResponse, code: string) =>
  server.api.as(who).post<User & { message: string }>('/api/auth/confirm-email', { code });

describe('a /register account', () => {
  test('starts unconfirmed (in the answer and in /me), is mailed a code at once, and the code confirms it', async () => {
    const made = await makeUser(server.api);
    expect(made.user.emailVerified).toBe(false);
    expect((await server.api.as(made).get<User>('/api/auth/me')).body.emailVerified).toBe(false);
    const code = await smtp.codeFor(made.user.email);

    const confirmed = await confirm(made, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: made.user.id, emailVerified: true });
    expect(await emailVerified(made.user.id)).toBe(true);
    expect((await server.api.as(made).get<User>('/api/auth/me')).body.emailVerified).toBe(true);
    // The code is spent; confirming again changes nothing and is no error.
    expect((await confirm(made, code)).status).toBe(200);
  });

  test('a wrong code says how many tries are left; the fifth wrong one spends the code', async () => {
    const made = await makeUser(server.api);
    const code = await smtp.codeFor(made.user.email);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await confirm(made, wrongCodeFor(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(
        `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    }
    const last = await confirm(made, wrongCodeFor(code));
    expect(last.body.message).toBe('That code has expired — ask for a new one');
    // Even the right code is no use now.
    expect((await confirm(made, code)).body.message).toBe('That code has expired — ask for a new one');
    expect(await emailVerified(made.user.id)).toBe(false);
  });

  test('Resend mails a new code and the old one stops working; bad bodies are 400; signed out is 401', async () => {
    const made = await makeUser(server.api);
    const first = await smtp.codeFor(made.user.email);
    const resent = await server.api.as(made).post<{ message: string }>('/api/auth/confirm-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We sent a new 6-digit code to ${made.user.email}.`);
    const second = await smtp.codeFor(made.user.email);
    if (first !== second) expect((await confirm(made, first)).status).toBe(400);
    expect((await confirm(made, 'abc')).body.message).toBe('code must be exactly 6 digits');
    expect((await server.api.post('/api/auth/confirm-email', { code: second })).status).toBe(401);
    expect((await server.api.post('/api/auth/confirm-email/resend')).status).toBe(401);
    expect((await confirm(made, second)).status).toBe(200);
    const again = await server.api.as(made).post<{ message: string }>('/api/auth/confirm-email/resend');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your email is already confirmed');
  });

  test('at most 5 codes an hour, counting the first: the sixth is 429 and stores nothing', async () => {
    const made = await makeUser(server.api);
    for (let sent = 2; sent <= 5; sent += 1)
      expect((await server.api.as(made).post('/api/auth/confirm-email/resend')).status).toBe(200);
    const refused = await server.api.as(made).post<{ message: string }>('/api/auth/confirm-email/resend');
    expect(refused.status).toBe(429);
    const stored = await server.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, made.user.id), eq(verificationCodes.purpose, 'email_confirm')));
    expect(stored).toHaveLength(5);
  });

  test('until confirmed a review is refused with 403, unless the account completed an order at that shop', async () => {
    const shop = await makeShop(server.api, owner);
    const other = await makeShop(server.api, owner);
    const made = await makeUser(server.api);
    const refused = await server.api
      .as(made)
      .post<{ message: string }>('/api/reviews', { shopId: shop.id, rating: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Please confirm your email before leaving a review' });
    expect(
      (await server.api.get<{ reviewCount: number }>(`/api/coffee-shops/${shop.id}`)).body.reviewCount,
    ).toBe(0);

    // A completed order at the shop is proof enough of a real customer.
    const [item] = await addMenuItems(server.database.db, shop.id, [{ name: 'Americano' }]);
    const placed = await postOrder<Order>(server.baseUrl, made, {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: soon(),
    });
    for (const status of ['confirmed', 'preparing', 'ready', 'completed'])
      expect((await server.api.as(owner).put(`/api/orders/${placed.body.id}`, { status })).status).toBe(200);
    expect((await server.api.as(made).post('/api/reviews', { shopId: shop.id, rating: 4 })).status).toBe(201);
    // Not for another shop.
    expect((await server.api.as(made).post('/api/reviews', { shopId: other.id, rating: 1 })).status).toBe(
      403,
    );

    // Confirmed, any shop.
    await confirm(made, await smtp.codeFor(made.user.email));
    expect((await server.api.as(made).post('/api/reviews', { shopId: other.id, rating: 5 })).status).toBe(
      201,
    );
  });
});

describe('the wizard', () => {
  const email = 'zanele@example.co.za';
  const userData = { username: 'Zanele', password: 'rooibos1', role: 'customer' };

  test('an account made with its code is confirmed', async () => {
    await server.api.post('/api/auth/send-code', { email: 'wizard@example.co.za' });
    const code = await smtp.codeFor('wizard@example.co.za');
    const made = await server.api.post<AuthResponse>('/api/auth/verify-code', {
      email: 'wizard@example.co.za',
      code,
      userData: { ...userData, username: 'Wizard' },
    });
    expect(made.status).toBe(201);
    expect(made.body.user.emailVerified).toBe(true);
  });

  test('check-code says a wrong code at once with the tries left, and a right one without spending it', async () => {
    await server.api.post('/api/auth/send-code', { email });
    const code = await smtp.codeFor(email);
    const wrong = await server.api.post<{ message: string }>('/api/auth/check-code', {
      email,
      code: wrongCodeFor(code),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The verification code is incorrect. 4 tries left.');
    // Right, three times over: each gives its try back.
    for (let check = 0; check < 3; check += 1) {
      const right = await server.api.post<{ message: string }>('/api/auth/check-code', { email, code });
      expect(right.status).toBe(200);
    }
    const [row] = await server.database.db
      .select({ tries: verificationCodes.failedAttempts, spent: verificationCodes.spentAt })
      .from(verificationCodes)
      .where(eq(verificationCodes.email, email));
    expect(row).toEqual({ tries: 1, spent: null });
    // And the account can still be made with it.
    const made = await server.api.post('/api/auth/verify-code', { email, code, userData });
    expect(made.status).toBe(201);
    // Spent now: checking it again says so.
    const after = await server.api.post<{ message: string }>('/api/auth/check-code', { email, code });
    expect(after.status).toBe(400);
    expect(after.body.message).toMatch(/expired or was already used/);
  });

  test('check-code with a bad body is 400 naming the field', async () => {
    const reply = await server.api.post<{ message: string }>('/api/auth/check-code', { email, code: '12' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('code must be exactly 6 digits');
  });
});
