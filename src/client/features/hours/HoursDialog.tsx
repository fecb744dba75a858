// The business hours dialog (spec §2, §9): one row per day, presets, special days.
import type { Shop } from '@shared/api/shops';
import { DialogContent } from '../../ui/Dialog';

export function HoursDialog({ shop }: { shop: Shop; onDone: () => void }) {
  // Built by its issue.
  return <DialogContent title={`Business Hours - ${shop.name}`}>{shop.name}</DialogContent>;
}
