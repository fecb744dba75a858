// Rand amounts: the database keeps integer cents; people read 'R12.50' (spec §1, §9).
export function centsToRand(cents: number): string {
  // A loyalty reward's line is negative: '−R35.00', with a minus sign rather than 'R-35.00'.
  return `${cents < 0 ? '−' : ''}R${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** 12.5 -> 1250; rounds to the nearest cent so 0.1 + 0.2 style floats cannot drift. */
export function randToCents(rand: number): number {
  return Math.round(rand * 100);
}

/** 1250 -> '12.50': the decimal text the API uses for prices and totals. */
export function centsToDecimalText(cents: number): string {
  return (cents / 100).toFixed(2);
}
