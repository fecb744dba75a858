// The words of a stamp card (issue 29), one place for the shop page, checkout and /orders.

/** 'Free coffee after 3 more', or that the reward is ready. */
export function stampsLeftText(stamps: number, stampsRequired: number): string {
  const left = stampsRequired - stamps;
  if (left <= 0) return 'Your reward is ready — use it at checkout';
  return `Free coffee after ${left} more`;
}
