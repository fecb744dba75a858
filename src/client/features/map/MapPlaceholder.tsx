// The space a map will take, shown until Leaflet has loaded: the map then appears in place, moving nothing around it.

import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';

export function MapPlaceholder({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex h-full items-center justify-center rounded-lg border border-espresso-100 bg-espresso-50',
        className,
      )}
    >
      <Spinner label="Loading map..." />
    </div>
  );
}
