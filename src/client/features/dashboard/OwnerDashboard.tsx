// The shop owner's dashboard body: loads the owner's shops, then the empty state or the four tabs; the new-order
// chime and the tab title's count of orders to confirm (issue 30), the way to the orders board, and the offer of
// a notification for each new order (issue 27).
import { LayoutGrid, Plus, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Prompt } from '../../components/Prompt';
import { UnreadLabel } from '../../components/UnreadLabel';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { LoyaltyTab } from '../loyalty/LoyaltyTab';
import { useConversations } from '../messages/queries';
import { PushOffer } from '../notifications/PushOffer';
import { OrderSoundControl } from '../orders/OrderSoundControl';
import { OwnerOrdersTab } from '../orders/OwnerOrdersTab';
import { useDashboardSummary } from '../orders/queries';
import { useOrderAlerts } from '../orders/use-order-alerts';
import { PromotionsTab } from '../promotions/PromotionsTab';
import { usePromotionReturn } from '../promotions/use-promotion-return';
import { useMyShops } from '../shops/queries';
import { CreateShopDialog } from './CreateShopDialog';
import { OverviewTab } from './OverviewTab';
import { OwnerConversationsTab } from './OwnerConversationsTab';

const tabTrigger = 'whitespace-nowrap px-2 text-xs sm:px-4 sm:text-sm';

export function OwnerDashboard() {
  const shops = useMyShops(true);
  const conversations = useConversations(true);
  const [createOpen, setCreateOpen] = useState(false);
  usePromotionReturn();
  const list = shops.data ?? [];
  // The overview's summary (one cached query, refetched on every order change): how many orders wait to be confirmed.
  const waiting = useDashboardSummary(list.length > 0).data?.pendingOrders ?? 0;
  useOrderAlerts('Shop Owner Dashboard', list.length > 0);
  const ownerConversations = (conversations.data ?? []).filter(
    (conversation) => conversation.myRole === 'shop',
  );
  // Customers' messages not read yet (issue 32), on the Messages tab from any tab.
  const unread = ownerConversations.reduce((sum, conversation) => sum + conversation.unreadCount, 0);

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:py-10">
      <Dialog open={createOpen} onOpenChange={setCreateOpen}>
        {createOpen && <CreateShopDialog onDone={() => setCreateOpen(false)} />}
      </Dialog>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">Shop Owner Dashboard</h1>
          <p className="mt-1 text-espresso-700">Run your shops, answer customers and grow your regulars.</p>
        </div>
        {list.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild variant="outline">
              <Link href="/dashboard/board">
                <LayoutGrid className="h-4 w-4" aria-hidden /> Orders board
              </Link>
            </Button>
            <Button onClick={() => setCreateOpen(true)}>
              <Plus className="h-4 w-4" aria-hidden /> Add Another Shop
            </Button>
          </div>
        )}
      </header>
      {list.length > 0 && <OrderSoundControl className="-mt-4" />}
      {list.length > 0 && (
        <PushOffer
          place="dashboard"
          title="Get a notification when a new order comes in?"
          text="On this device, even when the dashboard is closed."
          onTurnedOn="This device will tell you when a new order comes in."
        />
      )}

      {shops.isLoading ? (
        <Spinner label="Loading dashboard..." />
      ) : shops.isError ? (
        <Prompt headingLevel={2} title="Could not load your dashboard" text="Please try again in a moment.">
          <Button onClick={() => void shops.refetch()}>Try Again</Button>
        </Prompt>
      ) : list.length === 0 ? (
        <Prompt
          headingLevel={2}
          icon={<Store className="h-6 w-6" />}
          title="No Coffee Shops Yet"
          text="Add your first coffee shop so coffee lovers nearby can find you and start chatting."
        >
          <Button onClick={() => setCreateOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Coffee Shop
          </Button>
        </Prompt>
      ) : (
        <Tabs defaultValue="overview" className="space-y-6">
          {/* On a phone the five tabs take two rows, three and two, each label whole. */}
          <TabsList className="grid w-full grid-cols-3 sm:flex sm:w-fit">
            <TabsTrigger value="overview" className={tabTrigger}>
              Overview
            </TabsTrigger>
            <TabsTrigger value="orders" className={tabTrigger}>
              Orders
              {waiting > 0 && (
                <span data-testid="orders-waiting">
                  <span
                    aria-hidden
                    className="ml-1 inline-flex min-w-5 justify-center rounded-full bg-amber-400 px-1 text-[0.7rem] font-semibold text-espresso-950"
                  >
                    {waiting}
                  </span>
                  <span className="sr-only">({waiting} to confirm)</span>
                </span>
              )}
            </TabsTrigger>
            <TabsTrigger value="messages" className={cn(tabTrigger, 'relative')}>
              {/* A phone's four tabs share its width: there the count sits on the tab's corner, not beside it. */}
              <UnreadLabel
                label="Messages"
                count={unread}
                badgeClassName="ml-1 max-sm:absolute max-sm:-top-1 max-sm:right-0 max-sm:ml-0 max-sm:h-4 max-sm:min-w-4 max-sm:px-1 max-sm:text-[0.625rem]"
              />
            </TabsTrigger>
            <TabsTrigger value="promotions" className={tabTrigger}>
              Promotions
            </TabsTrigger>
            <TabsTrigger value="loyalty" className={tabTrigger}>
              Loyalty
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab shops={list} activeChats={ownerConversations.length} />
          </TabsContent>
          <TabsContent value="orders">
            <OwnerOrdersTab />
          </TabsContent>
          <TabsContent value="messages">
            <OwnerConversationsTab conversations={ownerConversations} />
          </TabsContent>
          <TabsContent value="promotions">
            <PromotionsTab shops={list} />
          </TabsContent>
          <TabsContent value="loyalty">
            <LoyaltyTab shops={list} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
