// What a page shows while its script or the session loads: a screen's height and a quiet spinner, so nothing
// jumps — the footer stays below the fold until the page's content is there to push it (no layout shift).
import { Spinner } from './Spinner';

export function PageLoading({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
