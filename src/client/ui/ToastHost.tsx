// Mounts the toast region (Radix Toast, ui/Toaster.tsx) when it is first needed: the first toast, or F8 to reach
// the notification region (spec §9). Until then its code stays out of the first script a phone downloads.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./Toaster')).Toaster }));

export function ToastHost() {
  const current = useCurrentToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    // Radix listens for F8 itself once the region is mounted; the first press mounts it and then moves focus.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'F8') setWanted(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [wanted]);
  if (!wanted && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={wanted && !current} />
    </Suspense>
  );
}
