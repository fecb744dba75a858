// One item in the owner's menu dialog: its facts, the one-click Sold out switch, Edit, and Delete with a confirm.
import type { MenuItem } from '@shared/api/menu';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
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
        <div className={cn('min-w-0 flex-1 basis-48', !item.isAvailable && 'opacity-60')}>
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
          <Button size="icon" variant="ghost" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            <Pencil className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${item.name}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={`Delete ${item.name}?`}
          className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <p>Delete {item.name}? Orders already placed keep it.</p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} autoFocus>
              Keep
            </Button>
            <Button size="sm" variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
