// The toast store (spec §9): one toast at a time; a new toast replaces the one showing.
import { useSyncExternalStore } from 'react';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A button in the toast ('View'): it runs `onClick`, then the toast closes. */
  action?: { label: string; onClick: () => void };
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast (replacing the one showing); returns its id, for dismissToast. */
export function toast(message: Omit<ToastMessage, 'id'>): number {
  current = { ...message, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The hook form of the store, for components that prefer it: `const { toast } = useToast()`. */
export function useToast() {
  const current = useCurrentToast();
  return { toast, dismiss: dismissToast, current };
}
