// One item in the owner's menu dialog: its facts, the one-click Sold out switch, Edit, and Delete with a confirm.
import type { MenuItem } from '@shared/api/menu';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { DeleteConfirm } from './DeleteConfirm';
import { EditDeleteButtons } from './EditDeleteButtons';
import { MenuItemMarks } from './MenuItemMarks';
import { priceLabel } from './menu-groups';
import { useDeleteMenuItem, useSetMenuItemAvailable } from './queries';

export function MenuItemRow({ item, onEdit }: { item: MenuItem; onEdit: () => void }) {
  const setAvailable = useSetMenuItemAvailable(item.shopId);
  const remove = useDeleteMenuItem(item.shopId);
  const [confirming, setConfirming] = useState(false);
  const switchId = `sold-out-${item.id}`;

  const toggleSoldOut = (soldOut: boolean) =>
    setAvailable.mutate(
      { id: item.id, isAvailable: !soldOut },
      {
        onError: (error) =>
          toast({ title: errorMessage(error, 'Failed to update menu item'), variant: 'destructive' }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'Menu item deleted', description: item.name }),
      onError: (error) => {
        setConfirming(false);
        toast({ title: errorMessage(error, 'Failed to delete menu item'), variant: 'destructive' });
      },
    });

  return (
    <li className="py-3" data-testid="menu-row">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        {/* A sold-out item is said by its Sold out mark, not faded: faded text fails contrast (issue 32). */}
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-medium text-espresso-950">
            {item.name} <span className="ml-1 font-semibold text-espresso-800">{priceLabel(item.price)}</span>
          </p>
          <MenuItemMarks item={item} />
        </div>
        <div className="flex items-center gap-1">
          <div className="mr-2 flex items-center gap-2">
            <Switch
              id={switchId}
              checked={!item.isAvailable}
              onCheckedChange={toggleSoldOut}
              aria-label={`Sold out: ${item.name}`}
            />
            <Label htmlFor={switchId} className="text-xs" aria-hidden>
              Sold out
            </Label>
          </div>
          <EditDeleteButtons name={item.name} onEdit={onEdit} onDelete={() => setConfirming(true)} />
        </div>
      </div>
      {confirming && (
        <DeleteConfirm
          name={item.name}
          text="Orders already placed keep it."
          isPending={remove.isPending}
          onKeep={() => setConfirming(false)}
          onDelete={confirmDelete}
        />
      )}
    </li>
  );
}
