// The promotion's price and the Promote button's rule (spec §2 Promote dialog, §9: R499 for 30 days).
import { isFeatured, type PromotionState } from './featured.js';

export const PROMOTION_AMOUNT_CENTS = 49_900;
export const PROMOTION_DURATION_DAYS = 30;
export const PROMOTION_CURRENCY = 'ZAR' as const;
export const PROMOTION_PLAN_ID = 'featured-30';
/** In its last days a running promotion may be paid again; the new 30 days start where the old ones end. */
export const EXTEND_WINDOW_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the Promote button offers: 'promote' for a shop that is not featured, 'extend' in a featured shop's last
 * EXTEND_WINDOW_DAYS, and null (hidden) while the promotion has longer to run.
 */
export function promoteAction(shop: PromotionState, now: Date = new Date()): 'promote' | 'extend' | null {
  if (!isFeatured(shop, now)) return 'promote';
  const left = new Date(shop.promotionExpiresAt!).getTime() - now.getTime();
  return left <= EXTEND_WINDOW_DAYS * DAY_MS ? 'extend' : null;
}

/** 'R499' for whole rand, 'R499.50' otherwise: the pricing card's short form of an amount in cents. */
export function shortRand(cents: number): string {
  return cents % 100 === 0 ? `R${cents / 100}` : `R${(cents / 100).toFixed(2)}`;
}

/** A day as people in South Africa read it, on Johannesburg's calendar whatever the viewer's zone: '23 Dec 2026'. */
export function localDate(value: string | Date): string {
  return new Date(value).toLocaleDateString('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}
