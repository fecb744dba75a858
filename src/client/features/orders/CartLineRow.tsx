// One line of the cart: the item, its options under its name, the unit price, a quantity stepper, the line's total,
// and Edit for an item with options, which reopens its sheet (issue 25). A line that sold out while in the cart
// (issue 31) is greyed and says why, with Remove in place of the stepper.
import { MAX_LINE_QUANTITY } from '@shared/api/order-constants';
import { centsToRand, randToCents } from '@shared/domain/money';
import { AlertCircle, Minus, Pencil, Plus, Trash2 } from 'lucide-react';
import { OrderLineOptions } from '../../components/OrderLineOptions';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { type CartLine, cartLineKey, cartLineLabel, setQuantity } from './cart';

export function CartLineRow({
  line,
  itemTotal,
  onEdit,
  unavailable = null,
}: {
  line: CartLine;
  /** How many of the item the whole cart holds: 20 over all its lines is the most. */
  itemTotal: number;
  /** Present when the item has options to choose again. */
  onEdit?: () => void;
  /** Why the line cannot be ordered now ('Sold out'), from the menu as it is now; null when it can. */
  unavailable?: string | null;
}) {
  const key = cartLineKey(line);
  // Two lines of one item differ by their options, so the buttons name them too.
  const label = cartLineLabel(line);
  const atMost = itemTotal >= MAX_LINE_QUANTITY;
  return (
    // Name and options take the width (a long options line reads on one or two lines, not in a narrow column);
    // the unit price, Edit and the quantity sit beneath.
    <li className={cn('py-2', unavailable && '-mx-2 rounded-lg bg-espresso-50 px-2')} data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words text-sm font-medium text-espresso-950">{line.name}</p>
          <OrderLineOptions options={line.options} />
        </div>
        <span className={cn('shrink-0 text-sm font-medium', unavailable && 'text-espresso-500 line-through')}>
          {centsToRand(randToCents(Number(line.price)) * line.quantity)}
        </span>
      </div>
      {unavailable ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex items-center gap-1 text-sm font-semibold text-red-800">
            <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
            {unavailable}
          </p>
          <Button
            size="sm"
            variant="outline"
            className="h-7"
            aria-label={`Remove ${label} from your order`}
            onClick={() => setQuantity(key, 0)}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden /> Remove
          </Button>
        </div>
      ) : (
        <div className="mt-0.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex items-center gap-2 text-xs text-espresso-500">
            {centsToRand(randToCents(Number(line.price)))} each
            {onEdit && (
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded font-medium text-espresso-800 underline underline-offset-2 hover:text-espresso-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
                aria-label={`Edit ${label}`}
                onClick={onEdit}
              >
                <Pencil className="h-3 w-3" aria-hidden /> Edit
              </button>
            )}
          </p>
          <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${label}`}>
            <Button
              size="icon"
              variant="ghost"
              className="h-7 w-7"
              aria-label={line.quantity === 1 ? `Remove ${label}` : `Remove one ${label}`}
              onClick={() => setQuantity(key, line.quantity - 1)}
            >
              {line.quantity === 1 ? (
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
              ) : (
                <Minus className="h-3.5 w-3.5" aria-hidden />
              )}
            </Button>
            <output className="w-6 text-center text-sm font-semibold">{line.quantity}</output>
            <Button
              size="icon"
              variant="ghost"
              className="h-7 w-7"
              aria-label={`Add one more ${label}`}
              disabled={atMost}
              onClick={() => setQuantity(key, line.quantity + 1)}
            >
              <Plus className="h-3.5 w-3.5" aria-hidden />
            </Button>
            {atMost && <span className="text-xs text-espresso-700">Max {MAX_LINE_QUANTITY}</span>}
          </div>
        </div>
      )}
    </li>
  );
}
