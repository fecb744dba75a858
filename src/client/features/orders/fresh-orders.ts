// Orders that just arrived live on the owner's dashboard: highlighted for a while, without a sound.
import { useSyncExternalStore } from 'react';

/** Long enough to be noticed when the owner looks back at the screen, short enough not to linger. */
export const FRESH_ORDER_MS = 60_000;

let fresh: ReadonlySet<number> = new Set();
const listeners = new Set<() => void>();

function emit(next: ReadonlySet<number>) {
  fresh = next;
  for (const listener of listeners) listener();
}

export function markOrderFresh(orderId: number) {
  emit(new Set([...fresh, orderId]));
  setTimeout(() => {
    const next = new Set(fresh);
    next.delete(orderId);
    emit(next);
  }, FRESH_ORDER_MS);
}

export function useFreshOrderIds(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fresh,
  );
}
