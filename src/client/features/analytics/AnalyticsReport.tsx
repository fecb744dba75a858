// The body of the Analytics dialog for one period: cards, charts, popular items, quick stats, customers, heat
// map, promotion and the summary sentences (spec §2), each with its empty state.
import type { ShopAnalytics } from '@shared/api/analytics';
import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { DailyRevenueChart, PeakHoursChart, StatusBreakdownChart } from './AnalyticsCharts';
import { growthLabel, isNewFigure, optionShareText, summarySentences } from './analytics-text';
import { OrdersHeatmap } from './OrdersHeatmap';
import { PromotionComparison } from './PromotionComparison';

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={cn('min-w-0 p-4', className)}>
      <h3 className="mb-3 font-semibold text-espresso-950">{title}</h3>
      {children}
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-espresso-200 p-6 text-center text-sm text-espresso-600">
      {children}
    </p>
  );
}

/** `isNew`: 'New' instead of '0% vs previous period' under the figure (isNewFigure, issue 32). */
function Metric({
  label,
  value,
  growth,
  isNew = false,
}: {
  label: string;
  value: string;
  growth?: number;
  isNew?: boolean;
}) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <p className="text-xs text-espresso-600 sm:text-sm">{label}</p>
      <p className="mt-1 truncate font-display text-xl font-bold text-espresso-950 sm:text-2xl">{value}</p>
      {growth !== undefined && isNew && (
        <p className="mt-0.5 text-xs font-medium text-espresso-700">
          New <span className="font-normal text-espresso-500">· nothing in the period before</span>
        </p>
      )}
      {growth !== undefined && !isNew && (
        <p
          className={cn(
            'mt-0.5 text-xs font-medium',
            growth > 0 ? 'text-leaf' : growth < 0 ? 'text-red-700' : 'text-espresso-500',
          )}
        >
          {growthLabel(growth)} <span className="font-normal text-espresso-500">vs previous period</span>
        </p>
      )}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-espresso-100 py-1.5 last:border-0">
      <dt className="text-sm text-espresso-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-espresso-950">{value}</dd>
    </div>
  );
}

export function AnalyticsReport({ data }: { data: ShopAnalytics }) {
  const days = data.periodDays;
  const hasDailyRevenue = data.dailyRevenue.some((day) => Number(day.revenue) > 0);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric
          label={`Total Revenue (${days}d)`}
          value={`R${data.totalRevenue}`}
          growth={data.revenueGrowth}
          isNew={isNewFigure(Number(data.totalRevenue), Number(data.previousRevenue))}
        />
        <Metric
          label={`Total Orders (${days}d)`}
          value={data.totalOrders.toLocaleString('en-ZA')}
          growth={data.ordersGrowth}
          isNew={isNewFigure(data.totalOrders, data.previousOrders)}
        />
        <Metric label="Unique Customers" value={data.uniqueCustomers.toLocaleString('en-ZA')} />
        <Metric label="Avg Order Value" value={`R${data.avgOrderValue}`} />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Daily Revenue (Last 7 Days)">
          {hasDailyRevenue ? (
            <DailyRevenueChart days={data.dailyRevenue} />
          ) : (
            <Empty>No revenue in the last 7 days yet</Empty>
          )}
        </Section>
        <Section title="Order Status Breakdown">
          {data.statusBreakdown.length > 0 ? (
            <StatusBreakdownChart statuses={data.statusBreakdown} />
          ) : (
            <Empty>No orders in this period yet</Empty>
          )}
        </Section>
        <Section title="Peak Hours">
          {data.peakHours.length > 0 ? (
            <PeakHoursChart hours={data.peakHours} />
          ) : (
            <Empty>No orders in this period yet</Empty>
          )}
        </Section>
        <Section title="Most Popular Items">
          {data.topItems.length > 0 ? (
            <ol className="space-y-2">
              {data.topItems.map((item, index) => (
                <li key={item.name} className="flex items-center gap-3 text-sm">
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-espresso-100 text-xs font-semibold text-espresso-800">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-medium">{item.name}</span>
                  <span className="shrink-0 text-espresso-600">
                    {item.quantity.toLocaleString('en-ZA')} sold
                  </span>
                  <span className="shrink-0 tabular-nums font-semibold">R{item.revenue}</span>
                </li>
              ))}
            </ol>
          ) : (
            <Empty>No order data available yet</Empty>
          )}
          {data.topOptions.length > 0 && (
            <div className="mt-4 border-t border-espresso-100 pt-3">
              <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-espresso-600">
                Most chosen options
              </h4>
              <ul className="space-y-1.5">
                {data.topOptions.map((option) => (
                  <li key={`${option.group}:${option.name}`} className="flex items-center gap-3 text-sm">
                    <span className="min-w-0 flex-1 truncate font-medium">{option.name}</span>
                    <span className="shrink-0 text-espresso-600">{optionShareText(option)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Section>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Quick Stats">
          <dl>
            <Stat label="Total Messages" value={data.totalMessages.toLocaleString('en-ZA')} />
            <Stat label="Menu Items" value={data.menuItems.toLocaleString('en-ZA')} />
            <Stat label="Last Week Revenue" value={`R${data.lastWeekRevenue}`} />
            {/* No reviews yet: no rating, rather than a 0.0 that reads as the worst (issue 32). */}
            <Stat label="Shop Rating" value={Number(data.rating) > 0 ? `${data.rating}/5` : '–'} />
          </dl>
        </Section>
        <Section title="Customers and Speed">
          <dl>
            <Stat label="Repeat Customers" value={data.repeatCustomers.toLocaleString('en-ZA')} />
            {data.loyalty && (
              <>
                <Stat label="Rewards redeemed" value={data.loyalty.rewardsRedeemed.toLocaleString('en-ZA')} />
                <Stat
                  label="Orders from card holders"
                  value={`${Math.round(data.loyalty.cardHolderShare * 100)}%`}
                />
              </>
            )}
            <Stat
              label="Median Time to Ready"
              value={data.medianMinutesToReady === null ? '–' : `${data.medianMinutesToReady} min`}
            />
          </dl>
          <p className="mt-2 text-xs text-espresso-500">
            Repeat customers ordered twice or more in the last {days} days; time to ready runs from placing
            the order to marking it ready.
          </p>
        </Section>
      </div>

      <Section title="Orders by Day and Hour">
        {data.heatmap.length > 0 ? (
          <>
            <OrdersHeatmap cells={data.heatmap} />
            <p className="mt-2 text-xs text-espresso-500">Johannesburg time; darker is busier.</p>
          </>
        ) : (
          <Empty>No orders in this period yet</Empty>
        )}
      </Section>

      {data.promotion && (
        <Section title="Promotion: Before and During">
          <PromotionComparison promotion={data.promotion} />
        </Section>
      )}

      <Section title="Summary">
        <div className="space-y-1 text-sm text-espresso-800">
          {summarySentences(data).map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      </Section>
    </div>
  );
}
