// The menu management dialog (spec §2): items grouped by category, add, edit, delete, Sold out; and the shop's
// option groups (issue 25) in a tab of their own, each option with its own Sold out switch.
import type { MenuItem } from '@shared/api/menu';
import type { OptionGroup } from '@shared/api/option-groups';
import type { Shop } from '@shared/api/shops';
import { Plus, UtensilsCrossed } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../ui/Button';
import { DialogContent } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { MenuItemEditor } from './MenuItemEditor';
import { MenuItemRow } from './MenuItemRow';
import { groupMenu } from './menu-groups';
import { OptionGroupEditor } from './OptionGroupEditor';
import { OptionGroupsPanel } from './OptionGroupsPanel';
import { useMenuItems } from './queries';

/** What the dialog shows: the tabs, or the form of an item or a group (null in it: a new one). */
type Editing = null | { item: MenuItem | null } | { group: OptionGroup | null };
type Tab = 'items' | 'options';

export function MenuDialog({ shop }: { shop: Shop; onDone: () => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  // Kept while a form is open, so Cancel and Save return to the tab the owner was on.
  const [tab, setTab] = useState<Tab>('items');

  return (
    <DialogContent
      title={`Menu - ${shop.name}`}
      description="Add what you sell; switch an item to Sold out when it runs out."
      className="sm:max-w-2xl"
    >
      {editing && 'item' in editing ? (
        <MenuItemEditor shopId={shop.id} item={editing.item} onDone={() => setEditing(null)} />
      ) : editing && 'group' in editing ? (
        <OptionGroupEditor shopId={shop.id} group={editing.group} onDone={() => setEditing(null)} />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Menu parts">
            <TabsTrigger value="items">Items</TabsTrigger>
            <TabsTrigger value="options">Options</TabsTrigger>
          </TabsList>
          <TabsContent value="items" className="mt-4 focus-visible:outline-none">
            <ItemsTab shop={shop} onEdit={(item) => setEditing({ item })} />
          </TabsContent>
          <TabsContent value="options" className="mt-4 focus-visible:outline-none">
            <OptionGroupsPanel shopId={shop.id} onEdit={(group) => setEditing({ group })} />
          </TabsContent>
        </Tabs>
      )}
    </DialogContent>
  );
}

function ItemsTab({ shop, onEdit }: { shop: Shop; onEdit: (item: MenuItem | null) => void }) {
  const menu = useMenuItems(shop.id);
  const groups = groupMenu(menu.data ?? []);
  if (menu.isLoading) return <Spinner label="Loading menu..." />;
  if (menu.isError) return <LoadFailed text="Could not load the menu." onRetry={() => void menu.refetch()} />;
  return (
    <div className="space-y-4">
      <Button onClick={() => onEdit(null)}>
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
                <MenuItemRow key={item.id} item={item} onEdit={() => onEdit(item)} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
