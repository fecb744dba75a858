// A customer's orders (/orders): active ones with a progress tracker, past ones with Order again; coming back from
// Paystack (?payment=<reference>) verifies that order's payment and says how it went (issue 26); once there is an
// order, the offer of a notification when it is ready (issue 27).
import type { Order } from '@shared/api/orders';
import { customerActions, orderStatusMessage } from '@shared/domain/order-status';
import { ReceiptText, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, Redirect } from 'wouter';
import { OrderCard } from '../components/OrderCard';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { SignInRequired } from '../components/SignInRequired';
import { MyCards } from '../features/loyalty/MyCards';
import { PushOffer } from '../features/notifications/PushOffer';
import { CancelOrderDialog } from '../features/orders/CancelOrderDialog';
import { focusOrder } from '../features/orders/focus-order';
import { OrderProgress } from '../features/orders/OrderProgress';
import { isOverdue } from '../features/orders/overdue';
import { PaymentReturnNotice } from '../features/orders/PaymentReturnNotice';
import { useOrders, useReorder, useUpdateOrderStatus } from '../features/orders/queries';
import { useFillCart } from '../features/orders/use-fill-cart';
import { useNow } from '../features/orders/use-now';
import { usePaymentReturn } from '../features/orders/use-payment-return';
import { errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import { Spinner } from '../ui/Spinner';
import { toast } from '../ui/toast-store';

const finished = new Set(['completed', 'cancelled']);

export function OrdersPage() {
  const { user, isLoading } = useAuth();
  // Owners run orders from their dashboard; this page is the customer's.
  if (user?.role === 'shop_owner') return <Redirect to="/dashboard" />;
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading />
      ) : user ? (
        <CustomerOrders />
      ) : (
        <SignInRequired text="Please sign in to see your orders." showRegister />
      )}
    </PageShell>
  );
}

function CustomerOrders() {
  const orders = useOrders(true);
  const list = orders.orders;
  const active = list.filter((order) => !finished.has(order.status));
  const past = list.filter((order) => finished.has(order.status));
  const paymentReturn = usePaymentReturn(list, orders.isSuccess);

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:py-10">
      <header>
        <h1 className="font-display text-3xl font-bold sm:text-4xl">My Orders</h1>
        <p className="mt-1 text-espresso-700">Follow your orders live and collect them at the counter.</p>
      </header>
      {paymentReturn.result && (
        <PaymentReturnNotice
          result={paymentReturn.result}
          orders={list}
          onCheckAgain={paymentReturn.checkAgain}
          onDismiss={paymentReturn.dismiss}
        />
      )}
      {orders.isLoading ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <Prompt headingLevel={2} title="Could not load your orders" text="Please try again in a moment.">
          <Button onClick={() => void orders.refetch()}>Try Again</Button>
        </Prompt>
      ) : list.length === 0 ? (
        <Prompt
          headingLevel={2}
          icon={<ReceiptText className="h-6 w-6" />}
          title="No orders yet"
          text="Order ahead from a coffee shop's page and follow your order here."
        >
          <Button asChild>
            <Link href="/discover">Discover Coffee Shops</Link>
          </Button>
        </Prompt>
      ) : (
        <>
          <PushOffer
            place="orders"
            title="Get a notification when your order is ready?"
            text="We'll let you know on this device, even when Brew Connect is closed."
            onTurnedOn="We'll let you know when your order is ready."
          />
          <section aria-labelledby="active-orders" className="space-y-4">
            <h2 id="active-orders" className="font-display text-2xl font-semibold">
              Active Orders
            </h2>
            {active.length === 0 ? (
              <p className="text-sm text-espresso-600">Nothing on the way right now.</p>
            ) : (
              active.map((order) => <ActiveOrder key={order.id} order={order} />)
            )}
          </section>
          <MyCards />
          {past.length > 0 && (
            <section aria-labelledby="past-orders" className="space-y-4">
              <h2 id="past-orders" className="font-display text-2xl font-semibold">
                Past Orders
              </h2>
              {past.map((order) => (
                <PastOrder key={order.id} order={order} />
              ))}
            </section>
          )}
          {orders.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void orders.fetchNextPage()}
                disabled={orders.isFetchingNextPage}
              >
                {orders.isFetchingNextPage ? 'Loading...' : 'Load older orders'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function ActiveOrder({ order }: { order: Order }) {
  const update = useUpdateOrderStatus();
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const cancel = customerActions(order.status).find((step) => step.to === 'cancelled');
  const cancelOrder = () =>
    update.mutate(
      { orderId: order.id, status: 'cancelled' },
      {
        onSuccess: (changed) => {
          setConfirming(false);
          toast({ title: orderStatusMessage(changed.id, changed.status) });
          focusOrder(changed.id);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to cancel the order. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <OrderCard order={order} view="customer">
      <div className="space-y-4">
        <OrderProgress order={order} />
        {order.status === 'pending' && isOverdue(order, now) && (
          // Its pickup time passed and the shop never confirmed (issue 32): say so, and where to ask.
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            The shop hasn't confirmed yet —{' '}
            <Link href={`/messages?shop=${order.shopId}`} className="font-medium underline">
              message them
            </Link>
            .
          </p>
        )}
        {cancel && (
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => setConfirming(true)}>
            {cancel.action}
          </Button>
        )}
        <CancelOrderDialog
          open={confirming}
          orderId={order.id}
          asShop={false}
          pending={update.isPending}
          onKeep={() => setConfirming(false)}
          onCancel={cancelOrder}
        />
      </div>
    </OrderCard>
  );
}

function PastOrder({ order }: { order: Order }) {
  const reorder = useReorder();
  // Filling the cart, and asking first when it holds something, is shared with the usual's Order (issue 29).
  const { offer, startOverDialog } = useFillCart();

  const start = () =>
    reorder.mutate(order, {
      onSuccess: (result) =>
        offer(result, { allAdded: `Everything from order #${order.id} is in your cart.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: errorMessage(error, "Could not load the shop's menu. Please try again."),
          variant: 'destructive',
        }),
    });

  return (
    <OrderCard order={order} view="customer">
      <Button size="sm" variant="outline" onClick={start} disabled={reorder.isPending}>
        <RotateCcw className="h-4 w-4" aria-hidden /> {reorder.isPending ? 'Loading menu...' : 'Order again'}
      </Button>
      {startOverDialog}
    </OrderCard>
  );
}
