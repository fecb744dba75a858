// Owners answer reviews over real HTTP (issue 29): the reply of the review's shop owner, edited and removed; who may;
// the reviewer's chat line with the first reply; a shop's reviews in sorts and pages, their star summary, and the
// owner's list of reviews still waiting for a reply.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messages, outbox, pushSubscriptions, reviews } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type {
  AwaitingReplyReview,
  Review,
  ReviewResult,
  ReviewSummary,
} from '../../src/shared/api/favorites.js';
import type { Conversation, Message } from '../../src/shared/api/messages.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { confirmEmails, makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

let server: TestApp;
/** Owns `shop` (Truth Coffee) and `secondShop`. */
let owner: AuthResponse;
let otherOwner: AuthResponse;
let shop: Shop;
let secondShop: Shop;
/** Confirmed customers, enough for one shop's two pages of reviews: signing up hashes a password, so made once. */
let reviewers: AuthResponse[];

type ErrorBody = { message: string };

const review = async (who: AuthResponse, shopId: number, rating: number, comment: string | null = null) => {
  const saved = await server.api.as(who).post<ReviewResult>('/api/reviews', { shopId, rating, comment });
  expect(saved.status).toBe(201);
  return saved.body.review;
};
const putReply = (who: AuthResponse | null, reviewId: number, body: unknown) =>
  (who ? server.api.as(who) : server.api).put<Review & ErrorBody>(`/api/reviews/${reviewId}/reply`, body);
const deleteReply = (who: AuthResponse | null, reviewId: number) =>
  (who ? server.api.as(who) : server.api).delete<ErrorBody>(`/api/reviews/${reviewId}/reply`);
const reviewRow = async (id: number) =>
  (await server.database.db.select().from(reviews).where(eq(reviews.id, id)))[0]!;
/** The messages of one customer's conversation with a shop, oldest first. */
const conversationRows = (shopId: number, customerId: number) =>
  server.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.shopId, shopId), eq(messages.customerId, customerId)))
    .orderBy(messages.id);
const listOf = async (shopId: number, query = '') => {
  const listed = await server.api.get<Review[]>(`/api/reviews/${shopId}${query}`);
  expect(listed.status).toBe(200);
  return listed.body;
};

beforeAll(async () => {
  // More sign-ups from 127.0.0.1 than the default hourly limit allows (the limit has tests of its own).
  server = await startTestApp({ env: { REGISTRATIONS_PER_HOUR: '100' } });
  owner = await makeUser(server.api, 'shop_owner');
  otherOwner = await makeUser(server.api, 'shop_owner');
  reviewers = await Promise.all(Array.from({ length: 12 }, () => makeUser(server.api, 'customer')));
  await confirmEmails(server.database.db, ...reviewers);
  shop = await makeShop(server.api, owner, { name: 'Truth Coffee' });
  secondShop = await makeShop(server.api, owner, { name: 'Truth Too' });
});
afterAll(() => server?.close());

describe('the owner replies', () => {
  test('the shop’s owner replies: 200 with the review and its reply, stored on the review’s row', async () => {
    const written = await review(reviewers[0]!, shop.id, 4, 'Lovely crema');
    const answered = await putReply(owner, written.id, { text: '  Thank you, come again!  ' });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({
      ...written,
      reply: { text: 'Thank you, come again!', createdAt: expect.any(String), updatedAt: expect.any(String) },
    });
    expect(answered.body.reply!.updatedAt).toBe(answered.body.reply!.createdAt);

    const row = await reviewRow(written.id);
    expect(row.replyText).toBe('Thank you, come again!');
    expect(row.replyCreatedAt?.toISOString()).toBe(answered.body.reply!.createdAt);
    expect(row.replyUpdatedAt?.toISOString()).toBe(answered.body.reply!.createdAt);
    // The review itself is as the customer left it: a reply does not make it news in the newest-first list.
    expect(row.updatedAt.toISOString()).toBe(written.updatedAt);
    expect(row).toMatchObject({ rating: 4, comment: 'Lovely crema' });
  });

  test('a reply of exactly 1000 characters is kept whole', async () => {
    const written = await review(reviewers[1]!, secondShop.id, 5);
    const long = 'y'.repeat(1000);
    expect((await putReply(owner, written.id, { text: long })).status).toBe(200);
    expect((await reviewRow(written.id)).replyText).toBe(long);
  });

  test('replying again edits the reply: new text and updatedAt, the same createdAt', async () => {
    const written = await review(reviewers[2]!, shop.id, 3, 'Queue was long');
    await putReply(owner, written.id, { text: 'Sorry about the wait' });
    // The first reply dated a day back, so the edit's time is certainly later.
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await server.database.db
      .update(reviews)
      .set({ replyCreatedAt: dayAgo, replyUpdatedAt: dayAgo })
      .where(eq(reviews.id, written.id));

    const edited = await putReply(owner, written.id, { text: 'Sorry about the wait: we added a barista' });
    expect(edited.status).toBe(200);
    expect(edited.body.reply).toEqual({
      text: 'Sorry about the wait: we added a barista',
      createdAt: dayAgo.toISOString(),
      updatedAt: expect.any(String),
    });
    expect(new Date(edited.body.reply!.updatedAt).getTime()).toBeGreaterThan(dayAgo.getTime());
    const row = await reviewRow(written.id);
    expect(row.replyText).toBe('Sorry about the wait: we added a barista');
    expect(row.replyCreatedAt?.toISOString()).toBe(dayAgo.toISOString());
    expect(row.replyUpdatedAt?.toISOString()).toBe(edited.body.reply!.updatedAt);
  });

  test('deleting the reply answers 204 and clears it; deleting again is 404 Reply not found', async () => {
    const written = await review(reviewers[3]!, shop.id, 2, 'Burnt');
    await putReply(owner, written.id, { text: 'We have serviced the grinder' });

    const removed = await deleteReply(owner, written.id);
    expect(removed.status).toBe(204);
    expect(await reviewRow(written.id)).toMatchObject({
      replyText: null,
      replyCreatedAt: null,
      replyUpdatedAt: null,
    });
    expect((await listOf(shop.id)).find((entry) => entry.id === written.id)?.reply).toBeNull();

    const again = await deleteReply(owner, written.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Reply not found' });
  });

  test('the reply shows in the shop’s list, in the reviewer’s /mine, and stays when the review is replaced', async () => {
    const fan = reviewers[4]!;
    const written = await review(fan, secondShop.id, 3, 'Good');
    const answered = await putReply(owner, written.id, { text: 'Glad you liked it' });
    const expected = answered.body.reply;
    expect(expected).not.toBeNull();

    const listed = (await listOf(secondShop.id)).find((entry) => entry.id === written.id);
    expect(listed?.reply).toEqual(expected);
    const mine = await server.api.as(fan).get<Review>(`/api/reviews/${secondShop.id}/mine`);
    expect(mine.body.reply).toEqual(expected);

    // The customer's new review of the shop replaces the old one in place: the owner's answer is kept with it.
    const replaced = await review(fan, secondShop.id, 5, 'Even better now');
    expect(replaced.reply).toEqual(expected);
    expect((await listOf(secondShop.id)).find((entry) => entry.id === written.id)?.reply).toEqual(expected);
  });

  test('reviews without a reply read reply null everywhere', async () => {
    const fan = reviewers[5]!;
    const written = await review(fan, secondShop.id, 4);
    expect(written.reply).toBeNull();
    expect((await listOf(secondShop.id)).find((entry) => entry.id === written.id)?.reply).toBeNull();
    expect(
      (await server.api.as(fan).get<Review>(`/api/reviews/${secondShop.id}/mine`)).body.reply,
    ).toBeNull();
  });
});

describe('the reviewer’s chat line', () => {
  test('the first reply writes one chat line from the owner to the reviewer, sent live; edits write none', async () => {
    const fan = reviewers[6]!;
    const written = await review(fan, shop.id, 5, 'Best espresso in Cape Town');
    const socket = await connect(server.baseUrl, fan.accessToken);
    try {
      const heard = socket.next(
        (event) => event.type === 'new_message' && event.message.content.startsWith('Truth Coffee replied'),
      );
      expect((await putReply(owner, written.id, { text: 'Thank you!' })).status).toBe(200);
      const event = (await heard) as { message: Message };
      expect(event.message).toMatchObject({
        senderId: owner.user.id,
        receiverId: fan.user.id,
        customerId: fan.user.id,
        shopId: shop.id,
        content: 'Truth Coffee replied to your review: Thank you!',
        messageType: 'text',
      });

      await putReply(owner, written.id, { text: 'Thank you! See you soon' });
      await putReply(owner, written.id, { text: 'Thank you! See you soon.' });
      const rows = await conversationRows(shop.id, fan.user.id);
      expect(rows.map((row) => [row.senderId, row.receiverId, row.content, row.messageType])).toEqual([
        [owner.user.id, fan.user.id, 'Truth Coffee replied to your review: Thank you!', 'text'],
      ]);
      expect(rows[0]!.id).toBe(event.message.id);
    } finally {
      socket.close();
    }

    // The reviewer's conversation list has the shop's line, unread.
    const conversations = await server.api.as(fan).get<Conversation[]>('/api/messages/conversations');
    expect(conversations.body).toEqual([
      expect.objectContaining({
        shop: expect.objectContaining({ id: shop.id, name: 'Truth Coffee' }),
        myRole: 'customer',
        unreadCount: 1,
        lastMessage: expect.objectContaining({ content: 'Truth Coffee replied to your review: Thank you!' }),
      }),
    ]);
  });

  test('the chat line quotes the first 200 characters of a long reply', async () => {
    const fan = reviewers[7]!;
    const written = await review(fan, shop.id, 4);
    const text = `${'a'.repeat(200)}bcdef`;
    await putReply(owner, written.id, { text });
    const rows = await conversationRows(shop.id, fan.user.id);
    expect(rows.map((row) => row.content)).toEqual([
      `Truth Coffee replied to your review: ${'a'.repeat(200)}…`,
    ]);
  });

  test('a reviewer with a device gets a push notification of the chat line in the outbox', async () => {
    const fan = reviewers[8]!;
    const written = await review(fan, secondShop.id, 2, 'Cold milk');
    await server.database.db.insert(pushSubscriptions).values({
      userId: fan.user.id,
      endpoint: `https://push.example.com/${fan.user.id}`,
      p256dh: 'key',
      auth: 'secret',
    });
    await putReply(owner, written.id, { text: 'We will steam it hotter' });
    const [line] = await conversationRows(secondShop.id, fan.user.id);
    const pushes = await server.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(sql`${outbox.kind} = 'push' and (${outbox.payload}->>'userId')::int = ${fan.user.id}`);
    expect(pushes.map((push) => push.payload)).toEqual([
      expect.objectContaining({ kind: 'message', messageId: line!.id, userId: fan.user.id }),
    ]);
  });
});

describe('who may reply', () => {
  test('another owner gets 404 Review not found for a reply and a delete, and nothing changes', async () => {
    const written = await review(reviewers[9]!, shop.id, 1, 'Rude staff');
    const answered = await putReply(owner, written.id, { text: 'We are sorry' });
    const before = await reviewRow(written.id);
    const messagesBefore = await conversationRows(shop.id, reviewers[9]!.user.id);

    const replied = await putReply(otherOwner, written.id, { text: 'Come to us instead' });
    expect(replied.status).toBe(404);
    expect(replied.body).toEqual({ message: 'Review not found' });
    const removed = await deleteReply(otherOwner, written.id);
    expect(removed.status).toBe(404);
    expect(removed.body).toEqual({ message: 'Review not found' });

    expect(await reviewRow(written.id)).toEqual(before);
    expect(before.replyText).toBe(answered.body.reply!.text);
    expect(await conversationRows(shop.id, reviewers[9]!.user.id)).toEqual(messagesBefore);
  });

  test('a review that does not exist is 404 Review not found', async () => {
    expect((await putReply(owner, 999_999, { text: 'Hello' })).body).toEqual({ message: 'Review not found' });
    expect((await deleteReply(owner, 999_999)).status).toBe(404);
  });

  test('customers, the reviewer included, get 403; signed out 401; nothing is stored', async () => {
    const fan = reviewers[10]!;
    const written = await review(fan, shop.id, 5);
    for (const customer of [fan, reviewers[0]!]) {
      const replied = await putReply(customer, written.id, { text: 'Replying to myself' });
      expect(replied.status).toBe(403);
      expect(replied.body).toEqual({ message: 'Only shop owners can do this' });
      expect((await deleteReply(customer, written.id)).status).toBe(403);
    }
    const visitor = await putReply(null, written.id, { text: 'Hello' });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Please sign in to continue' });
    expect((await deleteReply(null, written.id)).status).toBe(401);
    expect(
      (await server.api.as('not-a-token').put(`/api/reviews/${written.id}/reply`, { text: 'x' })).status,
    ).toBe(401);
    expect((await reviewRow(written.id)).replyText).toBeNull();
    expect(await conversationRows(shop.id, fan.user.id)).toEqual([]);
  });

  test.each([
    ['an empty text', { text: '' }, 'text must not be empty'],
    ['a blank text', { text: '    ' }, 'text must not be empty'],
    ['a 1001-character text', { text: 'z'.repeat(1001) }, 'text must be at most 1000 characters'],
    ['no text', {}, 'text'],
    ['a text that is a number', { text: 42 }, 'text'],
    ['a text with a NUL', { text: 'a\u0000b' }, 'text'],
  ])('a reply with %s gets 400 naming text and changes nothing', async (_label, body, words) => {
    const written = await review(reviewers[11]!, secondShop.id, 3, 'Fine');
    const before = await reviewRow(written.id);
    const refused = await putReply(owner, written.id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(words);
    expect(refused.body.message).toMatch(/text/);
    expect(await reviewRow(written.id)).toEqual(before);
  });

  test.each(['abc', '0', '1.5', '0x10', '2147483648'])(
    'a review id spelt %s is 400 naming id',
    async (id) => {
      const refused = await server.api.as(owner).put<ErrorBody>(`/api/reviews/${id}/reply`, { text: 'Hi' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('id');
    },
  );
});

describe('a shop’s reviews in sorts and pages, and their summary', () => {
  /** Twelve reviews of a shop of its own, in this order: two pages of ten. */
  const ratings = [5, 4, 3, 2, 1, 5, 4, 3, 2, 1, 5, 3];
  let paged: Shop;
  let written: Review[];

  beforeAll(async () => {
    paged = await makeShop(server.api, owner, { name: 'Paged Roasters' });
    written = [];
    for (const [index, rating] of ratings.entries())
      written.push(await review(reviewers[index]!, paged.id, rating));
  });

  test('without parameters: the newest ten; page 2 holds the other two; no review is on both', async () => {
    const newestFirst = [...written].reverse().map((entry) => entry.id);
    const first = await listOf(paged.id);
    expect(first.map((entry) => entry.id)).toEqual(newestFirst.slice(0, 10));
    expect((await listOf(paged.id, '?sort=newest&page=1')).map((entry) => entry.id)).toEqual(
      newestFirst.slice(0, 10),
    );
    const second = await listOf(paged.id, '?page=2');
    expect(second.map((entry) => entry.id)).toEqual(newestFirst.slice(10));
    expect(await listOf(paged.id, '?page=3')).toEqual([]);
  });

  test('highest and lowest sort by stars, newest first among equals, across both pages', async () => {
    const highest = [
      ...(await listOf(paged.id, '?sort=highest')),
      ...(await listOf(paged.id, '?sort=highest&page=2')),
    ];
    expect(highest.map((entry) => entry.rating)).toEqual([5, 5, 5, 4, 4, 3, 3, 3, 2, 2, 1, 1]);
    expect(new Set(highest.map((entry) => entry.id)).size).toBe(12);
    // Among the three 5s: the newest (the 11th written) first.
    expect(highest.slice(0, 3).map((entry) => entry.id)).toEqual([
      written[10]!.id,
      written[5]!.id,
      written[0]!.id,
    ]);

    const lowest = [
      ...(await listOf(paged.id, '?sort=lowest')),
      ...(await listOf(paged.id, '?sort=lowest&page=2')),
    ];
    expect(lowest.map((entry) => entry.rating)).toEqual([1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5]);
    expect(lowest.slice(0, 2).map((entry) => entry.id)).toEqual([written[9]!.id, written[4]!.id]);
  });

  test.each([
    ['sort=best', 'sort must be newest, highest or lowest'],
    ['sort=', 'sort'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=2147483648', 'page'],
  ])('?%s is 400 naming the field', async (query, words) => {
    const refused = await server.api.get<ErrorBody>(`/api/reviews/${paged.id}?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(words);
  });

  test('the summary counts every review, their mean to one decimal and each star, as the shop’s rating has it', async () => {
    const summary = await server.api.get<ReviewSummary>(`/api/reviews/${paged.id}/summary`);
    expect(summary.status).toBe(200);
    // 38 stars over 12 reviews: 3.17.
    expect(summary.body).toEqual({
      count: 12,
      average: '3.2',
      histogram: { '5': 3, '4': 2, '3': 3, '2': 2, '1': 2 },
    });
    const shown = await server.api.get<Shop>(`/api/coffee-shops/${paged.id}`);
    expect(shown.body).toMatchObject({ rating: summary.body.average, reviewCount: 12 });
  });

  test('a shop without reviews (or no shop) summarises as zeros and no mean', async () => {
    const quiet = await makeShop(server.api, otherOwner);
    const empty = { count: 0, average: null, histogram: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 } };
    expect((await server.api.get(`/api/reviews/${quiet.id}/summary`)).body).toEqual(empty);
    expect((await server.api.get('/api/reviews/999999/summary')).body).toEqual(empty);
    expect((await server.api.get<ErrorBody>('/api/reviews/abc/summary')).status).toBe(400);
  });
});

describe('reviews waiting for a reply', () => {
  test('the owner’s unanswered reviews of all their shops, newest first with the shop’s name; no one else’s', async () => {
    const waitingOwner = await makeUser(server.api, 'shop_owner');
    const cafe = await makeShop(server.api, waitingOwner, { name: 'Waiting Cafe' });
    const bakery = await makeShop(server.api, waitingOwner, { name: 'Waiting Bakery' });
    const foreign = await makeShop(server.api, otherOwner, { name: 'Not Theirs' });
    const older = await review(reviewers[0]!, cafe.id, 4, 'Nice');
    const answered = await review(reviewers[1]!, cafe.id, 2, 'Meh');
    const newer = await review(reviewers[2]!, bakery.id, 5, 'Great scones');
    await review(reviewers[3]!, foreign.id, 1, 'Elsewhere');
    await putReply(waitingOwner, answered.id, { text: 'Thanks for telling us' });

    const waiting = await server.api
      .as(waitingOwner)
      .get<AwaitingReplyReview[]>('/api/reviews/awaiting-reply');
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual([
      { ...newer, shopName: 'Waiting Bakery' },
      { ...older, shopName: 'Waiting Cafe' },
    ]);

    // Answered, it leaves the list; its reply removed, it comes back.
    await putReply(waitingOwner, newer.id, { text: 'Baked fresh daily' });
    const after = await server.api.as(waitingOwner).get<AwaitingReplyReview[]>('/api/reviews/awaiting-reply');
    expect(after.body.map((entry) => entry.id)).toEqual([older.id]);
    await deleteReply(waitingOwner, newer.id);
    const back = await server.api.as(waitingOwner).get<AwaitingReplyReview[]>('/api/reviews/awaiting-reply');
    expect(back.body.map((entry) => entry.id)).toEqual([newer.id, older.id]);
  });

  test('holds at most 50', async () => {
    const busyOwner = await makeUser(server.api, 'shop_owner');
    const shops = await Promise.all([1, 2, 3, 4, 5].map(() => makeShop(server.api, busyOwner)));
    // Sixty reviews (twelve customers at five shops) written straight to the table: the cap is what is tested.
    await server.database.db
      .insert(reviews)
      .values(
        shops.flatMap((each) =>
          reviewers.map((who) => ({ userId: who.user.id, shopId: each.id, rating: 4 })),
        ),
      );
    const waiting = await server.api.as(busyOwner).get<AwaitingReplyReview[]>('/api/reviews/awaiting-reply');
    expect(waiting.status).toBe(200);
    expect(waiting.body).toHaveLength(50);
  });

  test('customers get 403 and visitors 401', async () => {
    const customer = await server.api.as(reviewers[0]!).get<ErrorBody>('/api/reviews/awaiting-reply');
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({ message: 'Only shop owners can do this' });
    expect((await server.api.get('/api/reviews/awaiting-reply')).status).toBe(401);
  });

  test('an owner with no shops, or every review answered, gets an empty list', async () => {
    const newOwner = await makeUser(server.api, 'shop_owner');
    expect((await server.api.as(newOwner).get('/api/reviews/awaiting-reply')).body).toEqual([]);
  });
});
