// The lines Order again could not add as they were (an option sold out or no longer offered): the shop page opens
// each in its item's sheet, one after another, with what still holds preselected (issue 25). Kept in memory: it
// lives from the Order again click to the shop page it leads to.
import { useSyncExternalStore } from 'react';
import type { ChooseAgain } from './reorder';

let waiting: { shopId: number; lines: ChooseAgain[] } | null = null;
const listeners = new Set<() => void>();

function set(next: typeof waiting) {
  waiting = next && next.lines.length > 0 ? next : null;
  for (const listener of listeners) listener();
}

export function askToChooseAgain(shopId: number, lines: ChooseAgain[]) {
  set({ shopId, lines });
}

/** The line to choose again next on this shop's page, if any. */
export function useNextToChooseAgain(shopId: number): ChooseAgain | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
  return current?.shopId === shopId ? (current.lines[0] ?? null) : null;
}

/** The line shown is added or passed over: on to the next. */
export function doneChoosingAgain() {
  if (waiting) set({ ...waiting, lines: waiting.lines.slice(1) });
}
