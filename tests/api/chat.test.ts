// Chat over real HTTP and WebSocket: who may read and write a conversation, its order and paging, and live delivery.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Conversation, Message, ServerEvent } from '../../src/shared/api/messages.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { openSocket, receivedContents } from '../support/ws-client.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let stranger: AuthResponse;
let shop: Shop;

const countMessages = async () =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(messages)) as [{ n: number }])[0]
    .n;

const say = (from: AuthResponse, to: number, content: string, shopId = shop.id) =>
  server.api
    .as(from)
    .post<Message>('/api/messages', { content, receiverId: to, shopId, messageType: 'text' });

beforeAll(async () => {
  server = await startTestApp({ authTimeoutMs: 300 });
  owner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  stranger = await makeUser(server.api, 'customer');
  shop = await makeShop(server.api, owner);
});
afterAll(() => server?.close());

describe('sending and reading', () => {
  test('a customer writes to the shop’s owner; the owner answers; both read the same conversation in order', async () => {
    const first = await say(customer, owner.user.id, '  Two flat whites for 8:15?  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      content: 'Two flat whites for 8:15?',
      senderId: customer.user.id,
      receiverId: owner.user.id,
      customerId: customer.user.id,
      shopId: shop.id,
      messageType: 'text',
    });
    expect((await say(owner, customer.user.id, 'Of course!')).status).toBe(201);

    const mine = await server.api.as(customer).get<Message[]>(`/api/messages/${shop.id}`);
    const theirs = await server.api
      .as(owner)
      .get<Message[]>(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
    expect(mine.body.map((message) => message.content)).toEqual(['Two flat whites for 8:15?', 'Of course!']);
    expect(theirs.body).toEqual(mine.body);
  });

  test('history pages backwards: the newest 50, then older ones with before', async () => {
    const talker = await makeUser(server.api, 'customer');
    for (let index = 1; index <= 55; index += 1) await say(talker, owner.user.id, `m${index}`);
    const newest = await server.api.as(talker).get<Message[]>(`/api/messages/${shop.id}`);
    expect(newest.body).toHaveLength(50);
    expect(newest.body[0]!.content).toBe('m6');
    expect(newest.body.at(-1)!.content).toBe('m55');
    const older = await server.api
      .as(talker)
      .get<Message[]>(`/api/messages/${shop.id}?before=${newest.body[0]!.id}`);
    expect(older.body.map((message) => message.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const few = await server.api.as(talker).get<Message[]>(`/api/messages/${shop.id}?limit=3`);
    expect(few.body.map((message) => message.content)).toEqual(['m53', 'm54', 'm55']);
  });

  test('conversations list both sides: the customer sees the shop, the owner sees the customer', async () => {
    const customers = await server.api.as(customer).get<Conversation[]>('/api/messages/conversations');
    expect(customers.body).toHaveLength(1);
    expect(customers.body[0]).toMatchObject({ shop: { id: shop.id, name: shop.name }, myRole: 'customer' });
    expect(customers.body[0]!.lastMessage.content).toBe('Of course!');

    const owners = await server.api.as(owner).get<Conversation[]>('/api/messages/conversations');
    const withCustomer = owners.body.find((entry) => entry.customer.id === customer.user.id)!;
    expect(withCustomer).toMatchObject({ myRole: 'shop', customer: { username: customer.user.username } });
    expect(owners.body.length).toBeGreaterThanOrEqual(2);
    // Latest activity first.
    const ids = owners.body.map((entry) => entry.lastMessage.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('who may do what', () => {
  test('a third user reads only their own (empty) conversation and cannot ask for someone else’s', async () => {
    expect((await server.api.as(stranger).get<Message[]>(`/api/messages/${shop.id}`)).body).toEqual([]);
    const prying = await server.api
      .as(stranger)
      .get(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
    expect(prying.status).toBe(403);
    expect((await server.api.as(stranger).get<Conversation[]>('/api/messages/conversations')).body).toEqual(
      [],
    );
  });

  test('nobody can send into a conversation that is not theirs, and nothing is stored', async () => {
    const before = await countMessages();
    // The stranger tries to write to the customer as if they were the shop.
    expect((await say(stranger, customer.user.id, 'hi')).status).toBe(400);
    // Another owner tries to answer the customer of a shop they do not own.
    const otherOwner = await makeUser(server.api, 'shop_owner');
    expect((await say(otherOwner, customer.user.id, 'hi')).status).toBe(400);
    // The owner cannot open a conversation with someone who never wrote.
    const reply = await say(owner, stranger.user.id, 'Special offer!');
    expect(reply.status).toBe(403);
    expect(await countMessages()).toBe(before);
  });

  test('the owner must say which customer’s conversation to read', async () => {
    const reply = await server.api.as(owner).get<{ message: string }>(`/api/messages/${shop.id}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('customerId');
  });

  test('visitors get 401 everywhere; unknown shops 404', async () => {
    expect((await server.api.get('/api/messages/conversations')).status).toBe(401);
    expect((await server.api.get(`/api/messages/${shop.id}`)).status).toBe(401);
    expect(
      (await server.api.post('/api/messages', { content: 'x', receiverId: 1, shopId: shop.id })).status,
    ).toBe(401);
    expect((await say(customer, owner.user.id, 'hello?', 999999)).status).toBe(404);
  });

  test.each([
    ['an empty message', ''],
    ['only whitespace', '   \n\t '],
    ['2001 characters', 'x'.repeat(2001)],
  ])('%s is refused with 400 and stores nothing', async (_label, content) => {
    const before = await countMessages();
    const reply = await say(customer, owner.user.id, content);
    expect(reply.status).toBe(400);
    expect((reply.body as unknown as { message: string }).message).toContain('content');
    expect(await countMessages()).toBe(before);
  });

  test('2000 characters is fine', async () => {
    expect((await say(customer, owner.user.id, 'y'.repeat(2000))).status).toBe(201);
  });

  test('an order message needs orderData with items and total', async () => {
    const base = { content: 'My order', receiverId: owner.user.id, shopId: shop.id, messageType: 'order' };
    expect((await server.api.as(customer).post('/api/messages', base)).status).toBe(400);
    expect(
      (await server.api.as(customer).post('/api/messages', { ...base, orderData: '{"items":[]}' })).status,
    ).toBe(400);
    const good = await server.api.as(customer).post<Message>('/api/messages', {
      ...base,
      orderData: JSON.stringify({ items: [{ name: 'Flat White', quantity: 2 }], total: '76.00' }),
    });
    expect(good.status).toBe(201);
    expect(good.body.messageType).toBe('order');
  });
});

describe('live delivery over /ws', () => {
  test('an unauthenticated socket receives nothing and is closed', async () => {
    const socket = await openSocket(server.baseUrl);
    await say(customer, owner.user.id, 'nobody anonymous may see this');
    const { code } = await socket.closed;
    expect(code).toBe(4401);
    expect(socket.events).toEqual([]);
  });

  test('a bad token is told so and closed', async () => {
    const socket = await openSocket(server.baseUrl);
    await expect(socket.authenticate('forged.token.value')).rejects.toThrow();
    expect(socket.events[0]).toEqual({ type: 'error', message: 'Invalid or expired token' });
    expect((await socket.closed).code).toBe(4401);
  });

  test('a message reaches both parties’ sockets — every open one — once, and nobody else', async () => {
    const customerPhone = await openSocket(server.baseUrl);
    const customerLaptop = await openSocket(server.baseUrl);
    const ownerSocket = await openSocket(server.baseUrl);
    const strangerSocket = await openSocket(server.baseUrl);
    await customerPhone.authenticate(customer.accessToken);
    await customerLaptop.authenticate(customer.accessToken);
    await ownerSocket.authenticate(owner.accessToken);
    await strangerSocket.authenticate(stranger.accessToken);

    await say(customer, owner.user.id, 'private: see you at 8');
    const isPrivate = (event: ServerEvent) =>
      event.type === 'new_message' && event.message.content === 'private: see you at 8';
    await Promise.all([
      customerPhone.next(isPrivate),
      customerLaptop.next(isPrivate),
      ownerSocket.next(isPrivate),
    ]);

    // The stranger then writes to the same shop; once their own message arrives, the earlier one would have too.
    await say(stranger, owner.user.id, 'stranger: hello');
    await strangerSocket.next(
      (event) => event.type === 'new_message' && event.message.content === 'stranger: hello',
    );
    expect(receivedContents(strangerSocket)).toEqual(['stranger: hello']);
    expect(receivedContents(customerPhone)).toEqual(['private: see you at 8']);
    expect(receivedContents(ownerSocket)).toEqual(['private: see you at 8', 'stranger: hello']);
    for (const socket of [customerPhone, customerLaptop, ownerSocket, strangerSocket]) socket.close();
  });
});
