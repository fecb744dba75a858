// The Analytics Dashboard dialog (spec §2): figures computed by the server for one shop.
import type { Shop } from '@shared/api/shops';
import { DialogContent } from '../../ui/Dialog';

export function AnalyticsDialog({ shop }: { shop: Shop; onDone: () => void }) {
  // Built by its issue.
  return <DialogContent title={`Analytics Dashboard - ${shop.name}`}>{shop.name}</DialogContent>;
}
