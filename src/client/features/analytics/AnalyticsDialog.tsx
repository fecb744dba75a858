// The Analytics Dashboard dialog (spec §2): figures computed by the server for one shop, for 7, 30 or 90 days,
// and the period's orders as CSV. Charts (Recharts) come in through this module only.
import { type AnalyticsPeriod, analyticsPeriods, DEFAULT_ANALYTICS_DAYS } from '@shared/api/analytics';
import type { Shop } from '@shared/api/shops';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { DialogContent } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-store';
import { AnalyticsReport } from './AnalyticsReport';
import { useDownloadOrdersCsv, useShopAnalytics } from './queries';

export function AnalyticsDialog({ shop }: { shop: Shop; onDone: () => void }) {
  const [days, setDays] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_DAYS);
  const analytics = useShopAnalytics(shop.id, days);
  const download = useDownloadOrdersCsv();
  const saveCsv = () =>
    download.mutate(
      { shopId: shop.id, days },
      {
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to download the orders'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <DialogContent
      title={`Analytics Dashboard - ${shop.name}`}
      className="max-sm:p-4 sm:max-w-3xl lg:max-w-5xl"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Period" className="flex gap-1 rounded-xl bg-espresso-100 p-1">
          {analyticsPeriods.map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={period === days}
              onClick={() => setDays(period)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium text-espresso-700 transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500',
                period === days ? 'bg-white text-espresso-950 shadow-sm' : 'hover:text-espresso-950',
              )}
            >
              {period} days
            </button>
          ))}
        </div>
        <Button variant="outline" size="sm" onClick={saveCsv} disabled={download.isPending}>
          <Download className="h-4 w-4" aria-hidden />
          {download.isPending ? 'Preparing...' : 'Download CSV'}
        </Button>
      </div>
      {analytics.isPending ? (
        <Spinner label="Loading analytics..." />
      ) : analytics.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          {errorMessage(analytics.error, 'Could not load the analytics. Please try again.')}
        </p>
      ) : (
        <div
          aria-busy={analytics.isPlaceholderData}
          className={cn('transition-opacity', analytics.isPlaceholderData && 'opacity-60')}
        >
          <AnalyticsReport data={analytics.data} />
        </div>
      )}
    </DialogContent>
  );
}
