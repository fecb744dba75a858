// The modal dialog primitive (Radix): titled, at most 80vh tall, scrolls inside; closing returns focus to its opener.
// The 'sheet' placement rises from the bottom edge on a phone (where a thumb reaches) and is centred from 640 px.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from './cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const placements = {
  center:
    'left-1/2 top-1/2 max-h-[80vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl',
  sheet: cn(
    'inset-x-0 bottom-0 max-h-[88dvh] w-full rounded-t-2xl',
    'sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[85vh] sm:w-[calc(100vw-2rem)] sm:max-w-lg',
    'sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
  ),
} as const;

export function DialogContent({
  title,
  description,
  children,
  className,
  placement = 'center',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  placement?: keyof typeof placements;
}) {
  // Radix returns focus only to a Dialog.Trigger; most dialogs here are opened by plain buttons (open state set
  // by hand), which left focus on the body. The element focused when the content first renders is the opener.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        className={cn(
          'fixed inset-0 z-40',
          // A sheet changes with every tap, and a blurred page behind it is painted again each time: on a phone
          // without much to spare (or a software-rendered browser) that cost whole frames, so it only dims.
          placement === 'sheet' ? 'bg-espresso-950/60' : 'bg-espresso-950/50 backdrop-blur-sm',
        )}
      />
      <DialogPrimitive.Content
        onCloseAutoFocus={(event) => {
          // The opener may be gone (the action replaced it): then Radix's default (its trigger, if any).
          if (opener && opener !== document.body && opener.isConnected) {
            event.preventDefault();
            opener.focus();
          }
        }}
        className={cn(
          'fixed z-50 overflow-y-auto bg-white p-6 shadow-2xl focus:outline-none',
          placements[placement],
          className,
        )}
      >
        <div className="mb-4 pr-8">
          <DialogPrimitive.Title className="font-display text-xl font-semibold text-espresso-950">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-espresso-600">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
        </div>
        {children}
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-md p-1 text-espresso-500 hover:bg-espresso-100"
          aria-label="Close dialog"
        >
          <X className="h-4 w-4" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
