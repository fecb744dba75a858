// The Edit dialog: the create form filled in with the shop, saved with PUT /api/coffee-shops/{id}.
import type { Shop } from '@shared/api/shops';
import { DialogContent } from '../../ui/Dialog';

export function EditShopDialog({ shop }: { shop: Shop; onDone: () => void }) {
  // Built by its issue.
  return <DialogContent title={`Edit Coffee Shop`}>{shop.name}</DialogContent>;
}
