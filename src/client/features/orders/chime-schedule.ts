// When the owner's new-order chime sounds (issue 30): at once when an order arrives, then every 30 s while any
// order still waits for a Confirm. Orders arriving together ring once; reminders count from the last chime, or from
// the moment sounds were armed (the first click), so arming the page never rings by itself. Pure: times are
// milliseconds passed in.

export const CHIME_REPEAT_MS = 30_000;
/** Twenty orders in ten minutes can land a second apart: one chime for a burst, not a drum roll. */
export const CHIME_MIN_GAP_MS = 3_000;

/** A new order has just arrived: ring now, unless a chime has only just rung. */
export function shouldChimeForArrival(lastChimeAt: number | null, now: number): boolean {
  return lastChimeAt === null || now - lastChimeAt >= CHIME_MIN_GAP_MS;
}

/** Milliseconds until the next reminder (0: now), or null when nothing is pending or sounds are not armed. */
export function nextReminderDelay(input: {
  pendingCount: number;
  lastChimeAt: number | null;
  armedAt: number | null;
  now: number;
}): number | null {
  if (input.pendingCount <= 0 || input.armedAt === null) return null;
  const since = Math.max(input.lastChimeAt ?? input.armedAt, input.armedAt);
  return Math.max(0, since + CHIME_REPEAT_MS - input.now);
}
