// Owners answer reviews publicly (issue 29): one reply per review, written, edited and removed by the owner of the
// review's shop with one conditional statement each; the first reply also tells the reviewer in the shop's chat.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AwaitingReplyReview, Review } from '../../../shared/api/favorites.js';
import { MAX_AWAITING_REPLY } from '../../../shared/api/favorites.js';
import type { Message } from '../../../shared/api/messages.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, messages, reviews, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { findMessage } from '../messages/service.js';
import { pushEventSql } from '../push/enqueue.js';
import { reviewColumns, toReview, toReviews } from './service.js';

/** How much of the reply the reviewer's chat line quotes. */
const QUOTED_REPLY_LENGTH = 200;

/** 'Truth Coffee replied to your review: …' without the shop's name, which the statement reads: the quoted part. */
export function replyLineTail(text: string): string {
  const quoted = text.length > QUOTED_REPLY_LENGTH ? `${text.slice(0, QUOTED_REPLY_LENGTH)}…` : text;
  return ` replied to your review: ${quoted}`;
}

export interface SavedReply {
  review: Review;
  /** The reviewer's chat line, written with a first reply only; null for an edit. */
  message: Message | null;
  /** Whether a push notification of that line was written to the outbox. */
  pushed: boolean;
}

/**
 * A first reply: one statement that sets the reply where the review has none and its shop is the owner's, and in
 * the same statement writes the reviewer's chat line (a text message from the owner in the shop's conversation with
 * them, so it counts as unread and is pushed like any message the owner sends). Of two racing first replies one
 * matches; the other finds a reply there and becomes an edit. Null when nothing matched.
 */
async function writeFirstReply(db: Database, ownerId: number, reviewId: number, text: string, now: Date) {
  const result = (await db.execute(sql`
    with answered as (
      update ${reviews} r set reply_text = ${text}, reply_created_at = ${now.toISOString()}::timestamptz,
        reply_updated_at = ${now.toISOString()}::timestamptz
      from ${coffeeShops} s
      where r.id = ${reviewId} and s.id = r.shop_id and s.owner_id = ${ownerId} and r.reply_created_at is null
      returning r.id, r.shop_id, r.user_id, s.name as shop_name
    ),
    told as (
      insert into ${messages} (sender_id, receiver_id, shop_id, customer_id, content, message_type)
      select ${ownerId}, answered.user_id, answered.shop_id, answered.user_id,
        answered.shop_name || ${replyLineTail(text)}, 'text'
      from answered
      returning id, receiver_id
    ),
    pushed as (${pushEventSql(
      sql`told.receiver_id`,
      sql`jsonb_build_object('kind', 'message', 'messageId', told.id)`,
      sql`told`,
    )})
    select told.id as "messageId", exists (select 1 from pushed) as pushed from told`)) as unknown as {
    rows: { messageId: number; pushed: boolean }[];
  };
  return result.rows[0] ?? null;
}

/**
 * An edit: the text and reply_updated_at change, reply_created_at stays; only where a reply is there and the shop
 * is the owner's. Whether it matched.
 */
async function editReply(db: Database, ownerId: number, reviewId: number, text: string, now: Date) {
  const result = (await db.execute(sql`
    update ${reviews} r set reply_text = ${text}, reply_updated_at = ${now.toISOString()}::timestamptz
    from ${coffeeShops} s
    where r.id = ${reviewId} and s.id = r.shop_id and s.owner_id = ${ownerId} and r.reply_created_at is not null
    returning r.id`)) as unknown as { rows: { id: number }[] };
  return result.rows.length > 0;
}

/** A review of one of the owner's shops, or null (another owner's review reads as missing, rule 4). */
async function findOwnedReview(db: Database, ownerId: number, reviewId: number): Promise<Review | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(coffeeShops, eq(coffeeShops.id, reviews.shopId))
    .where(and(eq(reviews.id, reviewId), eq(coffeeShops.ownerId, ownerId)));
  return row ? toReview({ ...row.review, username: row.username, verifiedOrder: row.verifiedOrder }) : null;
}

/**
 * Sets the owner's reply to a review: the first time with the reviewer's chat line, afterwards as an edit. 404
 * 'Review not found' when the review is not of one of the owner's shops.
 */
export async function saveReply(
  db: Database,
  ownerId: number,
  reviewId: number,
  text: string,
  now: Date = new Date(),
): Promise<SavedReply> {
  // Twice at most: a reply deleted between the first statement missing and the edit missing is a first reply again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const first = await writeFirstReply(db, ownerId, reviewId, text, now);
    if (first) {
      const review = await findOwnedReview(db, ownerId, reviewId);
      if (!review) break; // its shop or review was deleted in between
      return { review, message: await findMessage(db, first.messageId), pushed: first.pushed };
    }
    if (await editReply(db, ownerId, reviewId, text, now)) {
      const review = await findOwnedReview(db, ownerId, reviewId);
      if (!review) break;
      return { review, message: null, pushed: false };
    }
  }
  throw new HttpError(404, 'Review not found');
}

/**
 * Removes the owner's reply (the chat line already sent stays: it was said). 404 'Review not found' for a review of
 * another shop, 'Reply not found' when there is no reply to remove.
 */
export async function deleteReply(db: Database, ownerId: number, reviewId: number): Promise<void> {
  const result = (await db.execute(sql`
    update ${reviews} r set reply_text = null, reply_created_at = null, reply_updated_at = null
    from ${coffeeShops} s
    where r.id = ${reviewId} and s.id = r.shop_id and s.owner_id = ${ownerId} and r.reply_created_at is not null
    returning r.id`)) as unknown as { rows: { id: number }[] };
  if (result.rows.length > 0) return;
  // Nothing removed: say why.
  if (!(await findOwnedReview(db, ownerId, reviewId))) throw new HttpError(404, 'Review not found');
  throw new HttpError(404, 'Reply not found');
}

/** Reviews of the owner's shops with no reply yet, newest first, at most MAX_AWAITING_REPLY. */
export async function listAwaitingReply(db: Database, ownerId: number): Promise<AwaitingReplyReview[]> {
  const rows = await db
    .select({ ...reviewColumns, shopName: coffeeShops.name })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(coffeeShops, eq(coffeeShops.id, reviews.shopId))
    .where(and(eq(coffeeShops.ownerId, ownerId), isNull(reviews.replyCreatedAt)))
    .orderBy(desc(reviews.updatedAt), desc(reviews.id))
    .limit(MAX_AWAITING_REPLY);
  const shaped = toReviews(rows);
  return shaped.map((review, index) => ({ ...review, shopName: rows[index]!.shopName }));
}
