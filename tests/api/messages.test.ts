// Chat over real HTTP (spec §3 Message/Conversation, §7 Messages): who may read and write a conversation,
// its order and paging, the conversation list of both roles, and what a bad message leaves behind (nothing).
import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { type Conversation, MAX_MESSAGE_LENGTH, type Message } from '../../src/shared/api/messages.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
/** Owns `shop`; the customer has written to it in beforeAll, the stranger has not. */
let owner: AuthResponse;
let customer: AuthResponse;
let stranger: AuthResponse;
let shop: Shop;
/** A second shop with an owner of its own, for "the wrong owner" cases. */
let otherOwner: AuthResponse;
let otherShop: Shop;

type ErrorBody = { message: string };

const countMessages = async () =>
  ((await server.database.db.select({ n: sql<number>`count(*)::int` }).from(messages)) as [{ n: number }])[0]
    .n;

const newestStoredMessage = async () =>
  (await server.database.db.select().from(messages).orderBy(desc(messages.id)).limit(1))[0];

const say = (from: AuthResponse, to: number, content: string, shopId = shop.id) =>
  server.api
    .as(from)
    .post<Message>('/api/messages', { content, receiverId: to, shopId, messageType: 'text' });

const historyOf = async (reader: AuthResponse, path: string) => {
  const reply = await server.api.as(reader).get<Message[]>(path);
  expect(reply.status).toBe(200);
  return reply.body.map((message) => message.content);
};

/** Runs `attempt` and checks it was refused with `status` and left the messages table as it was. */
async function expectRefusedAndNothingStored(
  status: number,
  attempt: () => Promise<{ status: number; body: unknown }>,
) {
  const before = await countMessages();
  const reply = await attempt();
  expect(reply.status).toBe(status);
  expect(reply.body).toEqual({ message: expect.any(String) });
  expect(await countMessages()).toBe(before);
  return reply.body as ErrorBody;
}

beforeAll(async () => {
  server = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
  stranger = await makeUser(server.api, 'customer');
  otherOwner = await makeUser(server.api, 'shop_owner');
  shop = await makeShop(server.api, owner);
  otherShop = await makeShop(server.api, otherOwner);
  expect((await say(customer, owner.user.id, 'Are you open on Sunday?')).status).toBe(201);
});
afterAll(() => server?.close());

describe('a conversation between a customer and a shop', () => {
  test('the customer writes, the owner answers, and both read the same messages oldest first', async () => {
    const regular = await makeUser(server.api, 'customer');
    const first = await say(regular, owner.user.id, '  Two flat whites for 8:15?  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      content: 'Two flat whites for 8:15?',
      senderId: regular.user.id,
      receiverId: owner.user.id,
      customerId: regular.user.id,
      shopId: shop.id,
      messageType: 'text',
      orderData: null,
    });
    expect(Date.parse(first.body.createdAt)).not.toBeNaN();
    // Stored trimmed, under the customer's conversation.
    expect(await newestStoredMessage()).toMatchObject({
      id: first.body.id,
      content: 'Two flat whites for 8:15?',
      customerId: regular.user.id,
    });

    const answer = await say(owner, regular.user.id, 'Of course, see you then!');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      senderId: owner.user.id,
      receiverId: regular.user.id,
      customerId: regular.user.id,
    });
    expect((await say(regular, owner.user.id, 'Thanks!')).status).toBe(201);

    const seenByCustomer = await server.api.as(regular).get<Message[]>(`/api/messages/${shop.id}`);
    const seenByOwner = await server.api
      .as(owner)
      .get<Message[]>(`/api/messages/${shop.id}?customerId=${regular.user.id}`);
    expect(seenByCustomer.body.map((message) => message.content)).toEqual([
      'Two flat whites for 8:15?',
      'Of course, see you then!',
      'Thanks!',
    ]);
    expect(seenByOwner.body).toEqual(seenByCustomer.body);
    // The customer may name themselves as the conversation's customer.
    expect(
      (await server.api.as(regular).get<Message[]>(`/api/messages/${shop.id}?customerId=${regular.user.id}`))
        .body,
    ).toEqual(seenByCustomer.body);
  });

  test('history is the newest 50, older pages come with before, and limit goes up to 100', async () => {
    // A shop and customer of its own: 105 messages, about a third of them the owner's answers.
    const busyOwner = await makeUser(server.api, 'shop_owner');
    const busyShop = await makeShop(server.api, busyOwner);
    const talker = await makeUser(server.api, 'customer');
    for (let index = 1; index <= 105; index += 1) {
      const reply =
        index % 3 === 0
          ? await say(busyOwner, talker.user.id, `m${index}`, busyShop.id)
          : await say(talker, busyOwner.user.id, `m${index}`, busyShop.id);
      expect(reply.status).toBe(201);
    }
    const labels = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, offset) => `m${from + offset}`);
    const path = `/api/messages/${busyShop.id}`;

    const newest = await server.api.as(talker).get<Message[]>(path);
    expect(newest.body.map((message) => message.content)).toEqual(labels(56, 105));
    const ids = newest.body.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const older = await server.api.as(talker).get<Message[]>(`${path}?before=${newest.body[0]!.id}`);
    expect(older.body.map((message) => message.content)).toEqual(labels(6, 55));
    const oldest = await server.api.as(talker).get<Message[]>(`${path}?before=${older.body[0]!.id}`);
    expect(oldest.body.map((message) => message.content)).toEqual(labels(1, 5));
    expect(await historyOf(talker, `${path}?before=${oldest.body[0]!.id}`)).toEqual([]);

    expect(await historyOf(talker, `${path}?limit=100`)).toEqual(labels(6, 105));
    expect(await historyOf(talker, `${path}?limit=3&before=${newest.body[0]!.id}`)).toEqual(labels(53, 55));
    // The owner pages the same conversation the same way.
    expect(
      await historyOf(busyOwner, `${path}?customerId=${talker.user.id}&limit=2&before=${older.body[0]!.id}`),
    ).toEqual(['m4', 'm5']);

    for (const bad of ['limit=101', 'limit=0', 'before=abc', 'customerId=-1']) {
      const reply = await server.api.as(talker).get<ErrorBody>(`${path}?${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.message).toContain(bad.split('=')[0]);
    }
  });
});

describe('the conversation list', () => {
  test('a customer sees each shop they wrote to, by name, with the last message, latest first', async () => {
    const traveller = await makeUser(server.api, 'customer');
    await say(traveller, owner.user.id, 'Hello first shop');
    await say(traveller, otherOwner.user.id, 'Hello second shop', otherShop.id);

    let list = await server.api.as(traveller).get<Conversation[]>('/api/messages/conversations');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        shop: {
          id: otherShop.id,
          name: otherShop.name,
          imageUrl: otherShop.imageUrl,
          ownerId: otherOwner.user.id,
        },
        customer: { id: traveller.user.id, username: traveller.user.username },
        myRole: 'customer',
        lastMessage: expect.objectContaining({ content: 'Hello second shop', shopId: otherShop.id }),
        unreadCount: 0,
      },
      {
        shop: { id: shop.id, name: shop.name, imageUrl: shop.imageUrl, ownerId: owner.user.id },
        customer: { id: traveller.user.id, username: traveller.user.username },
        myRole: 'customer',
        lastMessage: expect.objectContaining({ content: 'Hello first shop', shopId: shop.id }),
        unreadCount: 0,
      },
    ]);

    // The first shop answers: its conversation moves to the top and shows the answer.
    await say(owner, traveller.user.id, 'Welcome!');
    list = await server.api.as(traveller).get<Conversation[]>('/api/messages/conversations');
    expect(list.body.map((entry) => [entry.shop.name, entry.lastMessage.content])).toEqual([
      [shop.name, 'Welcome!'],
      [otherShop.name, 'Hello second shop'],
    ]);
  });

  test('conversations are ordered by when their last message was sent, not by its id', async () => {
    const regular = await makeUser(server.api, 'customer');
    await say(regular, owner.user.id, 'Today');
    // History written after the fact (as the demo seed does): a higher id, an earlier time.
    await server.database.db.insert(messages).values({
      shopId: otherShop.id,
      customerId: regular.user.id,
      senderId: regular.user.id,
      receiverId: otherOwner.user.id,
      content: 'Last week',
      createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000),
    });
    const list = await server.api.as(regular).get<Conversation[]>('/api/messages/conversations');
    expect(list.body.map((entry) => [entry.shop.id, entry.lastMessage.content])).toEqual([
      [shop.id, 'Today'],
      [otherShop.id, 'Last week'],
    ]);
  });

  test('an owner sees one conversation per customer, by username, as the shop', async () => {
    const shopkeeper = await makeUser(server.api, 'shop_owner');
    const kiosk = await makeShop(server.api, shopkeeper);
    const first = await makeUser(server.api, 'customer');
    const second = await makeUser(server.api, 'customer');
    await say(first, shopkeeper.user.id, 'One', kiosk.id);
    await say(first, shopkeeper.user.id, 'Two', kiosk.id);
    await say(second, shopkeeper.user.id, 'Three', kiosk.id);
    await say(shopkeeper, first.user.id, 'Four', kiosk.id);

    const list = await server.api.as(shopkeeper).get<Conversation[]>('/api/messages/conversations');
    expect(list.status).toBe(200);
    expect(
      list.body.map((entry) => ({
        shop: entry.shop.name,
        customer: entry.customer.username,
        myRole: entry.myRole,
        last: entry.lastMessage.content,
      })),
    ).toEqual([
      { shop: kiosk.name, customer: first.user.username, myRole: 'shop', last: 'Four' },
      { shop: kiosk.name, customer: second.user.username, myRole: 'shop', last: 'Three' },
    ]);
  });

  test('an owner who writes to another shop is that shop’s customer there', async () => {
    const shopkeeper = await makeUser(server.api, 'shop_owner');
    await makeShop(server.api, shopkeeper);
    expect((await say(shopkeeper, owner.user.id, 'Do you sell beans wholesale?')).status).toBe(201);
    const list = await server.api.as(shopkeeper).get<Conversation[]>('/api/messages/conversations');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      shop: { id: shop.id },
      customer: { id: shopkeeper.user.id },
      myRole: 'customer',
    });
    // ...and reads it as a customer does, without naming a customerId.
    expect(await historyOf(shopkeeper, `/api/messages/${shop.id}`)).toEqual(['Do you sell beans wholesale?']);
  });

  test('someone who never wrote has no conversations; a visitor gets 401', async () => {
    const quiet = await makeUser(server.api, 'customer');
    const list = await server.api.as(quiet).get<Conversation[]>('/api/messages/conversations');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await server.api.get('/api/messages/conversations')).status).toBe(401);
  });
});

describe('who may read a conversation', () => {
  test('a third user reading the shop gets only their own conversation, never the customer’s', async () => {
    const outsider = await makeUser(server.api, 'customer');
    expect(await historyOf(outsider, `/api/messages/${shop.id}`)).toEqual([]);
    await say(outsider, owner.user.id, 'Mine only');
    expect(await historyOf(outsider, `/api/messages/${shop.id}`)).toEqual(['Mine only']);
    expect(await historyOf(customer, `/api/messages/${shop.id}`)).not.toContain('Mine only');
  });

  test('a customer asking for another customer’s conversation gets 403', async () => {
    const reply = await server.api
      .as(stranger)
      .get<ErrorBody>(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
    expect(reply.status).toBe(403);
    expect(JSON.stringify(reply.body)).not.toContain('Are you open on Sunday?');
  });

  test('the owner of another shop is only a customer here and gets 403 for this shop’s conversations', async () => {
    const reply = await server.api
      .as(otherOwner)
      .get(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
    expect(reply.status).toBe(403);
  });

  test('the owner must say which customer’s conversation to read: 400 without customerId', async () => {
    const reply = await server.api.as(owner).get<ErrorBody>(`/api/messages/${shop.id}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('customerId');
  });

  test('a visitor gets 401, an unknown shop 404, a shop id that is not a number 400', async () => {
    expect((await server.api.get(`/api/messages/${shop.id}`)).status).toBe(401);
    const unknown = await server.api.as(customer).get<ErrorBody>('/api/messages/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Coffee shop not found' });
    expect((await server.api.as(customer).get('/api/messages/latte')).status).toBe(400);
  });

  test('ids beyond any PostgreSQL integer are 400 naming the field, not a server error', async () => {
    const tooLarge = 2_147_483_648;
    const asked = [
      [`/api/messages/${tooLarge}`, 'shopId is too large'],
      [`/api/messages/${shop.id}?customerId=${tooLarge}`, 'customerId is too large'],
      [`/api/messages/${shop.id}?before=${tooLarge}`, 'before is too large'],
    ] as const;
    for (const [path, message] of asked) {
      const reply = await server.api.as(owner).get<ErrorBody>(path);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toContain(message);
    }
  });
});

describe('who may send', () => {
  test('the owner cannot start a conversation with someone who never wrote: 403, nothing stored', async () => {
    const body = await expectRefusedAndNothingStored(403, () =>
      say(owner, stranger.user.id, 'Special offer!'),
    );
    expect(body.message).toBe('You can only message customers who have written to this shop');
  });

  test('the owner cannot write to themselves: 400, nothing stored', async () => {
    await expectRefusedAndNothingStored(400, () => say(owner, owner.user.id, 'Note to self'));
  });

  test.each([
    ['another customer', () => stranger.user.id],
    ['the owner of another shop', () => otherOwner.user.id],
    ['a user who does not exist', () => 999_999],
  ])('a customer writing to %s instead of the shop’s owner gets 400, nothing stored', async (_label, to) => {
    const body = await expectRefusedAndNothingStored(400, () => say(customer, to(), 'Hello?'));
    expect(body.message).toBe("receiverId must be the shop's owner");
  });

  test('a third user cannot write into someone else’s conversation', async () => {
    const before = await historyOf(customer, `/api/messages/${shop.id}`);
    // A stranger addressing the customer, as if they were the shop.
    await expectRefusedAndNothingStored(400, () => say(stranger, customer.user.id, 'Psst'));
    // The owner of another shop answering this shop's customer.
    await expectRefusedAndNothingStored(400, () => say(otherOwner, customer.user.id, 'Come to us instead'));
    // Naming a shop whose owner they are, but the customer never wrote there.
    await expectRefusedAndNothingStored(403, () =>
      say(otherOwner, customer.user.id, 'Come to us instead', otherShop.id),
    );
    // A stranger writing to the owner opens the stranger's own conversation, not the customer's.
    const own = await say(stranger, owner.user.id, 'Hi from the stranger');
    expect(own.status).toBe(201);
    expect(own.body.customerId).toBe(stranger.user.id);
    expect(await historyOf(customer, `/api/messages/${shop.id}`)).toEqual(before);
  });

  test('a visitor gets 401 and an unknown shop 404; nothing stored', async () => {
    await expectRefusedAndNothingStored(401, () =>
      server.api.post('/api/messages', { content: 'x', receiverId: owner.user.id, shopId: shop.id }),
    );
    const body = await expectRefusedAndNothingStored(404, () =>
      say(customer, owner.user.id, 'hello?', 999_999),
    );
    expect(body.message).toBe('Coffee shop not found');
  });

  test('a shopId or receiverId beyond any PostgreSQL integer is 400; nothing stored', async () => {
    const tooLarge = 2_147_483_648;
    const shopBody = await expectRefusedAndNothingStored(400, () =>
      say(customer, owner.user.id, 'hello?', tooLarge),
    );
    expect(shopBody.message).toContain('shopId is too large');
    const receiverBody = await expectRefusedAndNothingStored(400, () =>
      say(customer, tooLarge, 'hello?', shop.id),
    );
    expect(receiverBody.message).toContain('receiverId is too large');
  });
});

describe('what a message may contain', () => {
  test.each([
    ['an empty message', ''],
    ['only whitespace', '   \n\t '],
    [`${MAX_MESSAGE_LENGTH + 1} characters`, 'x'.repeat(MAX_MESSAGE_LENGTH + 1)],
  ])('%s is refused with 400 naming content, and nothing is stored', async (_label, content) => {
    const body = await expectRefusedAndNothingStored(400, () => say(customer, owner.user.id, content));
    expect(body.message).toContain('content');
  });

  test.each([
    ['no content', { content: undefined }, 'content'],
    ['a receiverId that is not a number', { receiverId: 'owner' }, 'receiverId'],
    ['a messageType other than text', { messageType: 'voice' }, 'messageType'],
  ])('%s is refused with 400 naming the field', async (_label, overrides, field) => {
    const body = await expectRefusedAndNothingStored(400, () =>
      server.api
        .as(customer)
        .post('/api/messages', { content: 'hi', receiverId: owner.user.id, shopId: shop.id, ...overrides }),
    );
    expect(body.message).toContain(field);
  });

  test(`${MAX_MESSAGE_LENGTH} characters are accepted, counted after trimming`, async () => {
    const longest = 'y'.repeat(MAX_MESSAGE_LENGTH);
    const reply = await say(customer, owner.user.id, `  ${longest}\n`);
    expect(reply.status).toBe(201);
    expect((await newestStoredMessage())!.content).toBe(longest);
  });

  const sendOrder = (orderData?: unknown) =>
    server.api.as(customer).post<Message>('/api/messages', {
      content: 'My order',
      receiverId: owner.user.id,
      shopId: shop.id,
      messageType: 'order',
      orderData,
    });

  // Order messages are written by the server when an order is placed or moves; from a client they are forgeries.
  test.each([
    ['missing', undefined],
    ['null', null],
    [
      'well-formed with a made-up total',
      JSON.stringify({ items: [{ name: 'Flat White', quantity: 2 }], total: -1000 }),
    ],
    ['not JSON', 'two flat whites'],
  ])(
    'an order message from a client (orderData %s) is refused with 400 naming messageType, and nothing is stored',
    async (_label, data) => {
      const body = await expectRefusedAndNothingStored(400, () => sendOrder(data));
      expect(body.message).toContain('messageType');
    },
  );

  test('a text message carrying orderData is refused with 400 naming orderData, and nothing is stored', async () => {
    const orderData = JSON.stringify({ items: [], total: '0.00' });
    const body = await expectRefusedAndNothingStored(400, () =>
      server.api.as(customer).post('/api/messages', {
        content: 'hi',
        receiverId: owner.user.id,
        shopId: shop.id,
        messageType: 'text',
        orderData,
      }),
    );
    expect(body.message).toContain('orderData');
  });
});
