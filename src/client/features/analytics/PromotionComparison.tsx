// What the latest promotion bought: views, new favourites and orders over equal spans before and since it began.
import type { ShopAnalytics } from '@shared/api/analytics';
import { SHOP_TIME_ZONE } from '@shared/domain/opening-hours';

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

function change(before: number, during: number): string {
  if (before === 0) return during === 0 ? '–' : 'new';
  const percent = Math.round(((during - before) * 1000) / before) / 10;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

export function PromotionComparison({ promotion }: { promotion: NonNullable<ShopAnalytics['promotion']> }) {
  const rows = [
    { label: 'Shop page views', before: promotion.before.views, during: promotion.during.views },
    { label: 'New favourites', before: promotion.before.favourites, during: promotion.during.favourites },
    { label: 'Orders', before: promotion.before.orders, during: promotion.during.orders },
  ];
  const span = `${promotion.spanDays} day${promotion.spanDays === 1 ? '' : 's'}`;
  return (
    <div>
      <p className="mb-3 text-sm text-espresso-600">
        Promoted since {dateFormat.format(new Date(promotion.startedAt))}
        {promotion.endsAt ? `, until ${dateFormat.format(new Date(promotion.endsAt))}` : ''}. The {span} since
        it began against the {span} before.
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-espresso-600">
            <th className="py-1 font-medium">Measure</th>
            <th className="py-1 text-right font-medium">Before</th>
            <th className="py-1 text-right font-medium">During</th>
            <th className="py-1 text-right font-medium">Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-espresso-100">
              <td className="py-1.5">{row.label}</td>
              <td className="py-1.5 text-right tabular-nums">{row.before.toLocaleString('en-ZA')}</td>
              <td className="py-1.5 text-right tabular-nums">{row.during.toLocaleString('en-ZA')}</td>
              <td className="py-1.5 text-right tabular-nums">{change(row.before, row.during)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
