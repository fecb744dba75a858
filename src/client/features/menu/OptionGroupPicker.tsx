// In a menu item's form: which of the shop's option groups the item offers, in the order the customer sees them
// (issue 25). Ticked groups come first, in their order, with up and down buttons; the rest follow.

import { MAX_OPTION_GROUPS_PER_ITEM } from '@shared/api/option-constants';
import type { OptionGroup } from '@shared/api/option-groups';
import { groupInstruction } from '@shared/domain/option-selection';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '../../ui/Button';
import { NO_OPTIONS_YET } from './item-options';
import { attachGroup, moveGroup } from './menu-item-form';
import { useOptionGroups } from './queries';

export function OptionGroupPicker({
  shopId,
  value,
  onChange,
}: {
  shopId: number;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const groups = useOptionGroups(shopId);
  const all = groups.data ?? [];
  const byId = new Map(all.map((group) => [group.id, group]));
  const attached = value.flatMap((id) => byId.get(id) ?? []);
  const rest = all.filter((group) => !value.includes(group.id));
  const full = value.length >= MAX_OPTION_GROUPS_PER_ITEM;

  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="text-sm font-medium text-espresso-900">Options</legend>
      <p className="text-xs text-espresso-600">
        The choices customers make with this item, in this order. Make groups in the Options tab.
      </p>
      {groups.isLoading ? (
        <p className="mt-2 text-sm text-espresso-600">Loading options...</p>
      ) : groups.isError ? (
        <p className="mt-2 text-sm text-espresso-700">
          Could not load the options.{' '}
          <Button variant="outline" size="sm" onClick={() => void groups.refetch()}>
            Try Again
          </Button>
        </p>
      ) : all.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-espresso-200 p-3 text-sm text-espresso-700">
          {NO_OPTIONS_YET}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-espresso-100 rounded-lg border border-espresso-100">
          {[...attached, ...rest].map((group) => {
            const index = value.indexOf(group.id);
            const isAttached = index >= 0;
            return (
              <GroupChoiceRow
                key={group.id}
                group={group}
                attached={isAttached}
                disabled={!isAttached && full}
                isFirst={index === 0}
                isLast={index === value.length - 1}
                onAttach={(next) => onChange(attachGroup(value, group.id, next))}
                onMove={(step) => onChange(moveGroup(value, group.id, step))}
              />
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

function GroupChoiceRow({
  group,
  attached,
  disabled,
  isFirst,
  isLast,
  onAttach,
  onMove,
}: {
  group: OptionGroup;
  attached: boolean;
  disabled: boolean;
  isFirst: boolean;
  isLast: boolean;
  onAttach: (attached: boolean) => void;
  onMove: (step: -1 | 1) => void;
}) {
  const id = `menu-option-group-${group.id}`;
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <input
        id={id}
        type="checkbox"
        className="h-4 w-4 shrink-0 accent-espresso-700"
        checked={attached}
        disabled={disabled}
        onChange={(event) => onAttach(event.target.checked)}
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
        <span className="font-medium text-espresso-950">{group.name}</span>
        <span className="block text-xs text-espresso-600">
          {groupInstruction(group)}: {group.options.map((option) => option.name).join(', ')}
        </span>
      </label>
      {attached && (
        <div className="flex shrink-0 gap-1">
          <Button
            size="icon"
            variant="ghost"
            className="h-8 w-8"
            disabled={isFirst}
            onClick={() => onMove(-1)}
            aria-label={`Move ${group.name} up`}
          >
            <ArrowUp className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            className="h-8 w-8"
            disabled={isLast}
            onClick={() => onMove(1)}
            aria-label={`Move ${group.name} down`}
          >
            <ArrowDown className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
    </li>
  );
}
