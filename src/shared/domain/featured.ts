// The one rule for a featured shop (spec §4): promoted, and the promotion has not yet expired.
export interface PromotionState {
  isPromoted: boolean;
  promotionExpiresAt: string | Date | null;
}

export function isFeatured(shop: PromotionState, now: Date = new Date()): boolean {
  if (!shop.isPromoted || !shop.promotionExpiresAt) return false;
  return new Date(shop.promotionExpiresAt).getTime() > now.getTime();
}
