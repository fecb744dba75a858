// Orders by local weekday and hour (Africa/Johannesburg): a 7 × 24 table whose darker cells are the busier hours.
import type { ShopAnalytics } from '@shared/api/analytics';
import { hourLabel, plural, weekdayName } from './analytics-text';

/** Monday first, as a shop's week reads. */
const weekdays = [1, 2, 3, 4, 5, 6, 0];
const hours = Array.from({ length: 24 }, (_, hour) => hour);

export function OrdersHeatmap({ cells }: { cells: ShopAnalytics['heatmap'] }) {
  const counts = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.orders]));
  const busiest = Math.max(1, ...cells.map((cell) => cell.orders));
  return (
    <table className="w-full table-fixed border-separate border-spacing-px text-[10px] text-espresso-600">
      <caption className="sr-only">Orders by day and hour</caption>
      <thead>
        <tr>
          <th className="w-8" />
          {hours.map((hour) => (
            <th key={hour} scope="col" className="text-center font-normal">
              {hour % 6 === 0 ? hour : <span className="sr-only">{hour}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weekdays.map((weekday) => (
          <tr key={weekday}>
            <th scope="row" className="pr-1 text-left font-normal">
              {weekdayName(weekday)}
            </th>
            {hours.map((hour) => {
              const orders = counts.get(`${weekday}-${hour}`) ?? 0;
              const label = `${weekdayName(weekday)} ${hourLabel(hour)}: ${plural(orders, 'order')}`;
              return (
                <td
                  key={hour}
                  title={label}
                  className="h-4 rounded-[2px] p-0"
                  style={{
                    backgroundColor:
                      orders === 0 ? '#faf6f2' : `rgba(143, 90, 56, ${0.15 + 0.85 * (orders / busiest)})`,
                  }}
                >
                  <span className="sr-only">{label}</span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
