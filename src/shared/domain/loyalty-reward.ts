// What a redeemed stamp card takes off an order (issue 29), the same on the server that charges it and in the
// checkout that shows it: the dearest line's unit price (options included), at most the card's rewardMaxValue.

/** In cents; 0 for an order without lines. */
export function rewardCents(unitPricesCents: readonly number[], rewardMaxCents: number): number {
  if (unitPricesCents.length === 0) return 0;
  return Math.max(0, Math.min(Math.max(...unitPricesCents), rewardMaxCents));
}
