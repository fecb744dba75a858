// The dashboard's Orders tab (spec §2): the owner's orders, newest first, filtered by status, with the next actions;
// found by pickup code and printed as a ticket (issue 30).
import { type OrderStatus, orderStatuses, orderStatusLabel, ownerActions } from '@shared/domain/order-status';
import { LayoutGrid } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { OrderCard } from '../../components/OrderCard';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { NativeSelect } from '../../ui/NativeSelect';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { filterOrdersByQuery } from './code-search';
import { useFreshOrderIds } from './fresh-orders';
import { isOverdue } from './overdue';
import { PickupCodeSearch } from './PickupCodeSearch';
import { PrintTicketButton } from './PrintTicketButton';
import { useOrders, useUpdateOrderStatus } from './queries';
import { useNow } from './use-now';

export function OwnerOrdersTab() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [codeQuery, setCodeQuery] = useState('');
  const orders = useOrders(true, { status: status || undefined });
  const update = useUpdateOrderStatus();
  const fresh = useFreshOrderIds();
  const now = useNow();
  // The code search looks through the orders loaded (today's are the newest, so on the first page).
  const list = filterOrdersByQuery(orders.orders, codeQuery);

  const move = (orderId: number, to: OrderStatus) =>
    update.mutate(
      { orderId, status: to },
      {
        onSuccess: () =>
          toast({ title: 'Order updated', description: 'Order status has been updated successfully.' }),
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="font-display text-2xl font-semibold">Orders</h2>
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
        <div className="flex items-center gap-2">
          <Label htmlFor="order-status-filter" className="shrink-0">
            Status
          </Label>
          <NativeSelect
            id="order-status-filter"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus | '')}
            className="w-40"
          >
            <option value="">All orders</option>
            {orderStatuses.map((value) => (
              <option key={value} value={value}>
                {orderStatusLabel(value)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

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
            ? `No ${orderStatusLabel(status).toLowerCase()} orders.`
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
                      disabled={busy}
                      onClick={() => move(order.id, step.to)}
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
