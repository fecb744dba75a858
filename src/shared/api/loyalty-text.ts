// The stamp card's words (issue 29) without its schemas, for the live connection that every page loads (see
// shop-constants.ts: the landing budget test watches what the first pages download).

export const MIN_STAMPS_REQUIRED = 5;
export const MAX_STAMPS_REQUIRED = 20;
export const MAX_REWARD_TEXT = 80;
/** The most a reward may take off an order, in rand. */
export const MAX_REWARD_VALUE_RAND = 200;
/** A stamp counts for this many months after the order that earned it. */
export const LOYALTY_STAMP_MONTHS = 12;

/** A stamp earned by a completed order, told live to its customer: 'Stamp 8 of 10 at Truth Coffee'. */
export interface LoyaltyStampEvent {
  type: 'loyalty_stamp';
  shopId: number;
  shopName: string;
  stamps: number;
  stampsRequired: number;
}

/** 'Stamp 8 of 10 at Truth Coffee' (orders/moves.ts writes the same words in SQL for the chat line). */
export function stampLine(stamp: Omit<LoyaltyStampEvent, 'type'>): string {
  return `Stamp ${Math.min(stamp.stamps, stamp.stampsRequired)} of ${stamp.stampsRequired} at ${stamp.shopName}`;
}

/** The 409 for a reward asked without a full card. */
export function cardNotFullText(shopName: string, stamps: number, stampsRequired: number): string {
  return `Your card at ${shopName} has ${stamps} of ${stampsRequired} stamps`;
}
