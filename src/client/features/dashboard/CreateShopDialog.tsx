// The Create Coffee Shop dialog (spec §2, §5): geocodes the address when no coordinates were given.
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { DialogContent } from '../../ui/Dialog';
import { toast } from '../../ui/toast-store';
import { useCreateShop } from '../shops/queries';
import { ShopForm, savedMessage } from './ShopForm';

export function CreateShopDialog({ onDone }: { onDone: () => void }) {
  const { user } = useAuth();
  const create = useCreateShop();
  return (
    <DialogContent
      title="Create Coffee Shop"
      description="Tell coffee lovers about your shop."
      className="sm:max-w-2xl"
    >
      <ShopForm
        submitLabel="Create Coffee Shop"
        pendingLabel="Creating..."
        isSaving={create.isPending}
        onCancel={onDone}
        onSave={(body) =>
          // Spec §7 sends ownerId; the server ignores it and uses the signed-in owner.
          create.mutate(
            { ...body, ownerId: user?.id },
            {
              onSuccess: () => {
                toast({ title: 'Success', description: savedMessage('created', body) });
                onDone();
              },
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: errorMessage(error, 'Failed to create coffee shop. Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </DialogContent>
  );
}
