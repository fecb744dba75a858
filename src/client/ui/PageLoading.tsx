// What a page shows while its script loads: the page's frame height and a quiet spinner, so nothing jumps.
import { Spinner } from './Spinner';

export function PageLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
