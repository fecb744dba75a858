// The Options tab of the menu dialog (issue 25): the shop's option groups (Size, Milk, Extras), each option with a
// one-click Sold out switch, and adding, editing and deleting groups.
import type { MenuItem } from '@shared/api/menu';
import { MAX_OPTION_GROUPS_PER_SHOP } from '@shared/api/option-constants';
import type { OptionGroup } from '@shared/api/option-groups';
import { groupInstruction } from '@shared/domain/option-selection';
import { ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Label } from '../../ui/Label';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { DeleteConfirm } from './DeleteConfirm';
import { EditDeleteButtons } from './EditDeleteButtons';
import { groupsOf, NO_OPTIONS_YET, optionPriceLabel } from './item-options';
import { useDeleteOptionGroup, useMenuItems, useOptionGroups, useSetOptionAvailable } from './queries';

export function OptionGroupsPanel({
  shopId,
  onEdit,
}: {
  shopId: number;
  /** Opens the group's form; null for a new group. */
  onEdit: (group: OptionGroup | null) => void;
}) {
  const groups = useOptionGroups(shopId);
  const menu = useMenuItems(shopId);
  if (groups.isLoading) return <Spinner label="Loading options..." />;
  if (groups.isError)
    return <LoadFailed text="Could not load the options." onRetry={() => void groups.refetch()} />;
  const list = groups.data ?? [];
  return (
    <div className="space-y-4">
      <Button onClick={() => onEdit(null)} disabled={list.length >= MAX_OPTION_GROUPS_PER_SHOP}>
        <Plus className="h-4 w-4" aria-hidden /> Add Option Group
      </Button>
      {list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-espresso-200 p-8 text-center">
          <ListChecks className="mx-auto h-6 w-6 text-espresso-500" aria-hidden />
          <p className="mt-2 font-medium text-espresso-900">{NO_OPTIONS_YET}</p>
          <p className="text-sm text-espresso-600">
            Make a group once and offer it with every item it suits, then switch an option to Sold out when it
            runs out.
          </p>
        </div>
      ) : (
        list.map((group) => (
          <GroupCard
            key={group.id}
            group={group}
            items={(menu.data ?? []).filter((item) => groupsOf(item).some((entry) => entry.id === group.id))}
            onEdit={() => onEdit(group)}
          />
        ))
      )}
    </div>
  );
}

function GroupCard({ group, items, onEdit }: { group: OptionGroup; items: MenuItem[]; onEdit: () => void }) {
  const setAvailable = useSetOptionAvailable(group.shopId);
  const remove = useDeleteOptionGroup(group.shopId);
  const [confirming, setConfirming] = useState(false);
  const headingId = `option-group-${group.id}`;

  const toggleSoldOut = (optionId: number, soldOut: boolean) =>
    setAvailable.mutate(
      { group, optionId, isAvailable: !soldOut },
      {
        onError: (error) =>
          toast({ title: errorMessage(error, 'Failed to update the option'), variant: 'destructive' }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(group.id, {
      onSuccess: () => toast({ title: 'Option group deleted', description: group.name }),
      onError: (error) => {
        setConfirming(false);
        toast({ title: errorMessage(error, 'Failed to delete the option group'), variant: 'destructive' });
      },
    });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-espresso-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-40">
          <h3 id={headingId} className="font-semibold text-espresso-950">
            {group.name}
          </h3>
          <p className="text-sm text-espresso-600">{groupInstruction(group)}</p>
          <p className="mt-0.5 break-words text-xs text-espresso-600">
            {items.length === 0
              ? 'Not offered with any item yet: attach it in an item’s form.'
              : `Offered with ${items.map((item) => item.name).join(', ')}`}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <EditDeleteButtons name={group.name} onEdit={onEdit} onDelete={() => setConfirming(true)} />
        </div>
      </div>
      {confirming && (
        <DeleteConfirm
          name={group.name}
          text="Items stop offering it; orders already placed keep their choices."
          isPending={remove.isPending}
          onKeep={() => setConfirming(false)}
          onDelete={confirmDelete}
        />
      )}
      <ul className="mt-2 divide-y divide-espresso-100">
        {group.options.map((option) => {
          const switchId = `option-sold-out-${option.id}`;
          return (
            <li key={option.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <p
                className={cn('min-w-0 flex-1 basis-32 text-sm', !option.isAvailable && 'text-espresso-600')}
              >
                <span className="break-words font-medium text-espresso-950">{option.name}</span>
                <span className="ml-2 text-espresso-700">
                  {optionPriceLabel(option.price) ?? 'No charge'}
                </span>
                {option.isDefault && (
                  <Badge className="ml-2" tone="info">
                    Default
                  </Badge>
                )}
              </p>
              <div className="flex items-center gap-2">
                <Switch
                  id={switchId}
                  checked={!option.isAvailable}
                  onCheckedChange={(soldOut) => toggleSoldOut(option.id, soldOut)}
                  aria-label={`Sold out: ${option.name}`}
                />
                <Label htmlFor={switchId} className="text-xs" aria-hidden>
                  Sold out
                </Label>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
