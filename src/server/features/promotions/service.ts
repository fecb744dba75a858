// Paid promotion (spec §4 Promotion flow, issue 12): a server-made reference, Paystack's word checked, activated once.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  InitializePromotionResult,
  Promotion,
  PromotionPlan,
  PromotionPricing,
  VerifyPromotionResult,
} from '../../../shared/api/promotions.js';
import type { Shop } from '../../../shared/api/shops.js';
import {
  PROMOTION_AMOUNT_CENTS,
  PROMOTION_CURRENCY,
  PROMOTION_DURATION_DAYS,
  PROMOTION_PLAN_ID,
} from '../../../shared/domain/promotion.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, promotions, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  PaymentProviderError,
  type Payments,
  type PaymentTransaction,
  transactionOf,
} from '../../integrations/payments.js';
import { toShop } from '../shops/service.js';

export function promotionPricing(): PromotionPricing {
  return { amount: PROMOTION_AMOUNT_CENTS, duration: PROMOTION_DURATION_DAYS, currency: PROMOTION_CURRENCY };
}

export function promotionPlans(): PromotionPlan[] {
  return [{ id: PROMOTION_PLAN_ID, name: 'Featured for 30 days', ...promotionPricing() }];
}

/**
 * A promotion as the API shows it. 'expired' is computed here, on read, rather than written by a sweep: an active
 * promotion whose end has passed reads expired the very moment it passes, and no second writer can race activation.
 */
const promotionColumns = {
  id: promotions.id,
  shopId: promotions.shopId,
  reference: promotions.reference,
  amountCents: promotions.amountCents,
  status: sql<
    Promotion['status']
  >`(case when ${promotions.status} = 'active' and ${promotions.endDate} <= now()
    then 'expired' else ${promotions.status}::text end)`,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  createdAt: promotions.createdAt,
};

interface PromotionRow {
  id: number;
  shopId: number;
  reference: string;
  amountCents: number;
  status: Promotion['status'];
  startDate: Date | string | null;
  endDate: Date | string | null;
  createdAt: Date | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    shopId: row.shopId,
    reference: row.reference,
    amount: row.amountCents,
    currency: PROMOTION_CURRENCY,
    status: row.status,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

async function requireOwnShop(db: Database, ownerId: number, shopId: number) {
  const [shop] = await db
    .select({ id: coffeeShops.id })
    .from(coffeeShops)
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)));
  // Another owner's shop is answered exactly like a missing one, so ids reveal nothing.
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
}

/** The shop's promotions, newest first; only its owner may see them. */
export async function listShopPromotions(
  db: Database,
  ownerId: number,
  shopId: number,
): Promise<Promotion[]> {
  await requireOwnShop(db, ownerId, shopId);
  const rows = await db
    .select(promotionColumns)
    .from(promotions)
    .where(eq(promotions.shopId, shopId))
    .orderBy(desc(promotions.createdAt), desc(promotions.id));
  return rows.map(toPromotion);
}

function requirePayments(payments: Payments | undefined): Payments {
  if (!payments) throw new HttpError(503, 'Payments are not configured');
  return payments;
}

/** Paystack allows letters, digits, '-', '.' and '='; 96 random bits make a guess or a collision hopeless. */
function newReference(): string {
  return `promo-${randomBytes(12).toString('hex')}`;
}

/**
 * Stores a pending promotion under a reference only the server makes, then asks Paystack for a payment page.
 * Paystack failing or timing out marks the row failed (it can never be activated) and answers 502.
 */
export async function initializePromotion(
  db: Database,
  payments: Payments | undefined,
  publicUrl: string,
  ownerId: number,
  shopId: number,
): Promise<InitializePromotionResult> {
  await requireOwnShop(db, ownerId, shopId);
  const provider = requirePayments(payments);
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  if (!owner) throw new HttpError(401, 'Please sign in to continue');

  const reference = newReference();
  const [pending] = await db
    .insert(promotions)
    .values({
      shopId,
      reference,
      amountCents: PROMOTION_AMOUNT_CENTS,
      durationDays: PROMOTION_DURATION_DAYS,
      status: 'pending',
    })
    .returning({ id: promotions.id });
  const callbackUrl = new URL('/dashboard', publicUrl);
  callbackUrl.searchParams.set('promotion', reference);
  try {
    const { authorizationUrl } = await provider.initializeTransaction({
      email: owner.email,
      amount: PROMOTION_AMOUNT_CENTS,
      currency: PROMOTION_CURRENCY,
      reference,
      callbackUrl: callbackUrl.toString(),
      metadata: { shopId, promotionId: pending!.id },
    });
    return { authorization_url: authorizationUrl, reference };
  } catch (error) {
    await db
      .update(promotions)
      .set({ status: 'failed' })
      .where(and(eq(promotions.id, pending!.id), eq(promotions.status, 'pending')));
    if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
    throw error;
  }
}

/** Why Paystack's transaction may not activate this promotion, or null when it may. */
function refusal(row: { reference: string; shopId: number; amountCents: number }, paid: PaymentTransaction) {
  if (paid.status !== 'success') return `Paystack reports the payment as ${paid.status}`;
  if (paid.reference !== row.reference) return 'The payment is for another reference';
  if (paid.amount !== PROMOTION_AMOUNT_CENTS || paid.amount !== row.amountCents)
    return 'The amount paid does not match the price of a promotion';
  if (paid.currency !== PROMOTION_CURRENCY) return 'The payment was not made in rand (ZAR)';
  const metadata = paid.metadata as { shopId?: unknown } | null | undefined;
  if (metadata && typeof metadata === 'object' && metadata.shopId !== undefined) {
    if (Number(metadata.shopId) !== row.shopId) return 'The payment is for another coffee shop';
  }
  return null;
}

export interface Activation {
  shop: Shop;
  promotion: Promotion;
}

/**
 * Activates a pending promotion, at most once whoever calls and however often (ADR 0001). The claim is one
 * conditional UPDATE on the pending row: of two racing callers, on any instance, the second waits for the first's
 * row lock, re-reads the row, finds it no longer pending and gets nothing. Only the winner extends the shop, in
 * the same transaction: from the later of now and the running expiry, so paying while featured never shortens.
 * Null when the row was not pending.
 */
export async function activatePromotion(db: Database, reference: string): Promise<Activation | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(promotions)
      .set({ status: 'active', startDate: sql`now()` })
      .where(and(eq(promotions.reference, reference), eq(promotions.status, 'pending')))
      .returning({ id: promotions.id, shopId: promotions.shopId, durationDays: promotions.durationDays });
    if (!claimed) return null;
    // Every SET expression reads the row as it was, so the running expiry counts only while the shop is featured.
    const [shopRow] = await tx
      .update(coffeeShops)
      .set({
        isPromoted: true,
        promotionExpiresAt: sql`(case when ${coffeeShops.isPromoted} and ${coffeeShops.promotionExpiresAt} > now()
          then ${coffeeShops.promotionExpiresAt} else now() end) + make_interval(days => ${claimed.durationDays}::int)`,
      })
      .where(eq(coffeeShops.id, claimed.shopId))
      .returning();
    const [active] = await tx
      .update(promotions)
      .set({ endDate: shopRow!.promotionExpiresAt })
      .where(eq(promotions.id, claimed.id))
      .returning(promotionColumns);
    return { shop: toShop(shopRow!), promotion: toPromotion(active!) };
  });
}

/** The shop and promotion as they are now, for a reference that is already active (a repeated verify). */
async function currentActivation(db: Database, promotionId: number, shopId: number): Promise<Activation> {
  const [row] = await db.select(promotionColumns).from(promotions).where(eq(promotions.id, promotionId));
  const [shopRow] = await db.select().from(coffeeShops).where(eq(coffeeShops.id, shopId));
  return { shop: toShop(shopRow!), promotion: toPromotion(row!) };
}

export type VerifyOutcome = VerifyPromotionResult & { activated: boolean };

/**
 * The owner's Verify Payment (and the return from Paystack): asks Paystack, checks status, amount, currency and
 * reference, and activates. A reference already active answers success again without extending anything.
 */
export async function verifyPromotion(
  db: Database,
  payments: Payments | undefined,
  ownerId: number,
  reference: string,
): Promise<VerifyOutcome> {
  const [row] = await db
    .select(promotionColumns)
    .from(promotions)
    .innerJoin(coffeeShops, eq(coffeeShops.id, promotions.shopId))
    .where(and(eq(promotions.reference, reference), eq(coffeeShops.ownerId, ownerId)));
  if (!row) throw new HttpError(404, 'Promotion not found');
  if (row.status === 'active' || row.status === 'expired') {
    return { status: 'success', ...(await currentActivation(db, row.id, row.shopId)), activated: false };
  }
  if (row.status === 'failed') {
    return {
      status: 'failed',
      message: 'This payment could not be started. Please promote again.',
      activated: false,
    };
  }

  let paid: Awaited<ReturnType<Payments['verifyTransaction']>>;
  try {
    paid = await requirePayments(payments).verifyTransaction(reference);
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
    throw error;
  }
  if ('message' in paid) return { status: 'failed', message: paid.message, activated: false };
  const refused = refusal(row, paid);
  if (refused) {
    return { status: paid.status === 'success' ? 'failed' : paid.status, message: refused, activated: false };
  }
  const activation = await activatePromotion(db, reference);
  if (activation) return { status: 'success', ...activation, activated: true };
  // The webhook (or another verify) activated it between our read and our claim: the same success, once.
  return { status: 'success', ...(await currentActivation(db, row.id, row.shopId)), activated: false };
}

export type WebhookOutcome = { activated: Activation } | { ignored: string };

/**
 * A signed Paystack event. charge.success runs the same checks and activation as verify; everything else, and
 * references unknown or already handled, is acknowledged and ignored so that Paystack stops resending it.
 */
export async function handlePaystackEvent(db: Database, event: unknown): Promise<WebhookOutcome> {
  const { event: name, data } = (event ?? {}) as { event?: unknown; data?: { reference?: unknown } };
  if (name !== 'charge.success' || !data || typeof data !== 'object')
    return { ignored: `event ${String(name)}` };
  const reference = typeof data.reference === 'string' ? data.reference : '';
  const [row] = await db
    .select({
      reference: promotions.reference,
      shopId: promotions.shopId,
      amountCents: promotions.amountCents,
      status: promotions.status,
    })
    .from(promotions)
    .where(eq(promotions.reference, reference));
  if (!row) return { ignored: `unknown reference ${reference}` };
  if (row.status !== 'pending') return { ignored: `reference ${reference} is ${row.status}` };
  const paid = transactionOf(data);
  // An event without a status is no news of a payment: acknowledged and ignored, as a failed one is.
  const refused = paid ? refusal(row, paid) : 'Paystack sent no payment status';
  if (refused) return { ignored: `${reference}: ${refused}` };
  const activation = await activatePromotion(db, reference);
  return activation ? { activated: activation } : { ignored: `reference ${reference} already activated` };
}
