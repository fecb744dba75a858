// The Promote dialog (spec §2, §4 Promotion flow): status, benefits, pricing, Promote Shop, Verify Payment.
import type { Shop } from '@shared/api/shops';
import { DialogContent } from '../../ui/Dialog';

export function PromoteDialog({ shop }: { shop: Shop; onDone: () => void }) {
  // Built by its issue.
  return <DialogContent title={`Promote Your Coffee Shop`}>{shop.name}</DialogContent>;
}
