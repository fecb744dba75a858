// The overview's Quick Actions (spec §2): messages, and the menu, hours and analytics of the first shop.
import type { Shop } from '@shared/api/shops';
import { BarChart3, Clock, MessageCircle, UtensilsCrossed } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { OpenShopAction } from './ShopActionDialog';

export function QuickActions({
  firstShop,
  onAction,
}: {
  firstShop: Shop | undefined;
  onAction: (open: OpenShopAction) => void;
}) {
  const open = (action: OpenShopAction['action']) => firstShop && onAction({ action, shop: firstShop });
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-display text-xl font-semibold">Quick Actions</h2>
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
      {firstShop && (
        <p className="mt-3 text-xs text-espresso-600">Menu, hours and analytics of {firstShop.name}.</p>
      )}
    </Card>
  );
}
