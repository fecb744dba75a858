// The owner's order-sound switch on the dashboard and the board, and, until the page's first click arms sounds
// (the browser's autoplay rule), the line saying so.
import { Bell } from 'lucide-react';
import { cn } from '../../ui/cn';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { useSoundsArmedAt } from './order-chime';
import { setOrderSoundsOn, useOrderSoundsOn } from './order-sound-setting';

export function OrderSoundControl({ className }: { className?: string }) {
  const soundsOn = useOrderSoundsOn();
  const armed = useSoundsArmedAt() !== null;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <div className="flex items-center gap-2">
        <Switch id="order-sounds" checked={soundsOn} onCheckedChange={setOrderSoundsOn} />
        <Label htmlFor="order-sounds" className="flex items-center gap-1 text-sm">
          <Bell className="h-4 w-4" aria-hidden /> Order sounds
        </Label>
      </div>
      {soundsOn && !armed && (
        <p
          role="status"
          className="rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900"
          data-testid="arm-sounds"
        >
          Click anywhere to turn on order sounds
        </p>
      )}
    </div>
  );
}
