// Shows the current toast (Radix Toast): 5 s, swipe right past 50 px to dismiss, F8 focuses the region.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from './cn';
import { dismissToast, useCurrentToast } from './toast-store';

export const TOAST_DURATION_MS = 5000;

/** focusOnMount: mounted by an F8 press (ui/ToastHost.tsx), which Radix did not hear: move focus as it would. */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const current = useCurrentToast();
  const viewport = useRef<HTMLOListElement>(null);
  // Only the press that mounted the region moves focus: the prop as it was at mount, not later renders.
  const focusAtMount = useRef(focusOnMount);
  useEffect(() => {
    if (focusAtMount.current) viewport.current?.focus();
  }, []);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
          className={cn(
            'toast-root relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            current.variant === 'destructive'
              ? 'border-red-300 bg-red-700 text-white'
              : 'border-espresso-200 bg-white text-espresso-950',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
            {current.action && (
              <ToastPrimitive.Action
                altText={current.action.label}
                onClick={current.action.onClick}
                className="mt-1 justify-self-start rounded-lg border border-espresso-300 px-3 py-1 text-sm font-semibold text-espresso-900 hover:bg-espresso-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
              >
                {current.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-3 top-3 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* At the top on a phone, where the bottom holds a shop page's cart bar; bottom right on wider screens. */}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed top-0 right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
