// The menu management dialog (spec §2): items grouped by category, add, edit, delete, Sold out.
import type { MenuItem } from '@shared/api/menu';
import type { Shop } from '@shared/api/shops';
import { Plus, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { DialogContent } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { MenuItemEditor } from './MenuItemEditor';
import { MenuItemRow } from './MenuItemRow';
import { groupMenu } from './menu-groups';
import { useMenuItems } from './queries';

/** What the dialog shows: the list, or the form for a new item ('new') or an existing one. */
type Editing = null | 'new' | MenuItem;

export function MenuDialog({ shop }: { shop: Shop; onDone: () => void }) {
  const menu = useMenuItems(shop.id);
  const [editing, setEditing] = useState<Editing>(null);
  const groups = groupMenu(menu.data ?? []);

  return (
    <DialogContent
      title={`Menu - ${shop.name}`}
      description="Add what you sell; switch an item to Sold out when it runs out."
      className="sm:max-w-2xl"
    >
      {editing !== null ? (
        <MenuItemEditor
          shopId={shop.id}
          item={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : menu.isLoading ? (
        <Spinner label="Loading menu..." />
      ) : menu.isError ? (
        <div className="py-6 text-center">
          <p className="text-espresso-700">Could not load the menu.</p>
          <Button variant="outline" className="mt-3" onClick={() => void menu.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> Add Item
          </Button>
          {groups.length === 0 ? (
            <div className="rounded-xl border border-dashed border-espresso-200 p-8 text-center">
              <UtensilsCrossed className="mx-auto h-6 w-6 text-espresso-500" aria-hidden />
              <p className="mt-2 font-medium text-espresso-900">No menu items yet</p>
              <p className="text-sm text-espresso-600">
                Add your first item so customers can see what you serve.
              </p>
            </div>
          ) : (
            groups.map((group) => (
              <section key={group.category} aria-labelledby={`owner-menu-${group.category}`}>
                <h3
                  id={`owner-menu-${group.category}`}
                  className="border-b border-espresso-100 pb-1 text-sm font-semibold uppercase tracking-wide text-espresso-600"
                >
                  {group.label}
                </h3>
                <ul className="divide-y divide-espresso-100">
                  {group.items.map((item) => (
                    <MenuItemRow key={item.id} item={item} onEdit={() => setEditing(item)} />
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      )}
    </DialogContent>
  );
}
