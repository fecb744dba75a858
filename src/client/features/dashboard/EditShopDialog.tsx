// The Edit dialog: the create form filled in with the shop, saved with PUT /api/coffee-shops/{id}; the shop's
// Payments (issue 26) and how it paces its orders (issue 30) in tabs of their own.
import type { Shop } from '@shared/api/shops';
import { errorMessage } from '../../lib/api';
import { DialogContent } from '../../ui/Dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { toast } from '../../ui/toast-store';
import { PaymentsPanel } from '../payments/PaymentsPanel';
import { useUpdateShop } from '../shops/queries';
import { OrderPacePanel } from './OrderPacePanel';
import { ShopForm, savedMessage, shopFormFrom } from './ShopForm';

/** The dialog's tabs; the setup checklist's 'Set up payouts' opens it on Payments (issue 32). */
export type EditShopTab = 'details' | 'payments' | 'orders';

export function EditShopDialog({
  shop,
  onDone,
  initialTab = 'details',
}: {
  shop: Shop;
  onDone: () => void;
  initialTab?: EditShopTab;
}) {
  return (
    <DialogContent
      title="Edit Coffee Shop"
      description={`Change what coffee lovers see about ${shop.name}, how they pay, and how orders are paced.`}
      className="sm:max-w-2xl"
    >
      <Tabs defaultValue={initialTab}>
        <TabsList aria-label="Shop settings">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
        </TabsList>
        {/* Kept mounted while Payments is open, so unsaved edits to the details survive a look at the other tab. */}
        <TabsContent
          value="details"
          forceMount
          className="mt-4 focus-visible:outline-none data-[state=inactive]:hidden"
        >
          <ShopDetails shop={shop} onDone={onDone} />
        </TabsContent>
        <TabsContent value="payments" className="mt-4 focus-visible:outline-none">
          <PaymentsPanel shop={shop} />
        </TabsContent>
        {/* Kept mounted too: unsaved settings survive a look at the other tabs. */}
        <TabsContent
          value="orders"
          forceMount
          className="mt-4 focus-visible:outline-none data-[state=inactive]:hidden"
        >
          <OrderPacePanel shop={shop} onDone={onDone} />
        </TabsContent>
      </Tabs>
    </DialogContent>
  );
}

function ShopDetails({ shop, onDone }: { shop: Shop; onDone: () => void }) {
  const update = useUpdateShop(shop.id);
  return (
    <ShopForm
      initial={shopFormFrom(shop)}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      isSaving={update.isPending}
      onCancel={onDone}
      onSave={(body) =>
        update.mutate(body, {
          onSuccess: () => {
            toast({ title: 'Success', description: savedMessage('updated', body) });
            onDone();
          },
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Failed to update coffee shop. Please try again.'),
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
