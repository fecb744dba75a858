// Accounts over real HTTP: registration, sign-in, the emailed sign-up code and the current user.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users, verificationCodes } from '../../src/server/db/schema.js';
import type { AuthResponse, User } from '../../src/shared/api/auth.js';
import { makeUser } from '../support/factories.js';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const countUsers = async () =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }])[0].n;

describe('register', () => {
  test('creates a customer and answers with a token that /me accepts', async () => {
    const reply = await server.api.post<AuthResponse>('/api/auth/register', {
      username: 'Zanele',
      email: 'Zanele@Example.co.za',
      password: 'rooibos1',
      role: 'customer',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toMatchObject({
      username: 'Zanele',
      email: 'zanele@example.co.za',
      role: 'customer',
    });
    const me = await server.api.as(reply.body).get<User>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reply.body.user);
  });

  test('stores the password hashed with argon2id, never in plain text', async () => {
    const owner = await makeUser(server.api, 'shop_owner', { password: 'espresso9' });
    const [row] = await server.database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('espresso9');
  });

  test('refuses an email already used, whatever its case, with 409 and adds nobody', async () => {
    await makeUser(server.api);
    const before = await countUsers();
    const reply = await server.api.post('/api/auth/register', {
      username: 'someone-else',
      email: 'ZANELE@example.co.za',
      password: 'rooibos1',
      role: 'customer',
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: 'An account with this email already exists' });
    expect(await countUsers()).toBe(before);
  });

  test('refuses a username already taken with 409', async () => {
    const reply = await server.api.post('/api/auth/register', {
      username: 'zanele',
      email: 'new-person@example.co.za',
      password: 'rooibos1',
      role: 'customer',
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({ message: 'That username is taken' });
  });

  test.each([
    [{ email: 'a@b.co', password: 'secret1', role: 'customer' }, 'username'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret1', role: 'customer' }, 'email'],
    [{ username: 'abc', email: 'a@b.co', password: '12345', role: 'customer' }, 'password'],
    [{ username: 'abc', email: 'a@b.co', password: 'secret1', role: 'admin' }, 'role'],
  ])('answers 400 naming the bad field for %j', async (body, field) => {
    const before = await countUsers();
    const reply = await server.api.post<{ message: string }>('/api/auth/register', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(field);
    expect(await countUsers()).toBe(before);
  });
});

describe('sign in', () => {
  test('login and email-login both answer with a token and the user', async () => {
    const made = await makeUser(server.api, 'customer', { password: 'capetown1' });
    for (const path of ['/api/auth/login', '/api/auth/email-login']) {
      const reply = await server.api.post<AuthResponse>(path, {
        email: made.user.email.toUpperCase(),
        password: 'capetown1',
      });
      expect(reply.status).toBe(200);
      expect(reply.body.user).toEqual(made.user);
      expect(reply.body.accessToken).toEqual(expect.any(String));
    }
  });

  test('a wrong password and an unknown email get the same 401 message', async () => {
    const made = await makeUser(server.api);
    const wrong = await server.api.post('/api/auth/login', { email: made.user.email, password: 'nope-nope' });
    const unknown = await server.api.post('/api/auth/login', {
      email: 'ghost@example.co.za',
      password: 'nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('stops guessing: after ten failures the next try at once is refused with 429 and Retry-After', async () => {
    const made = await makeUser(server.api);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push(
        (await server.api.post('/api/auth/login', { email: made.user.email, password: 'guess' })).status,
      );
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Even the right password waits: otherwise the delay would tell a guesser which guess was right.
    const refused = await server.api.post<{ message: string }>('/api/auth/login', {
      email: made.user.email,
      password: 'flatwhite1',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('current user', () => {
  test('without a token /me answers 401', async () => {
    const reply = await server.api.get('/api/auth/me');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Please sign in to continue' });
  });

  test('a forged token is refused', async () => {
    const made = await makeUser(server.api);
    const [header, payload] = made.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    expect((await server.api.as(forged).get('/api/auth/me')).status).toBe(401);
  });

  test('a token whose session ended is refused on public routes too, as invalid_token, and changes nothing', async () => {
    const made = await makeUser(server.api);
    expect((await server.api.as(made).get('/api/coffee-shops')).status).toBe(200);
    expect((await server.api.as(made).post('/api/auth/logout')).status).toBe(204);
    for (const refused of [
      await server.api.as(made).get('/api/coffee-shops'),
      await server.api.as(made).get('/api/health'),
      await server.api.as('not-a-token').get('/api/coffee-shops'),
      await server.api
        .as(made)
        .post('/api/auth/login', { email: made.user.email, password: 'wrong-password' }),
    ]) {
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'Your session has ended — please sign in again' });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
    // The same calls as a visitor are answered as before.
    expect((await server.api.get('/api/coffee-shops')).status).toBe(200);
  });
});

describe('sign-up with an emailed code', () => {
  const userData = { username: 'Mpho', password: 'bobotie1', role: 'shop_owner' };

  test('mails a 6-digit code; the right code creates the account and signs in', async () => {
    const sent = await server.api.post<{ message: string }>('/api/auth/send-code', {
      email: 'mpho@example.co.za',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain('mpho@example.co.za');
    const code = await smtp.codeFor('mpho@example.co.za');
    expect(code).toMatch(/^\d{6}$/);

    const reply = await server.api.post<AuthResponse>('/api/auth/verify-code', {
      email: 'mpho@example.co.za',
      code,
      userData,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.user).toMatchObject({
      username: 'Mpho',
      role: 'shop_owner',
      email: 'mpho@example.co.za',
    });
  });

  test('a used code cannot be replayed', async () => {
    await server.api.post('/api/auth/send-code', { email: 'replay@example.co.za' });
    const code = await smtp.codeFor('replay@example.co.za');
    const body = { email: 'replay@example.co.za', code, userData: { ...userData, username: 'Replay' } };
    expect((await server.api.post('/api/auth/verify-code', body)).status).toBe(201);
    const again = await server.api.post<{ message: string }>('/api/auth/verify-code', body);
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  test('an expired code is refused and creates nobody', async () => {
    await server.api.post('/api/auth/send-code', { email: 'late@example.co.za' });
    const code = await smtp.codeFor('late@example.co.za');
    await server.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.email, 'late@example.co.za'));
    const before = await countUsers();
    const reply = await server.api.post('/api/auth/verify-code', {
      email: 'late@example.co.za',
      code,
      userData: { ...userData, username: 'Late' },
    });
    expect(reply.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  test('five wrong tries spend the code, so even the right one then fails', async () => {
    await server.api.post('/api/auth/send-code', { email: 'guess@example.co.za' });
    const code = await smtp.codeFor('guess@example.co.za');
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const reply = await server.api.post<{ message: string }>('/api/auth/verify-code', {
        email: 'guess@example.co.za',
        code: wrong,
        userData: { ...userData, username: 'Guesser' },
      });
      expect(reply.status).toBe(400);
      messages.push(reply.body.message);
    }
    expect(messages[0]).toContain('4 tries left');
    expect(messages[4]).toContain('can no longer be used');
    const right = await server.api.post('/api/auth/verify-code', {
      email: 'guess@example.co.za',
      code,
      userData: { ...userData, username: 'Guesser' },
    });
    expect(right.status).toBe(400);
  });

  test('a username clash at the last step answers 409 and leaves the code usable', async () => {
    await makeUser(server.api); // ensures at least one other account
    await server.api.post('/api/auth/send-code', { email: 'clash@example.co.za' });
    const code = await smtp.codeFor('clash@example.co.za');
    const clash = await server.api.post('/api/auth/verify-code', {
      email: 'clash@example.co.za',
      code,
      userData: { ...userData, username: 'MPHO' },
    });
    expect(clash.status).toBe(409);
    const retry = await server.api.post('/api/auth/verify-code', {
      email: 'clash@example.co.za',
      code,
      userData: { ...userData, username: 'Mpho Two' },
    });
    expect(retry.status).toBe(201);
  });

  test('a code request for an email with an account answers as for any other, and mails a sign-in note, no code', async () => {
    const made = await makeUser(server.api);
    // The account's own confirmation mail (issue 32) comes first.
    expect((await smtp.nextMailTo(made.user.email)).raw).toContain('Confirm your Brew Connect email');
    const reply = await server.api.post<{ message: string }>('/api/auth/send-code', {
      email: made.user.email,
    });
    const fresh = await server.api.post<{ message: string }>('/api/auth/send-code', {
      email: 'nobody-yet@example.co.za',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(fresh.body.message.replace('nobody-yet@example.co.za', made.user.email));
    const mail = await smtp.nextMailTo(made.user.email);
    expect(mail.raw).toContain('You already have a Brew Connect account');
    expect(mail.raw).not.toMatch(/code is \d{6}/);
  });

  test('an email gets at most 5 codes an hour', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await server.api.post('/api/auth/send-code', { email: 'spam@example.co.za' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test.each([
    [{ email: 'x@example.co.za', code: '12345', userData }, 'code'],
    [{ email: 'x@example.co.za', code: '12a456', userData }, 'code'],
    [{ email: 'x@example.co.za', code: '123456' }, 'userData'],
  ])('answers 400 for a malformed verify body %j', async (body, field) => {
    const reply = await server.api.post<{ message: string }>('/api/auth/verify-code', body);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(field);
  });
});

test('an unknown API path answers 404 JSON', async () => {
  const reply = await server.api.get('/api/does-not-exist');
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ message: 'Not found: GET /api/does-not-exist' });
});

test('malformed JSON answers 400 with a message', async () => {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"email":',
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ message: expect.any(String) });
});

test('a bodiless request with a JSON content type is not a parse error', async () => {
  const response = await fetch(`${server.baseUrl}/api/auth/me`, {
    method: 'GET',
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(401);
});
