// The dashboard's Overview tab: four stat cards, Recent Orders, Quick Actions and My Coffee Shops.
import type { Shop } from '@shared/api/shops';
import { averageRating } from '@shared/domain/rating';
import { MessageCircle, ReceiptText, Star, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../ui/Card';
import { MyShopCard } from './MyShopCard';
import { QuickActions } from './QuickActions';
import { type OpenShopAction, ShopActionDialog } from './ShopActionDialog';
import { StatCard } from './StatCard';

export function OverviewTab({ shops, activeChats }: { shops: Shop[]; activeChats: number }) {
  const [openAction, setOpenAction] = useState<OpenShopAction | null>(null);
  return (
    <div className="space-y-8">
      <ShopActionDialog open={openAction} onClose={() => setOpenAction(null)} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {/* Orders and revenue stay 0 until the orders feature ships. */}
        <StatCard label="Orders Today" value={0} icon={ReceiptText} />
        <StatCard label="Revenue" value="R0.00" icon={Wallet} />
        <StatCard label="Active Chats" value={activeChats} icon={MessageCircle} />
        <StatCard label="Avg Rating" value={averageRating(shops)} icon={Star} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-4 font-display text-xl font-semibold">Recent Orders</h2>
          <p className="rounded-xl border border-dashed border-espresso-200 p-6 text-center text-sm text-espresso-600">
            No orders yet. Orders will appear here when customers place them.
          </p>
        </Card>
        <QuickActions firstShop={shops[0]} onAction={setOpenAction} />
      </div>
      <section aria-labelledby="my-shops-heading">
        <h2 id="my-shops-heading" className="mb-4 font-display text-2xl font-semibold">
          My Coffee Shops
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {shops.map((shop) => (
            <MyShopCard key={shop.id} shop={shop} onAction={setOpenAction} />
          ))}
        </div>
      </section>
    </div>
  );
}
