// The Edit dialog: the create form filled in with the shop, saved with PUT /api/coffee-shops/{id}.
import type { Shop } from '@shared/api/shops';
import { errorMessage } from '../../lib/api';
import { DialogContent } from '../../ui/Dialog';
import { toast } from '../../ui/toast-store';
import { useUpdateShop } from '../shops/queries';
import { ShopForm, shopFormFrom } from './ShopForm';

export function EditShopDialog({ shop, onDone }: { shop: Shop; onDone: () => void }) {
  const update = useUpdateShop(shop.id);
  return (
    <DialogContent
      title="Edit Coffee Shop"
      description={`Change what coffee lovers see about ${shop.name}.`}
      className="sm:max-w-2xl"
    >
      <ShopForm
        initial={shopFormFrom(shop)}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        isSaving={update.isPending}
        onCancel={onDone}
        onSave={(body) =>
          update.mutate(body, {
            onSuccess: () => {
              toast({ title: 'Success', description: 'Coffee shop updated successfully!' });
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
    </DialogContent>
  );
}
