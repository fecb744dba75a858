// The menu management dialog (spec §2): items grouped by category, add, edit, delete, Sold out.
import type { Shop } from '@shared/api/shops';
import { DialogContent } from '../../ui/Dialog';

export function MenuDialog({ shop }: { shop: Shop; onDone: () => void }) {
  // Built by its issue.
  return <DialogContent title={`Menu - ${shop.name}`}>{shop.name}</DialogContent>;
}
