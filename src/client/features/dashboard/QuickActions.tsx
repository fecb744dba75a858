// The overview's Quick Actions (spec §2): messages, and the menu, hours and analytics of a shop: the first, or for
// an owner with several the one chosen in the picker, remembered on this device (issue 32).
import type { Shop } from '@shared/api/shops';
import { BarChart3, Clock, MessageCircle, UtensilsCrossed } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { useQuickActionsShop } from './quick-actions-shop';
import type { OpenShopAction } from './ShopActionDialog';

export function QuickActions({
  shops,
  onAction,
}: {
  shops: Shop[];
  onAction: (open: OpenShopAction) => void;
}) {
  const { shop, choose } = useQuickActionsShop(shops);
  const open = (action: OpenShopAction['action']) => shop && onAction({ action, shop });
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-display text-xl font-semibold">Quick Actions</h2>
      {shops.length > 1 && shop && (
        <div className="mb-4 grid gap-1.5">
          <Label htmlFor="quick-actions-shop">Shop</Label>
          <NativeSelect
            id="quick-actions-shop"
            value={shop.id}
            onChange={(event) => choose(Number(event.target.value))}
          >
            {shops.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild variant="outline" className="justify-start">
          <Link href="/messages">
            <MessageCircle className="h-4 w-4" aria-hidden /> View All Messages
          </Link>
        </Button>
        <Button variant="outline" className="justify-start" onClick={() => open('menu')}>
          <UtensilsCrossed className="h-4 w-4" aria-hidden /> Update Menu
        </Button>
        <Button variant="outline" className="justify-start" onClick={() => open('hours')}>
          <Clock className="h-4 w-4" aria-hidden /> Manage Hours
        </Button>
        <Button variant="outline" className="justify-start" onClick={() => open('analytics')}>
          <BarChart3 className="h-4 w-4" aria-hidden /> View Analytics
        </Button>
      </div>
      {shop && <p className="mt-3 text-xs text-espresso-600">Menu, hours and analytics of {shop.name}.</p>}
    </Card>
  );
}
