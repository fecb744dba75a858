// The chime's timing: at once for a new order, every 30 s while one is pending, one chime for a burst.
import { expect, test } from 'vitest';
import { CHIME_REPEAT_MS, nextReminderDelay, shouldChimeForArrival } from './chime-schedule';

test('a new order chimes at once, but not again within 3 s of the last chime', () => {
  expect(shouldChimeForArrival(null, 10_000)).toBe(true);
  expect(shouldChimeForArrival(10_000, 11_500)).toBe(false);
  expect(shouldChimeForArrival(10_000, 13_000)).toBe(true);
});

test('while an order is pending the reminder comes 30 s after the last chime', () => {
  expect(nextReminderDelay({ pendingCount: 1, lastChimeAt: 10_000, armedAt: 0, now: 25_000 })).toBe(15_000);
  // Overdue (the tab slept): now.
  expect(nextReminderDelay({ pendingCount: 2, lastChimeAt: 10_000, armedAt: 0, now: 90_000 })).toBe(0);
});

test('arming the page does not ring by itself: the first reminder is 30 s after the click', () => {
  expect(nextReminderDelay({ pendingCount: 3, lastChimeAt: null, armedAt: 50_000, now: 50_000 })).toBe(
    CHIME_REPEAT_MS,
  );
  // A chime heard before a reload does not count from before the arming.
  expect(nextReminderDelay({ pendingCount: 3, lastChimeAt: 1_000, armedAt: 50_000, now: 60_000 })).toBe(
    20_000,
  );
});

test('no reminder with nothing pending, nor before the first click arms sounds', () => {
  expect(nextReminderDelay({ pendingCount: 0, lastChimeAt: 10_000, armedAt: 0, now: 50_000 })).toBeNull();
  expect(nextReminderDelay({ pendingCount: 2, lastChimeAt: null, armedAt: null, now: 50_000 })).toBeNull();
});
