// The promotion contract (spec §3, §7 Promotions, issue 12): pricing, plans, a shop's promotions, initialize, verify.
import { z } from 'zod';
import { bodyId, pathId } from './ids.js';
import { shop } from './shops.js';

/** Amounts are minor units (cents), as the pricing call and Paystack both carry them: 49900 is R499.00. */
export const promotionPricing = z.object({
  amount: z.number().int(),
  duration: z.number().int(),
  currency: z.literal('ZAR'),
});
export type PromotionPricing = z.infer<typeof promotionPricing>;

export const promotionPlan = promotionPricing.extend({ id: z.string(), name: z.string() });
export type PromotionPlan = z.infer<typeof promotionPlan>;

export const promotionStatuses = ['pending', 'active', 'failed', 'expired'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

export const promotion = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.literal('ZAR'),
  /** 'expired' is computed on read: an active promotion whose endDate has passed. */
  status: z.enum(promotionStatuses),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionShopParams = z.object({ shopId: pathId('shopId') });

export const initializePromotionBody = z.object({ shopId: bodyId('shopId') });
export type InitializePromotionBody = z.infer<typeof initializePromotionBody>;
export const initializePromotionResult = z.object({ authorization_url: z.string(), reference: z.string() });
export type InitializePromotionResult = z.infer<typeof initializePromotionResult>;

export const verifyPromotionBody = z.object({
  reference: z
    .string({ message: 'reference must be text' })
    .trim()
    .min(1, 'reference is required')
    .max(100, 'reference is too long'),
});
export type VerifyPromotionBody = z.infer<typeof verifyPromotionBody>;

/** Success carries the shop and promotion as they now are; anything else is Paystack's status (or 'failed'). */
export const verifyPromotionResult = z.union([
  z.object({ status: z.literal('success'), shop, promotion }),
  z.object({ status: z.string(), message: z.string() }),
]);
export type VerifyPromotionResult = z.infer<typeof verifyPromotionResult>;
