// Why a shop cancels an order (issue 32): the few reasons that cover most days, and Other in the shop's own words.
export const CANCEL_REASONS = ['Sold out', 'Closing early', 'Too busy', 'Other'] as const;
