// The owner's order-sound switch, remembered per device (localStorage), the same on the dashboard and the board,
// and in every tab at once. On unless switched off: a missed order costs more than a chime.
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'orderSounds';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setOrderSoundsOn(on: boolean) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the switch still holds for this page.
  }
  for (const listener of listeners) listener();
}

export function useOrderSoundsOn(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    // Another tab switched it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, read);
}
