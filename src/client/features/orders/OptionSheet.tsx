// An item's options sheet (issue 25): each group as radio buttons (choose one) or check boxes (up to its maximum),
// each option's price, sold-out options greyed, the live unit price, a quantity, and Add to order, which stays
// disabled and says why until the shared rule is satisfied. A dialog, risen from the bottom edge on a phone.
import type { MenuItem } from '@shared/api/menu';
import type { OptionGroup } from '@shared/api/option-groups';
import { MAX_LINE_QUANTITY } from '@shared/api/order-constants';
import type { OrderLineOption } from '@shared/api/orders';
import { centsToRand } from '@shared/domain/money';
import { groupInstruction, selectionProblem } from '@shared/domain/option-selection';
import { Minus, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { groupsOf, optionPriceLabel } from '../menu/item-options';
import { chosenOptions, unitPriceOf } from './cart';
import { canPick, initialChoice, isSingleChoice, pickOption } from './option-choice';

export interface OptionSheetProps {
  item: MenuItem;
  open: boolean;
  onClose: () => void;
  /** Preselected: a cart line's options when it is edited, what still holds on Order again; else the defaults. */
  initialOptionIds?: number[];
  initialQuantity?: number;
  /** The most this sheet may put in the cart: 20 less what the item's other lines already hold. */
  maxQuantity: number;
  /** Why the sheet opened by itself, above the groups: 'Oat milk is sold out — choose again'. */
  notice?: string;
  submitLabel: string;
  onSubmit: (options: OrderLineOption[], quantity: number) => void;
}

export function OptionSheet(props: OptionSheetProps) {
  return (
    <Dialog open={props.open} onOpenChange={(next) => !next && props.onClose()}>
      {/* Mounted while open only, so each opening starts from its own preselection. */}
      {props.open && <SheetContent {...props} />}
    </Dialog>
  );
}

function SheetContent({
  item,
  initialOptionIds,
  initialQuantity = 1,
  maxQuantity,
  notice,
  submitLabel,
  onSubmit,
}: OptionSheetProps) {
  const groups = groupsOf(item);
  const [chosen, setChosen] = useState(() => initialChoice(groups, initialOptionIds));
  const [quantity, setQuantity] = useState(() => Math.max(1, Math.min(initialQuantity, maxQuantity)));
  const reasonId = useId();

  const options = chosenOptions(groups, chosen);
  const unitCents = unitPriceOf(item.price, options);
  const problem =
    maxQuantity < 1
      ? `You have ${MAX_LINE_QUANTITY} ${item.name} in your order, the most one order takes`
      : selectionProblem(item.name, groups, chosen)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React carries events up through a portal to the components around it: a sheet opened from the cart must
    // never submit the checkout form it was opened from.
    event.stopPropagation();
    if (problem) return;
    onSubmit(options, quantity);
  };

  return (
    <DialogContent
      placement="sheet"
      // No bottom padding, so the price bar sits on the bottom edge; the scroll padding keeps an option scrolled
      // to by keyboard above that bar rather than under it.
      className="scroll-pb-48 pb-0"
      title={item.name}
      description={item.description ?? 'Choose how you would like it.'}
    >
      <form onSubmit={submit} aria-label={`Options for ${item.name}`} noValidate>
        {notice && (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
            {notice}
          </p>
        )}
        <div className="space-y-5">
          {groups.map((group) => (
            <GroupChoice key={group.id} group={group} chosen={chosen} onChange={setChosen} />
          ))}
        </div>

        {/* Price, quantity and the button stay in reach at the bottom while the groups scroll. */}
        <div className="sticky bottom-0 -mx-6 mt-5 space-y-3 border-t border-espresso-100 bg-white px-6 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-espresso-700">
              <span className="text-lg font-semibold text-espresso-950" data-testid="sheet-unit-price">
                {centsToRand(unitCents)}
              </span>{' '}
              each
            </p>
            <QuantityStepper
              itemName={item.name}
              quantity={quantity}
              max={Math.max(1, maxQuantity)}
              onChange={setQuantity}
            />
          </div>
          {problem && (
            <p id={reasonId} className="text-sm font-medium text-red-800" role="status">
              {problem}
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            className="w-full justify-between"
            disabled={problem !== undefined}
            aria-describedby={problem ? reasonId : undefined}
          >
            <span>{submitLabel}</span>
            <span data-testid="sheet-line-total">{centsToRand(unitCents * quantity)}</span>
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** One group: native radio buttons in a fieldset (arrow keys move between them) or check boxes. */
function GroupChoice({
  group,
  chosen,
  onChange,
}: {
  group: OptionGroup;
  chosen: number[];
  onChange: (next: number[]) => void;
}) {
  const instructionId = useId();
  const single = isSingleChoice(group);
  const name = `option-group-${group.id}`;
  const noneChosen = !group.options.some((option) => chosen.includes(option.id));
  return (
    <fieldset aria-describedby={instructionId} className="min-w-0">
      <legend className="flex w-full items-center gap-2 font-semibold text-espresso-950">
        {group.name}
        {group.minSelected > 0 && <Badge>Required</Badge>}
      </legend>
      <p id={instructionId} className="text-sm text-espresso-600">
        {groupInstruction(group)}
      </p>
      <div className="mt-2 space-y-1.5">
        {single && group.minSelected === 0 && (
          <OptionChoice
            type="radio"
            name={name}
            label="None"
            checked={noneChosen}
            onChange={() => onChange(pickOption(group, chosen, null, true))}
          />
        )}
        {group.options.map((option) => {
          const checked = chosen.includes(option.id);
          return (
            <OptionChoice
              key={option.id}
              type={single ? 'radio' : 'checkbox'}
              name={name}
              label={option.name}
              checked={checked}
              disabled={!checked && !canPick(group, chosen, option.id)}
              soldOut={!option.isAvailable}
              price={optionPriceLabel(option.price) ?? undefined}
              onChange={(picked) => onChange(pickOption(group, chosen, option.id, picked))}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

function OptionChoice({
  type,
  name,
  label,
  checked,
  disabled = false,
  soldOut = false,
  price,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  soldOut?: boolean;
  price?: string;
  onChange: (picked: boolean) => void;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 text-sm',
        checked ? 'border-espresso-700 bg-espresso-50' : 'border-espresso-200',
        // Greyed by background and a label, not by opacity: faded text would be too faint to read.
        disabled
          ? 'cursor-not-allowed bg-espresso-50 text-espresso-600'
          : 'cursor-pointer hover:bg-espresso-50',
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 shrink-0 accent-espresso-700"
      />
      <span className={cn('min-w-0 flex-1 break-words', soldOut && 'line-through')}>{label}</span>
      {soldOut ? (
        <Badge tone="danger">Sold out</Badge>
      ) : (
        price && <span className="shrink-0 font-medium text-espresso-800">{price}</span>
      )}
    </label>
  );
}

function QuantityStepper({
  itemName,
  quantity,
  max,
  onChange,
}: {
  itemName: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${itemName}`}>
      <Button
        size="icon"
        variant="outline"
        className="h-9 w-9"
        aria-label="One fewer"
        disabled={quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus className="h-4 w-4" aria-hidden />
      </Button>
      <output className="w-8 text-center font-semibold" aria-live="polite">
        {quantity}
      </output>
      <Button
        size="icon"
        variant="outline"
        className="h-9 w-9"
        aria-label="One more"
        disabled={quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus className="h-4 w-4" aria-hidden />
      </Button>
    </div>
  );
}
