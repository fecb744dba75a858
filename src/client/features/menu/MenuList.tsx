// A shop's menu for everyone (shop page): grouped by category, prices in rand, Sold out items greyed, and the
// add-to-cart control beside each item.

import type { Shop } from '@shared/api/shops';
import { thumbnailUrl } from '@shared/api/uploads';
import { UtensilsCrossed } from 'lucide-react';
import { Prompt } from '../../components/Prompt';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/Skeleton';
import { AddToCartControl } from '../orders/AddToCartControl';
import { MenuItemMarks } from './MenuItemMarks';
import { groupMenu, priceLabel } from './menu-groups';
import { useMenuItems } from './queries';

export function MenuList({ shop }: { shop: Shop }) {
  const menu = useMenuItems(shop.id);
  if (menu.isLoading) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading the menu">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (menu.isError) {
    return (
      <Prompt
        headingLevel={2}
        title="Could not load the menu"
        text="Please try again in a moment."
        className="my-0"
      >
        <Button onClick={() => void menu.refetch()}>Try Again</Button>
      </Prompt>
    );
  }
  const groups = groupMenu(menu.data ?? []);
  if (groups.length === 0) {
    return (
      <Prompt
        headingLevel={2}
        icon={<UtensilsCrossed className="h-6 w-6" />}
        title="No menu yet"
        text="This shop has not added its menu. Start a chat to ask what they serve."
        className="my-0"
      />
    );
  }
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.category} aria-labelledby={`menu-${group.category}`}>
          <h3
            id={`menu-${group.category}`}
            className="mb-2 font-display text-lg font-semibold text-espresso-900"
          >
            {group.label}
          </h3>
          <Card className="divide-y divide-espresso-100">
            {group.items.map((item) => (
              <div
                key={item.id}
                data-testid="menu-item"
                // Greyed by its background and picture, not by opacity: faded text would be too faint to read.
                className={cn('flex gap-3 p-4', !item.isAvailable && 'bg-espresso-50')}
              >
                {item.imageUrl && (
                  <img
                    src={thumbnailUrl(item.imageUrl)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={64}
                    height={64}
                    className={cn(
                      'h-16 w-16 shrink-0 rounded-lg bg-gradient-to-br from-espresso-200 to-espresso-400 object-cover',
                      !item.isAvailable && 'opacity-60 grayscale',
                    )}
                  />
                )}
                <div className="min-w-0 flex-1">
                  <h4 className="font-semibold text-espresso-950">{item.name}</h4>
                  {item.description && <p className="mt-0.5 text-sm text-espresso-700">{item.description}</p>}
                  <MenuItemMarks item={item} />
                </div>
                <div className="flex shrink-0 flex-col items-end gap-2">
                  <span className="font-semibold text-espresso-900" data-testid="price">
                    {priceLabel(item.price)}
                  </span>
                  <AddToCartControl shop={shop} item={item} />
                </div>
              </div>
            ))}
          </Card>
        </section>
      ))}
    </div>
  );
}
