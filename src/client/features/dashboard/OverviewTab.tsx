// The dashboard's Overview tab: four stat cards, Recent Orders (with how each was paid), Quick Actions, Reviews
// waiting for a reply and My Coffee Shops.
import type { Order } from '@shared/api/orders';
import type { Shop } from '@shared/api/shops';
import { centsToRand, randToCents } from '@shared/domain/money';
import { averageRating } from '@shared/domain/rating';
import { MessageCircle, ReceiptText, Star, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { OrderStatusBadge } from '../orders/OrderStatusBadge';
import { formatOrderTime } from '../orders/order-time';
import { paymentLabel } from '../orders/payment-label';
import { useDashboardSummary } from '../orders/queries';
import { AwaitingReplyCard } from '../reviews/AwaitingReplyCard';
import { MyShopCard } from './MyShopCard';
import { QuickActions } from './QuickActions';
import { type OpenShopAction, ShopActionDialog } from './ShopActionDialog';
import { StatCard } from './StatCard';

export function OverviewTab({ shops, activeChats }: { shops: Shop[]; activeChats: number }) {
  const [openAction, setOpenAction] = useState<OpenShopAction | null>(null);
  // Today's figures and the newest orders come computed from the database, never from every order loaded here.
  const summary = useDashboardSummary(true);
  const figures = summary.data;
  const recent = figures?.recentOrders ?? [];
  return (
    <div className="space-y-8">
      <ShopActionDialog open={openAction} onClose={() => setOpenAction(null)} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Orders Today"
          value={figures ? figures.ordersToday : '–'}
          // Every order placed today counts; the cancelled ones are said, as Revenue leaves them out (issue 32).
          detail={figures && figures.cancelledToday > 0 ? `· ${figures.cancelledToday} cancelled` : undefined}
          icon={ReceiptText}
        />
        <StatCard
          label="Revenue"
          value={figures ? centsToRand(randToCents(Number(figures.revenueToday))) : '–'}
          icon={Wallet}
        />
        <StatCard label="Active Chats" value={activeChats} icon={MessageCircle} />
        <StatCard label="Avg Rating" value={averageRating(shops)} icon={Star} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="min-w-0 p-6">
          <h2 className="mb-4 font-display text-xl font-semibold">Recent Orders</h2>
          {recent.length === 0 ? (
            <p className="rounded-xl border border-dashed border-espresso-200 p-6 text-center text-sm text-espresso-600">
              {summary.isLoading
                ? 'Loading orders...'
                : 'No orders yet. Orders will appear here when customers place them.'}
            </p>
          ) : (
            <ul className="divide-y divide-espresso-100" aria-label="Recent Orders">
              {recent.map((order) => (
                <li key={order.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <div className="min-w-0">
                    <p className="font-semibold text-espresso-950">
                      Order #{order.id}{' '}
                      <span className="font-normal text-espresso-600">· Customer #{order.customerId}</span>
                    </p>
                    <p className="truncate text-xs text-espresso-500">
                      {order.customerName} · {order.shopName} · {formatOrderTime(order.createdAt)}
                    </p>
                    <RecentOrderPayment order={order} />
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <span className="font-medium">{centsToRand(randToCents(Number(order.totalAmount)))}</span>
                    <OrderStatusBadge status={order.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <QuickActions shops={shops} onAction={setOpenAction} />
      </div>
      <AwaitingReplyCard />
      <section aria-labelledby="my-shops-heading">
        <h2 id="my-shops-heading" className="mb-4 font-display text-2xl font-semibold">
          My Coffee Shops
        </h2>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {shops.map((shop) => (
            <MyShopCard key={shop.id} shop={shop} onAction={setOpenAction} />
          ))}
        </div>
      </section>
    </div>
  );
}

/** The payment state under a recent order, in red when a refund failed and the owner must act. */
function RecentOrderPayment({ order }: { order: Order }) {
  const label = paymentLabel(order.paymentStatus, 'owner');
  return (
    <p
      className={cn('text-xs', label.tone === 'danger' ? 'font-semibold text-red-700' : 'text-espresso-600')}
      data-testid="payment-label"
    >
      {label.text}
    </p>
  );
}
