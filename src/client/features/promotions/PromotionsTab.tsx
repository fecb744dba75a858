// The dashboard's Promotions tab: R499 for 30 days through Paystack, what it brings, and each shop's history.
import type { Promotion, PromotionStatus } from '@shared/api/promotions';
import type { Shop } from '@shared/api/shops';
import { isFeatured } from '@shared/domain/featured';
import { centsToRand } from '@shared/domain/money';
import { localDate, promoteAction } from '@shared/domain/promotion';
import { useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Skeleton';
import { promotionBenefits } from './benefits';
import { PromoteDialog } from './PromoteDialog';
import { useShopPromotions } from './queries';

const statusTone: Record<PromotionStatus, 'success' | 'info' | 'danger' | 'neutral'> = {
  active: 'success',
  pending: 'info',
  failed: 'danger',
  expired: 'neutral',
};
const statusLabel: Record<PromotionStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  failed: 'Failed',
  expired: 'Expired',
};

export function PromotionsTab({ shops }: { shops: Shop[] }) {
  const [promoting, setPromoting] = useState<Shop | null>(null);
  const first = shops[0];
  return (
    <div className="space-y-6">
      <Dialog open={promoting !== null} onOpenChange={(open) => !open && setPromoting(null)}>
        {promoting && <PromoteDialog shop={promoting} onDone={() => setPromoting(null)} />}
      </Dialog>
      <Card className="grid gap-8 p-6 sm:p-8 md:grid-cols-[1fr_auto]">
        <div className="space-y-4">
          <h2 className="font-display text-2xl font-semibold">Promote your coffee shop</h2>
          <p className="text-espresso-700">
            Promotion costs <strong>R499 for 30 days</strong>, paid once by card: it never renews by itself.
            Card payments are handled by Paystack, our connected payment provider.
          </p>
          <ul className="space-y-2.5">
            {promotionBenefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-espresso-800">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-lg bg-espresso-100 text-espresso-700">
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
                <span className="pt-0.5">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-center justify-center gap-3 rounded-2xl bg-espresso-50 p-6 text-center md:w-64">
          <p className="text-sm font-medium text-espresso-600">30 days featured</p>
          <p className="font-display text-4xl font-bold text-espresso-950">R499</p>
          <p className="text-xs text-espresso-500">Once-off · no commission on orders</p>
          {first && (
            <Button variant="accent" className="w-full" onClick={() => setPromoting(first)}>
              Promote Coffee Shop
            </Button>
          )}
        </div>
      </Card>

      <section aria-labelledby="promotion-history" className="space-y-4">
        <h2 id="promotion-history" className="font-display text-xl font-semibold">
          Promotion history
        </h2>
        {shops.map((shop) => (
          <ShopPromotions key={shop.id} shop={shop} onPromote={() => setPromoting(shop)} />
        ))}
      </section>
    </div>
  );
}

function ShopPromotions({ shop, onPromote }: { shop: Shop; onPromote: () => void }) {
  const history = useShopPromotions(shop.id);
  const action = promoteAction(shop);
  return (
    <Card className="p-4 sm:p-5" data-testid="shop-promotions">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold text-espresso-950">
          {shop.name}
          {isFeatured(shop) ? (
            <Badge tone="promoted">Featured until {localDate(shop.promotionExpiresAt!)}</Badge>
          ) : (
            <Badge>Not Promoted</Badge>
          )}
        </h3>
        {action && (
          // The accessible name starts with the visible words (WCAG 2.5.3), then says which shop.
          <Button
            size="sm"
            variant="outline"
            onClick={onPromote}
            aria-label={`${action === 'extend' ? 'Extend promotion' : 'Promote Shop'}: ${shop.name}`}
          >
            {action === 'extend' ? 'Extend promotion' : 'Promote Shop'}
          </Button>
        )}
      </div>
      <div className="mt-3">
        {history.isLoading ? (
          <Skeleton className="h-12 w-full" />
        ) : history.isError ? (
          <p className="text-sm text-espresso-600">The history could not be loaded. Please try again.</p>
        ) : (history.data ?? []).length === 0 ? (
          <p className="text-sm text-espresso-600">No promotions yet.</p>
        ) : (
          <HistoryTable promotions={history.data ?? []} />
        )}
      </div>
    </Card>
  );
}

function HistoryTable({ promotions }: { promotions: Promotion[] }) {
  return (
    <div className="overflow-x-auto">
      {/* Dates may wrap on a phone rather than push the last column out of sight. */}
      <table className="w-full text-left text-xs sm:text-sm">
        <thead className="text-xs text-espresso-500">
          <tr>
            <th className="py-1.5 pr-3 font-medium">Date</th>
            <th className="py-1.5 pr-3 font-medium">Amount</th>
            <th className="py-1.5 pr-3 font-medium">Status</th>
            <th className="py-1.5 font-medium">Featured until</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-espresso-100 text-espresso-800">
          {promotions.map((promotion) => (
            <tr key={promotion.id}>
              <td className="py-2 pr-3">{localDate(promotion.createdAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{centsToRand(promotion.amount)}</td>
              <td className="py-2 pr-3">
                <Badge tone={statusTone[promotion.status]}>{statusLabel[promotion.status]}</Badge>
              </td>
              <td className="py-2">
                {promotion.endDate && promotion.status !== 'failed' ? localDate(promotion.endDate) : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
