// Stamp cards (issue 29): a shop's card as its owner sets it, as the public sees it, a customer's cards, the owner's
// figures, and the live stamp a completed order brings.
import { z } from 'zod';
import {
  MAX_REWARD_TEXT,
  MAX_REWARD_VALUE_RAND,
  MAX_STAMPS_REQUIRED,
  MIN_STAMPS_REQUIRED,
} from './loyalty-text.js';
import { randAmount } from './price.js';
import { safeText } from './text.js';

const stampsRule = `stampsRequired must be a whole number from ${MIN_STAMPS_REQUIRED} to ${MAX_STAMPS_REQUIRED}`;

/** PUT /api/coffee-shops/{id}/loyalty. */
export const loyaltyProgramBody = z.object({
  enabled: z.boolean({ message: 'enabled must be true or false' }),
  stampsRequired: z
    .number({ message: stampsRule })
    .int(stampsRule)
    .min(MIN_STAMPS_REQUIRED, stampsRule)
    .max(MAX_STAMPS_REQUIRED, stampsRule),
  reward: safeText('reward must be text')
    .trim()
    .min(1, 'reward must not be empty: say what the card gives, e.g. Any regular coffee free')
    .max(MAX_REWARD_TEXT, `reward must be at most ${MAX_REWARD_TEXT} characters`),
  rewardMaxValue: randAmount({
    field: 'rewardMaxValue',
    allowZero: false,
    maxRand: MAX_REWARD_VALUE_RAND,
  }).refine((cents) => cents >= 100, 'rewardMaxValue must be at least R1'),
});
export type LoyaltyProgramBody = z.input<typeof loyaltyProgramBody>;

/** The card as its owner sets it (the PUT's and GET's answer). */
export const loyaltyProgram = z.object({
  shopId: z.number().int(),
  enabled: z.boolean(),
  stampsRequired: z.number().int(),
  reward: z.string(),
  /** Decimal text: '35.00'. */
  rewardMaxValue: z.string(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;

/** What a shop's public answer carries: null when it has no card, or its card is switched off. */
export const publicLoyalty = z.object({
  enabled: z.boolean(),
  stampsRequired: z.number().int(),
  reward: z.string(),
});
export type PublicLoyalty = z.infer<typeof publicLoyalty>;

/** One of a customer's cards (GET /api/loyalty). */
export const loyaltyCard = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  stamps: z.number().int(),
  stampsRequired: z.number().int(),
  reward: z.string(),
  /** Enough stamps for the reward: it can be used on the next order. */
  full: z.boolean(),
  /** The card is switched on at the shop now (stamps are kept while it is off). */
  enabled: z.boolean(),
  /** The most the reward takes off, decimal text. */
  rewardMaxValue: z.string(),
  lastStampAt: z.string().nullable(),
});
export type LoyaltyCard = z.infer<typeof loyaltyCard>;

/** GET /api/coffee-shops/{id}/loyalty/members (the shop's owner). */
export const loyaltyMembers = z.object({
  /** Customers holding at least one live stamp. */
  members: z.number().int(),
  /** Cards full now. */
  fullCards: z.number().int(),
  /** Rewards redeemed in the last 30 days, on orders not cancelled. */
  redeemedLast30Days: z.number().int(),
});
export type LoyaltyMembers = z.infer<typeof loyaltyMembers>;

export {
  cardNotFullText,
  LOYALTY_STAMP_MONTHS,
  type LoyaltyStampEvent,
  MAX_REWARD_TEXT,
  MAX_REWARD_VALUE_RAND,
  MAX_STAMPS_REQUIRED,
  MIN_STAMPS_REQUIRED,
  stampLine,
} from './loyalty-text.js';
