// The dashboard's Orders tab (spec §2): the owner's orders, by pickup time or newest placed first, filtered by shop
// and status (issue 32), with the next actions; found by pickup code and printed as a ticket (issue 30).
import { type OrderStatus, orderStatusLabel, ownerActions } from '@shared/domain/order-status';
import { LayoutGrid } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { OrderCard } from '../../components/OrderCard';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { useMyShops } from '../shops/queries';
import { CancelOrderDialog } from './CancelOrderDialog';
import { filterOrdersByQuery } from './code-search';
import { useFocusAfterMove } from './focus-order';
import { useFreshOrderIds } from './fresh-orders';
import { OwnerOrdersFilters, type OwnerOrdersFilterValues } from './OwnerOrdersFilters';
import { sortOrders } from './order-sort';
import { isOverdue } from './overdue';
import { PickupCodeSearch } from './PickupCodeSearch';
import { PrintTicketButton } from './PrintTicketButton';
import { useOrders, useUpdateOrderStatus } from './queries';
import { useNow } from './use-now';

export function OwnerOrdersTab() {
  const [filters, setFilters] = useState<OwnerOrdersFilterValues>({
    shopId: null,
    status: '',
    sort: 'pickup',
  });
  const { status, shopId } = filters;
  const [codeQuery, setCodeQuery] = useState('');
  // Already loaded by the dashboard: the names for the shop filter.
  const shops = useMyShops(true).data ?? [];
  // Shop and status are the API's own filters (?shopId=, ?status=), so each page holds only what is asked for.
  const orders = useOrders(true, { status: status || undefined, shopId: shopId ?? undefined });
  const update = useUpdateOrderStatus();
  const fresh = useFreshOrderIds();
  const now = useNow();
  // The code search looks through the orders loaded (today's are the newest, so on the first page).
  const list = sortOrders(filterOrdersByQuery(orders.orders, codeQuery), filters.sort);
  const shopName = shops.find((shop) => shop.id === shopId)?.name;
  // A moved order may leave the list (a Status filter it no longer matches): its neighbour or the heading then
  // takes the focus, never the page body (issue 32).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusMoved = useFocusAfterMove(
    list.map((order) => order.id),
    heading,
  );

  // The order whose Cancel asks for a reason first (issue 32).
  const [cancelling, setCancelling] = useState<number | null>(null);
  const move = (orderId: number, to: OrderStatus, cancelReason?: string) =>
    update.mutate(
      { orderId, status: to, cancelReason },
      {
        onSuccess: () => {
          setCancelling(null);
          toast({ title: 'Order updated', description: 'Order status has been updated successfully.' });
          focusMoved(orderId);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to update order'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="space-y-4">
      <CancelOrderDialog
        open={cancelling !== null}
        orderId={cancelling ?? 0}
        asShop
        pending={update.isPending}
        onKeep={() => setCancelling(null)}
        onCancel={(reason) => cancelling !== null && move(cancelling, 'cancelled', reason)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2
            ref={heading}
            tabIndex={-1}
            className="rounded font-display text-2xl font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
          >
            Orders
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard/board">
              <LayoutGrid className="h-4 w-4" aria-hidden /> Open orders board
            </Link>
          </Button>
        </div>
        <PickupCodeSearch
          id="order-code-search"
          value={codeQuery}
          onChange={setCodeQuery}
          className="sm:w-52"
        />
      </div>
      <OwnerOrdersFilters
        shops={shops}
        values={filters}
        onChange={(change) => setFilters((current) => ({ ...current, ...change }))}
      />

      {orders.isLoading ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <Card className="p-8 text-center text-espresso-600">
          Could not load orders.{' '}
          <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : list.length === 0 && codeQuery.trim() !== '' ? (
        <Card className="p-8 text-center text-espresso-600" role="status">
          No order matches “{codeQuery.trim().toUpperCase()}” among the orders shown.
        </Card>
      ) : list.length === 0 ? (
        <Card className="p-8 text-center text-espresso-600">
          {status
            ? `No ${orderStatusLabel(status).toLowerCase()} orders${shopName ? ` at ${shopName}` : ''}.`
            : shopName
              ? `No orders at ${shopName} yet.`
              : 'No orders yet. Orders will appear here when customers place them.'}
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {list.map((order) => {
            const actions = ownerActions(order.status);
            const busy = update.isPending && update.variables?.orderId === order.id;
            return (
              <OrderCard
                key={order.id}
                order={order}
                view="owner"
                isNew={fresh.has(order.id)}
                overdue={isOverdue(order, now)}
              >
                <div className="flex flex-wrap gap-2">
                  {actions.map((step) => (
                    <Button
                      key={step.to}
                      size="sm"
                      variant={step.to === 'cancelled' ? 'outline' : 'default'}
                      data-order-action
                      disabled={busy}
                      onClick={() =>
                        step.to === 'cancelled' ? setCancelling(order.id) : move(order.id, step.to)
                      }
                    >
                      {step.action}
                    </Button>
                  ))}
                  <PrintTicketButton order={order} className="ml-auto" />
                </div>
              </OrderCard>
            );
          })}
        </div>
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
    </div>
  );
}
