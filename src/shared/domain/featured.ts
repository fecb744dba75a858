// The one rule for a featured shop (spec §4): promoted, and the promotion has not yet expired.
/** Spec §9: at most 3 featured shops on the landing page; Featured Only moves on by as many each day. */
export const FEATURED_ON_LANDING = 3;

export interface PromotionState {
  isPromoted: boolean;
  promotionExpiresAt: string | Date | null;
}

export function isFeatured(shop: PromotionState, now: Date = new Date()): boolean {
  if (!shop.isPromoted || !shop.promotionExpiresAt) return false;
  return new Date(shop.promotionExpiresAt).getTime() > now.getTime();
}
