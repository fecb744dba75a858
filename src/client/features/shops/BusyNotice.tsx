// The shop page's line while the shop is busy (issue 30): 'Busy — pickups from 08:05'; gone by itself when the
// busy delay ends.
import type { Shop } from '@shared/api/shops';
import { Timer } from 'lucide-react';
import { Card } from '../../ui/Card';
import { useNow } from '../orders/use-now';
import { busyNoticeText } from './busy-text';

export function BusyNotice({ shop }: { shop: Shop }) {
  const now = useNow();
  const text = busyNoticeText(shop, now);
  if (!text) return null;
  return (
    <Card
      role="status"
      className="flex items-start gap-3 border-amber-300 bg-amber-50 p-4 text-espresso-900"
      data-testid="busy-notice"
    >
      <Timer className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <p className="font-semibold">{text}</p>
    </Card>
  );
}
