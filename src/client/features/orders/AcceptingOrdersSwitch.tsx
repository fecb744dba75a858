// The owner's switch on a shop card: pause or resume taking orders (acceptingOrders on the shop).
import type { Shop } from '@shared/api/shops';
import { errorMessage } from '../../lib/api';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { canTakeOrders } from '../dashboard/SetupChecklist';
import { useSetAcceptingOrders } from './queries';

/** 'a menu and opening hours', 'a menu' or 'opening hours'. */
function missingForOrders(shop: Shop): string {
  const missing = [!shop.setup?.menu && 'a menu item', !shop.setup?.hours && 'opening hours'].filter(Boolean);
  return missing.join(' and ');
}

export function AcceptingOrdersSwitch({ shop }: { shop: Shop }) {
  const update = useSetAcceptingOrders();
  const id = `accepting-orders-${shop.id}`;
  const ready = canTakeOrders(shop);
  const whyId = `${id}-why`;
  // While the call runs the switch shows where it is going, so a second click is not needed to see it moved.
  const checked = update.isPending
    ? (update.variables?.acceptingOrders ?? shop.acceptingOrders)
    : shop.acceptingOrders;
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={checked}
        // Read with the switch, so a screen reader hears why nobody can order while it is on.
        aria-describedby={ready ? undefined : whyId}
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
      {!ready && (
        // The switch may be on, but nobody can order yet: say why, where the owner looks (issue 32).
        <span id={whyId} className="text-xs text-amber-800" data-testid="not-ready">
          Customers can order once you add {missingForOrders(shop)}
        </span>
      )}
    </div>
  );
}
