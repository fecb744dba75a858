// The owner's switch on a shop card: pause or resume taking orders (acceptingOrders on the shop).
import type { Shop } from '@shared/api/shops';
import { errorMessage } from '../../lib/api';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { useSetAcceptingOrders } from './queries';

export function AcceptingOrdersSwitch({ shop }: { shop: Shop }) {
  const update = useSetAcceptingOrders();
  const id = `accepting-orders-${shop.id}`;
  // While the call runs the switch shows where it is going, so a second click is not needed to see it moved.
  const checked = update.isPending
    ? (update.variables?.acceptingOrders ?? shop.acceptingOrders)
    : shop.acceptingOrders;
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={checked}
        disabled={update.isPending}
        onCheckedChange={(acceptingOrders) =>
          update.mutate(
            { shopId: shop.id, acceptingOrders },
            {
              onSuccess: () =>
                toast({
                  title: acceptingOrders ? 'Taking orders' : 'Orders paused',
                  description: acceptingOrders
                    ? `${shop.name} is taking orders again.`
                    : `Customers cannot order from ${shop.name} until you resume.`,
                }),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: errorMessage(error, 'Failed to update the shop. Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
      <Label htmlFor={id} className="text-xs">
        Taking orders
      </Label>
    </div>
  );
}
