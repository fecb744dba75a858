// The owner's alerts on the dashboard and the board (issue 30): the chime when an order arrives and every 30 s while
// any order still waits for a Confirm (chime-schedule.ts), and the tab's title counting those orders. The count is
// the dashboard summary's pendingOrders, across the owner's shops, refetched on every order change.
import { useEffect, useRef, useState } from 'react';
import { nextReminderDelay, shouldChimeForArrival } from './chime-schedule';
import { onNewOrder } from './new-order-alerts';
import { armOnFirstGesture, playChime, useSoundsArmedAt } from './order-chime';
import { useOrderSoundsOn } from './order-sound-setting';
import { pendingTitle } from './pending-title';
import { useDashboardSummary } from './queries';

/** `enabled`: false while the owner has no shop yet (nothing to count or ring for; the title is still set). */
export function useOrderAlerts(titleBase: string, enabled = true) {
  const pendingCount = useDashboardSummary(enabled).data?.pendingOrders ?? 0;
  const soundsOn = useOrderSoundsOn();
  const armedAt = useSoundsArmedAt();
  const lastChimeAt = useRef<number | null>(null);
  const [reminders, setReminders] = useState(0);

  useEffect(() => armOnFirstGesture(), []);

  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = pendingTitle(titleBase, pendingCount);
  }, [titleBase, pendingCount]);

  useEffect(() => {
    if (!soundsOn) return;
    return onNewOrder(() => {
      const now = Date.now();
      if (shouldChimeForArrival(lastChimeAt.current, now) && playChime()) lastChimeAt.current = now;
    });
  }, [soundsOn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reminders re-arms the timer after each reminder
  useEffect(() => {
    if (!soundsOn) return;
    const schedule = () =>
      nextReminderDelay({ pendingCount, lastChimeAt: lastChimeAt.current, armedAt, now: Date.now() });
    const delay = schedule();
    if (delay === null) return;
    const timer = setTimeout(() => {
      // An arrival may have rung in the meantime: then this reminder is not due yet.
      if (schedule() === 0) {
        playChime();
        // Counted as rung even if it could not play, so a silent page never spins on a zero delay.
        lastChimeAt.current = Date.now();
      }
      setReminders((count) => count + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [pendingCount, armedAt, soundsOn, reminders]);
}
