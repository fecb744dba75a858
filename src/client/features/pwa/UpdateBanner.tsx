// 'Update available — Reload' (issue 27): a new version of the app is ready; Reload switches to it, the close
// button keeps this one until the next visit. Non-blocking: it covers nothing the page needs.
import { RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';

export function UpdateBanner({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    // Above the cart bar and the toasts' corner on a phone (top, below the navigation), bottom left on wider screens.
    <div
      role="status"
      aria-label="Update available"
      className="fixed inset-x-4 top-20 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-espresso-200 bg-white p-3 pl-4 text-espresso-950 shadow-lg sm:inset-x-auto sm:top-auto sm:bottom-4 sm:left-4 sm:mx-0"
    >
      <RefreshCw className="h-4 w-4 shrink-0 text-espresso-700" aria-hidden />
      <p className="flex-1 text-sm font-medium">Update available</p>
      <Button
        size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        {reloading ? 'Reloading...' : 'Reload'}
      </Button>
      <button
        type="button"
        aria-label="Not now"
        onClick={onDismiss}
        className="rounded-md p-1 text-espresso-600 hover:bg-espresso-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
