// Unread messages (issue 32) over real HTTP: each conversation's unreadCount for both sides, marking a conversation
// read (and only forward, however reads race), order cards and status lines never counted, who may mark what, the
// navigation's total, and the reader's other sockets told live.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conversationReads, messages } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Conversation, Message, UnreadTotal } from '../../src/shared/api/messages.js';
import type { Order } from '../../src/shared/api/orders.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { addMenuItems, postOrder, soon } from '../support/order-factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

let server: TestApp;

type ErrorBody = { message: string };

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.close());

/** An owner with a shop, and a customer who has not written yet. */
async function shopAndCustomer() {
  const owner = await makeUser(server.api, 'shop_owner');
  const shop = await makeShop(server.api, owner);
  const customer = await makeUser(server.api, 'customer');
  return { owner, shop, customer };
}

async function say(from: AuthResponse, to: AuthResponse, shop: Shop, content: string) {
  const reply = await server.api
    .as(from)
    .post<Message>('/api/messages', { content, receiverId: to.user.id, shopId: shop.id });
  expect(reply.status).toBe(201);
  return reply.body;
}

/** The caller's unreadCount for each conversation, as `shop id/customer id`. */
async function unreadOf(who: AuthResponse): Promise<Record<string, number>> {
  const reply = await server.api.as(who).get<Conversation[]>('/api/messages/conversations');
  expect(reply.status).toBe(200);
  return Object.fromEntries(
    reply.body.map((conversation) => [
      `${conversation.shop.id}/${conversation.customer.id}`,
      conversation.unreadCount,
    ]),
  );
}

async function totalOf(who: AuthResponse): Promise<number> {
  const reply = await server.api.as(who).get<UnreadTotal>('/api/messages/unread-count');
  expect(reply.status).toBe(200);
  return reply.body.total;
}

const key = (shop: Shop, customer: AuthResponse) => `${shop.id}/${customer.user.id}`;

/** POST /api/messages/{shopId}/read, with ?customerId= when given. */
const markRead = (who: AuthResponse, shop: Shop, customerId?: number, body: unknown = {}) =>
  server.api
    .as(who)
    .post<ErrorBody>(
      `/api/messages/${shop.id}/read${customerId === undefined ? '' : `?customerId=${customerId}`}`,
      body,
    );

async function storedMarker(userId: number, shop: Shop, customerId: number) {
  const [row] = await server.database.db
    .select({ lastReadMessageId: conversationReads.lastReadMessageId })
    .from(conversationReads)
    .where(
      and(
        eq(conversationReads.userId, userId),
        eq(conversationReads.shopId, shop.id),
        eq(conversationReads.customerId, customerId),
      ),
    );
  return row?.lastReadMessageId ?? null;
}

describe('unread counts', () => {
  test('each side counts the other side’s messages since it last read, never its own', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    await say(customer, owner, shop, 'Hi! Are you open on Sunday?');
    await say(customer, owner, shop, 'And do you have oat milk?');
    await say(customer, owner, shop, 'Thanks!');
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 3 });
    expect(await unreadOf(customer)).toEqual({ [key(shop, customer)]: 0 });

    await say(owner, customer, shop, 'Yes, 8 to 2.');
    await say(owner, customer, shop, 'And oat, soy and almond.');
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 3 });
    expect(await unreadOf(customer)).toEqual({ [key(shop, customer)]: 2 });
  });

  test('an owner’s count is per customer, and a customer’s per shop', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const secondShop = await makeShop(server.api, owner);
    const otherCustomer = await makeUser(server.api, 'customer');
    await say(customer, owner, shop, 'One');
    await say(otherCustomer, owner, shop, 'Two');
    await say(otherCustomer, owner, shop, 'Three');
    await say(customer, owner, secondShop, 'Four');
    await say(owner, customer, secondShop, 'Five');
    expect(await unreadOf(owner)).toEqual({
      [key(shop, customer)]: 1,
      [key(shop, otherCustomer)]: 2,
      [key(secondShop, customer)]: 1,
    });
    expect(await unreadOf(customer)).toEqual({ [key(shop, customer)]: 0, [key(secondShop, customer)]: 1 });
  });

  test('order cards and status lines are never unread, for the owner or the customer', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const [item] = await addMenuItems(server.database.db, shop.id, [
      { name: 'Flat White', priceCents: 3500 },
    ]);
    await say(customer, owner, shop, 'Placing an order now');
    const placed = await postOrder<Order>(server.baseUrl, customer, {
      shopId: shop.id,
      items: [{ menuItemId: item!.id, quantity: 1 }],
      pickupTime: soon(),
    });
    expect(placed.status).toBe(201);
    for (const status of ['confirmed', 'preparing', 'ready'])
      expect((await server.api.as(owner).put(`/api/orders/${placed.body.id}`, { status })).status).toBe(200);
    // The order's card (to the owner) and three status lines (to the customer) are in the conversation...
    const kinds = await server.database.db
      .select({ type: messages.messageType, receiverId: messages.receiverId })
      .from(messages)
      .where(and(eq(messages.shopId, shop.id), eq(messages.customerId, customer.user.id)));
    expect(kinds.filter((row) => row.type === 'order')).toHaveLength(4);
    // ...but only the customer's own words count for the owner, and nothing for the customer.
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 1 });
    expect(await unreadOf(customer)).toEqual({ [key(shop, customer)]: 0 });
    expect(await totalOf(customer)).toBe(0);
  });
});

describe('marking a conversation read', () => {
  test('the owner marks a customer’s conversation read: 204, its count and the total drop, the customer’s stays', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const other = await makeUser(server.api, 'customer');
    await say(customer, owner, shop, 'Hello');
    await say(customer, owner, shop, 'Anyone there?');
    await say(other, owner, shop, 'Hi from me');
    await say(owner, customer, shop, 'Here!');
    expect(await totalOf(owner)).toBe(3);

    const reply = await markRead(owner, shop, customer.user.id);
    expect(reply.status).toBe(204);
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 0, [key(shop, other)]: 1 });
    expect(await totalOf(owner)).toBe(1);
    expect(await unreadOf(customer)).toEqual({ [key(shop, customer)]: 1 });

    // What comes after the read is unread again.
    await say(customer, owner, shop, 'One more thing');
    expect(await unreadOf(owner)).toMatchObject({ [key(shop, customer)]: 1 });
  });

  test('a customer marks their conversation with a shop read, without naming themselves', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    await say(customer, owner, shop, 'Hello');
    await say(owner, customer, shop, 'Welcome!');
    expect(await totalOf(customer)).toBe(1);
    expect((await markRead(customer, shop)).status).toBe(204);
    expect(await totalOf(customer)).toBe(0);
    // Naming themselves is the same conversation.
    expect((await markRead(customer, shop, customer.user.id)).status).toBe(204);
  });

  test('a read with no body at all (a JSON content type, nothing sent) reads up to the newest message', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    await say(customer, owner, shop, 'First');
    const last = await say(customer, owner, shop, 'Second');
    const response = await fetch(
      `${server.baseUrl}/api/messages/${shop.id}/read?customerId=${customer.user.id}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      },
    );
    expect(response.status).toBe(204);
    expect(await storedMarker(owner.user.id, shop, customer.user.id)).toBe(last.id);
  });

  test('lastReadMessageId reads up to that message only: what came after it stays unread', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const first = await say(customer, owner, shop, 'First');
    await say(customer, owner, shop, 'Second');
    await say(customer, owner, shop, 'Third');
    expect((await markRead(owner, shop, customer.user.id, { lastReadMessageId: first.id })).status).toBe(204);
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 2 });
    expect(await storedMarker(owner.user.id, shop, customer.user.id)).toBe(first.id);
  });

  test('an older read never moves the marker back', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const first = await say(customer, owner, shop, 'First');
    const second = await say(customer, owner, shop, 'Second');
    expect((await markRead(owner, shop, customer.user.id, { lastReadMessageId: second.id })).status).toBe(
      204,
    );
    // A late answer from another tab that had only seen the first message.
    expect((await markRead(owner, shop, customer.user.id, { lastReadMessageId: first.id })).status).toBe(204);
    expect(await storedMarker(owner.user.id, shop, customer.user.id)).toBe(second.id);
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 0 });
  });

  test('racing reads up to different messages leave the marker at the furthest, whatever lands last', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const sent: Message[] = [];
    for (let index = 1; index <= 8; index += 1)
      sent.push(await say(customer, owner, shop, `Message ${index}`));
    // Every message read up to, four times over, all at once and in shuffled order: the upserts race.
    const upTo = sent.flatMap((message) => [message.id, message.id, message.id, message.id]);
    upTo.sort(() => Math.random() - 0.5);
    const replies = await Promise.all(
      upTo.map((id) => markRead(owner, shop, customer.user.id, { lastReadMessageId: id })),
    );
    expect(replies.map((reply) => reply.status)).toEqual(upTo.map(() => 204));
    expect(await storedMarker(owner.user.id, shop, customer.user.id)).toBe(sent.at(-1)!.id);
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 0 });
  });

  test('a read past the conversation’s newest message stops at it: later messages are still unread', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const only = await say(customer, owner, shop, 'Only one so far');
    // Someone else's message, in another conversation, with a far larger id.
    const elsewhere = await shopAndCustomer();
    const later = await say(elsewhere.customer, elsewhere.owner, elsewhere.shop, 'Elsewhere');
    expect(
      (await markRead(owner, shop, customer.user.id, { lastReadMessageId: later.id + 1000 })).status,
    ).toBe(204);
    expect(await storedMarker(owner.user.id, shop, customer.user.id)).toBe(only.id);
    await say(customer, owner, shop, 'Written after the read');
    expect(await unreadOf(owner)).toEqual({ [key(shop, customer)]: 1 });
  });
});

describe('who may mark a conversation read', () => {
  let owner: AuthResponse;
  let shop: Shop;
  let customer: AuthResponse;
  beforeAll(async () => {
    ({ owner, shop, customer } = await shopAndCustomer());
    await say(customer, owner, shop, 'Hello');
  });
  const markers = async () =>
    (
      (await server.database.db.execute(
        sql`select count(*)::int as n, coalesce(sum(last_read_message_id), 0)::int as ids from conversation_reads`,
      )) as unknown as { rows: { n: number; ids: number }[] }
    ).rows[0];

  /** Checks the read was refused with `status` and `{message}` and moved no marker. */
  async function expectRefused(status: number, attempt: () => Promise<{ status: number; body: unknown }>) {
    const before = await markers();
    const reply = await attempt();
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ message: expect.any(String) });
    expect(await markers()).toEqual(before);
    return (reply.body as ErrorBody).message;
  }

  test('a visitor gets 401', async () => {
    const reply = await server.api.post(`/api/messages/${shop.id}/read`, {});
    expect(reply.status).toBe(401);
  });

  test('the owner must say which customer: 400 naming customerId', async () => {
    expect(await expectRefused(400, () => markRead(owner, shop))).toContain('customerId');
  });

  test('a customer naming another customer’s conversation gets 403', async () => {
    const stranger = await makeUser(server.api, 'customer');
    expect(await expectRefused(403, () => markRead(stranger, shop, customer.user.id))).toBe(
      'You can only read your own conversations',
    );
  });

  test('the owner of another shop is only a customer here: 403 for this shop’s conversations', async () => {
    const otherOwner = await makeUser(server.api, 'shop_owner');
    await makeShop(server.api, otherOwner);
    await expectRefused(403, () => markRead(otherOwner, shop, customer.user.id));
  });

  test('a conversation that does not exist is 404, for a customer and for the owner', async () => {
    const stranger = await makeUser(server.api, 'customer');
    expect(await expectRefused(404, () => markRead(stranger, shop))).toBe('Conversation not found');
    expect(await expectRefused(404, () => markRead(owner, shop, stranger.user.id))).toBe(
      'Conversation not found',
    );
  });

  test('an unknown shop is 404', async () => {
    expect(
      await expectRefused(404, () => server.api.as(customer).post('/api/messages/999999/read', {})),
    ).toBe('Coffee shop not found');
  });

  test.each([
    [
      'a shop id that is not a number',
      () => server.api.as(customer).post('/api/messages/latte/read', {}),
      'shopId',
    ],
    [
      'a customerId that is not a number',
      () => server.api.as(owner).post(`/api/messages/${shop.id}/read?customerId=abc`, {}),
      'customerId',
    ],
    [
      'a lastReadMessageId sent as text',
      () => markRead(customer, shop, undefined, { lastReadMessageId: '5' }),
      'lastReadMessageId',
    ],
    [
      'a lastReadMessageId beyond any PostgreSQL integer',
      () => markRead(customer, shop, undefined, { lastReadMessageId: 2 ** 31 }),
      'lastReadMessageId',
    ],
  ])('%s is 400 naming the field', async (_case, attempt, field) => {
    expect(await expectRefused(400, attempt)).toContain(field);
  });
});

describe('the unread total for the navigation', () => {
  test('sums every conversation’s unreadCount, as customer and as owner, and a visitor gets 401', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    const elsewhere = await shopAndCustomer();
    // The owner is also a customer of another shop: both roles add up.
    await say(customer, owner, shop, 'One');
    await say(customer, owner, shop, 'Two');
    await say(owner, elsewhere.owner, elsewhere.shop, 'Do you sell beans wholesale?');
    await say(elsewhere.owner, owner, elsewhere.shop, 'We do!');
    expect(await totalOf(owner)).toBe(3);
    const counts = Object.values(await unreadOf(owner));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await totalOf(elsewhere.owner)).toBe(1);
    expect(await totalOf(await makeUser(server.api, 'customer'))).toBe(0);
    expect((await server.api.get('/api/messages/unread-count')).status).toBe(401);
  });

  test('is read from the index of unread messages, not by scanning the user’s messages', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    await say(customer, owner, shop, 'Hello');
    // A test database is small enough for a sequential scan to win; with that ruled out, the planner's choice of
    // index is what a big table gets.
    const plan = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(sql`explain (costs off)
        select count(*) from messages m
        where m.receiver_id = ${owner.user.id} and m.shop_id = ${shop.id} and m.customer_id = ${customer.user.id}
          and m.message_type = 'text' and m.id > 0`)) as unknown as { rows: Record<string, string>[] };
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('Index Only Scan using messages_unread');
  });
});

describe('live', () => {
  test('reading tells the reader’s other sockets, so their badge clears too', async () => {
    const { owner, shop, customer } = await shopAndCustomer();
    await say(customer, owner, shop, 'Hello');
    const otherTab = await connect(server.baseUrl, owner.accessToken);
    try {
      expect((await markRead(owner, shop, customer.user.id)).status).toBe(204);
      expect(await otherTab.next((event) => event.type === 'messages_read')).toEqual({
        type: 'messages_read',
        shopId: shop.id,
        customerId: customer.user.id,
      });
    } finally {
      otherTab.close();
    }
  });
});
