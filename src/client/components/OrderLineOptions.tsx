// A line's chosen options under its item ('Large · Oat milk · Extra shot'), on a line of their own so a barista
// reads them at a glance: the same in the cart, the owner's order cards, the chat's order card and My Orders.
import { optionsLabel } from '@shared/domain/option-selection';
import { cn } from '../ui/cn';

export function OrderLineOptions({
  options,
  size = 'small',
}: {
  /** Lines of orders placed before options existed may have none at all. */
  options: readonly { name: string }[] | undefined;
  /** 'regular' on the order cards a barista reads from across the counter; 'small' in the cart and the chat. */
  size?: 'small' | 'regular';
}) {
  if (!options || options.length === 0) return null;
  return (
    <span
      className={cn(
        'block break-words font-medium',
        size === 'regular' ? 'text-sm text-espresso-800' : 'text-xs text-espresso-700',
      )}
      data-testid="line-options"
    >
      {optionsLabel(options)}
    </span>
  );
}
