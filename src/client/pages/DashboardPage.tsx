// The shop owner's dashboard (/dashboard, spec §2): stats, quick actions, shops, orders, messages, promotions.

import { CONVERSATION_PREVIEW_LENGTH } from '@shared/api/messages';
import { type Shop, shopCategoryLabels } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import {
  BarChart3,
  Clock,
  Lock,
  MessageCircle,
  Plus,
  ShieldAlert,
  Star,
  Store,
  UtensilsCrossed,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { CreateShopDialog } from '../features/dashboard/CreateShopDialog';
import { useConversations } from '../features/messages/queries';
import { useMyShops } from '../features/shops/queries';
import { useAuth } from '../lib/auth';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { Dialog } from '../ui/Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/Tabs';

function averageRating(shops: Shop[]): string {
  if (shops.length === 0) return '0.0';
  return (shops.reduce((total, shop) => total + Number(shop.rating), 0) / shops.length).toFixed(1);
}

function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-espresso-600">{label}</p>
      <p className="mt-1 font-display text-3xl font-bold text-espresso-950">{value}</p>
    </Card>
  );
}

function OwnerDashboard() {
  const shops = useMyShops(true);
  const conversations = useConversations(true);
  const [createOpen, setCreateOpen] = useState(false);
  const list = shops.data ?? [];
  const ownerConversations = (conversations.data ?? []).filter(
    (conversation) => conversation.myRole === 'shop',
  );

  if (shops.isLoading)
    return (
      <p className="py-20 text-center text-espresso-600" role="status">
        Loading dashboard...
      </p>
    );
  if (shops.isError) {
    return (
      <Prompt title="Could not load your dashboard" text="Please try again in a moment.">
        <Button onClick={() => void shops.refetch()}>Try Again</Button>
      </Prompt>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <Dialog open={createOpen} onOpenChange={setCreateOpen}>
        {createOpen && <CreateShopDialog onDone={() => setCreateOpen(false)} />}
      </Dialog>
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-bold">Shop Owner Dashboard</h1>
          <p className="mt-1 text-espresso-700">Run your shops, answer customers and grow your regulars.</p>
        </div>
        {list.length > 0 && (
          <Button onClick={() => setCreateOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Another Shop
          </Button>
        )}
      </header>

      {list.length === 0 ? (
        <Prompt
          icon={<Store className="h-6 w-6" />}
          title="No Coffee Shops Yet"
          text="Add your first coffee shop so customers can find you."
        >
          <Button onClick={() => setCreateOpen(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Coffee Shop
          </Button>
        </Prompt>
      ) : (
        <Tabs defaultValue="overview" className="space-y-6">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="messages">Messages</TabsTrigger>
            <TabsTrigger value="promotions">Promotions</TabsTrigger>
          </TabsList>

          <TabsContent value="overview" className="space-y-8">
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              <StatCard label="Orders Today" value={0} />
              <StatCard label="Revenue" value="R0.00" />
              <StatCard label="Active Chats" value={ownerConversations.length} />
              <StatCard label="Avg Rating" value={averageRating(list)} />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <Card className="p-6">
                <h2 className="mb-4 font-display text-xl font-semibold">Recent Orders</h2>
                <p className="text-sm text-espresso-600">
                  No orders yet. Orders will appear here when customers place them.
                </p>
              </Card>
              <Card className="p-6">
                <h2 className="mb-4 font-display text-xl font-semibold">Quick Actions</h2>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Button asChild variant="outline">
                    <Link href="/messages">
                      <MessageCircle className="h-4 w-4" aria-hidden /> View All Messages
                    </Link>
                  </Button>
                  <Button variant="outline" disabled title="Menu management arrives with the menu feature">
                    <UtensilsCrossed className="h-4 w-4" aria-hidden /> Update Menu
                  </Button>
                  <Button variant="outline" disabled title="Business hours arrive with the hours feature">
                    <Clock className="h-4 w-4" aria-hidden /> Manage Hours
                  </Button>
                  <Button variant="outline" disabled title="Analytics arrive with the orders feature">
                    <BarChart3 className="h-4 w-4" aria-hidden /> View Analytics
                  </Button>
                </div>
              </Card>
            </div>
            <section>
              <h2 className="mb-4 font-display text-2xl font-semibold">My Coffee Shops</h2>
              <div className="grid gap-4 md:grid-cols-2">
                {list.map((shop) => (
                  <Card
                    key={shop.id}
                    className="flex items-center justify-between gap-4 p-5"
                    data-testid="my-shop"
                  >
                    <div>
                      <h3 className="flex items-center gap-2 font-semibold">
                        {shop.name}
                        {isFeatured(shop) && <Badge tone="promoted">Featured</Badge>}
                      </h3>
                      <p className="mt-1 flex items-center gap-1 text-sm text-espresso-600">
                        <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden /> {shop.rating} ·{' '}
                        {shopCategoryLabels[shop.category]}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="accent"
                        disabled
                        title="Paid promotion arrives with the promotions feature"
                      >
                        Promote
                      </Button>
                      <Button size="sm" variant="outline" disabled title="Editing arrives in a later release">
                        Edit
                      </Button>
                    </div>
                  </Card>
                ))}
              </div>
            </section>
          </TabsContent>

          <TabsContent value="orders">
            <Card className="p-8 text-center text-espresso-600">
              No orders yet. Orders will appear here when customers place them.
            </Card>
          </TabsContent>

          <TabsContent value="messages">
            {ownerConversations.length === 0 ? (
              <Card className="p-8 text-center text-espresso-600">
                No conversations yet. Conversations will appear here when customers message you.
              </Card>
            ) : (
              <div className="space-y-3">
                {ownerConversations.map((conversation) => (
                  <Card
                    key={`${conversation.shop.id}-${conversation.customer.id}`}
                    className="flex items-center justify-between gap-4 p-4"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold">
                        Customer Conversation{' '}
                        <span className="font-normal text-espresso-600">
                          · {conversation.customer.username}
                        </span>
                      </p>
                      <p className="text-xs text-espresso-500">{conversation.shop.name}</p>
                      <p className="truncate text-sm text-espresso-700">
                        {conversation.lastMessage.content.slice(0, CONVERSATION_PREVIEW_LENGTH)}
                      </p>
                    </div>
                    <Button asChild size="sm" variant="outline">
                      <Link
                        href={`/messages?shop=${conversation.shop.id}&customer=${conversation.customer.id}`}
                      >
                        View Chat
                      </Link>
                    </Button>
                  </Card>
                ))}
              </div>
            )}
          </TabsContent>

          <TabsContent value="promotions">
            <Card className="space-y-4 p-8">
              <h2 className="font-display text-2xl font-semibold">Promote your coffee shop</h2>
              <p className="text-espresso-700">
                Promotion costs <strong>R499 for 30 days</strong>, paid once by card — it never renews by
                itself. Card payments are handled by Paystack, our connected payment provider.
              </p>
              <ul className="list-inside list-disc space-y-1 text-espresso-700">
                <li>Featured placement on the home page and at the top of Discover</li>
                <li>A Promoted badge on your shop card</li>
                <li>More visibility to coffee lovers near you</li>
                <li>Priority listing in search results</li>
                <li>Analytics on how customers find you</li>
              </ul>
              <Button variant="accent" disabled title="Paid promotion arrives with the promotions feature">
                Promote Coffee Shop
              </Button>
            </Card>
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

export function DashboardPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <p className="py-20 text-center text-espresso-600" role="status">
          Loading dashboard...
        </p>
      ) : !user ? (
        <Prompt
          icon={<Lock className="h-6 w-6" />}
          title="Sign In Required"
          text="Please sign in to access your dashboard."
        >
          <Button asChild>
            <Link href="/login">Sign In</Link>
          </Button>
        </Prompt>
      ) : user.role !== 'shop_owner' ? (
        <Prompt
          icon={<ShieldAlert className="h-6 w-6" />}
          title="Access Denied"
          text="This dashboard is only available for coffee shop owners."
        >
          <Button asChild>
            <Link href="/discover">Discover Coffee Shops</Link>
          </Button>
        </Prompt>
      ) : (
        <OwnerDashboard />
      )}
    </PageShell>
  );
}
