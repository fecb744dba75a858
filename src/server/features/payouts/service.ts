// A shop's payouts (issue 26): the bank account its online orders settle to, as a Paystack subaccount that takes
// 0 %. Only the subaccount code, the bank's name and the last 4 digits are kept: never the whole account number.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Bank, Payout, payoutBody } from '../../../shared/api/payments.js';
import type { Database } from '../../db/client.js';
import { coffeeShops, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { PaymentProviderError, PaymentRefusedError, type Payments } from '../../integrations/payments.js';

/** How long the bank list is kept before Paystack is asked again. */
const BANKS_TTL_MS = 24 * 60 * 60 * 1000;

/** South African banks from Paystack, kept for a day (one list per server; banks change rarely). */
export function bankDirectory(payments: Payments) {
  let cached: { banks: Bank[]; at: number } | null = null;
  return async function banks(now = Date.now()): Promise<Bank[]> {
    if (cached && now - cached.at < BANKS_TTL_MS) return cached.banks;
    try {
      const banks = (await payments.listBanks()).map(({ name, code }) => ({ name, code }));
      cached = { banks, at: now };
      return banks;
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
      throw error;
    }
  };
}

/** The owner's own shop (403 for customers is the route's; another owner's shop is 404, as if it did not exist). */
async function ownShop(db: Database, ownerId: number, shopId: number) {
  const [shop] = await db
    .select({
      id: coffeeShops.id,
      name: coffeeShops.name,
      subaccountCode: coffeeShops.paystackSubaccountCode,
      bankName: coffeeShops.payoutBankName,
      accountLast4: coffeeShops.payoutAccountLast4,
      onlinePayment: coffeeShops.onlinePayment,
      ownerEmail: users.email,
    })
    .from(coffeeShops)
    .innerJoin(users, eq(users.id, coffeeShops.ownerId))
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)));
  if (!shop) throw new HttpError(404, 'Coffee shop not found');
  return shop;
}

function toPayout(shop: {
  subaccountCode: string | null;
  bankName: string | null;
  accountLast4: string | null;
  onlinePayment: Payout['onlinePayment'];
}): Payout {
  return {
    payoutsReady: shop.subaccountCode !== null,
    bankName: shop.bankName,
    accountLast4: shop.accountLast4,
    onlinePayment: shop.onlinePayment,
  };
}

export async function getPayout(db: Database, ownerId: number, shopId: number): Promise<Payout> {
  return toPayout(await ownShop(db, ownerId, shopId));
}

/**
 * Creates the shop's subaccount on Paystack (or updates the one it has) with the bank account, then keeps its code,
 * the bank's name and the last 4 digits. Paystack's refusal is 502 with its message, and nothing is stored.
 */
export async function savePayout(
  db: Database,
  payments: Payments,
  banks: () => Promise<Bank[]>,
  ownerId: number,
  shopId: number,
  input: z.output<typeof payoutBody>,
): Promise<Payout> {
  const shop = await ownShop(db, ownerId, shopId);
  const bank = (await banks()).find((candidate) => candidate.code === input.bankCode);
  if (!bank)
    throw new HttpError(400, `bankCode ${input.bankCode} is not a South African bank Paystack pays into`);
  let subaccountCode: string;
  try {
    ({ subaccountCode } = await payments.saveSubaccount(shop.subaccountCode, {
      businessName: shop.name,
      settlementBank: bank.code,
      accountNumber: input.accountNumber,
      primaryContactEmail: shop.ownerEmail,
      metadata: { shopId: shop.id, accountName: input.accountName },
    }));
  } catch (error) {
    if (error instanceof PaymentRefusedError)
      throw new HttpError(502, `Paystack refused the account: ${error.message}`);
    if (error instanceof PaymentProviderError) throw new HttpError(502, error.message);
    throw error;
  }
  const [saved] = await db
    .update(coffeeShops)
    .set({
      paystackSubaccountCode: subaccountCode,
      payoutBankCode: bank.code,
      payoutBankName: bank.name,
      payoutAccountLast4: input.accountNumber.slice(-4),
    })
    .where(and(eq(coffeeShops.id, shopId), eq(coffeeShops.ownerId, ownerId)))
    .returning({
      subaccountCode: coffeeShops.paystackSubaccountCode,
      bankName: coffeeShops.payoutBankName,
      accountLast4: coffeeShops.payoutAccountLast4,
      onlinePayment: coffeeShops.onlinePayment,
    });
  if (!saved) throw new HttpError(404, 'Coffee shop not found');
  return toPayout(saved);
}
