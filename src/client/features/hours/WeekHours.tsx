// A shop's week for everyone (shop page): each day's hours Monday first with today (Johannesburg) marked, and
// the coming special days that override them.
import type { Shop } from '@shared/api/shops';
import { CalendarDays, Clock } from 'lucide-react';
import { OpenNowLine } from '../../components/OpenNowLine';
import { dayNames, formatCalendarDate, shopToday, weekOrder } from '../../lib/shop-time';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { Skeleton } from '../../ui/Skeleton';
import { hoursText } from './hours-text';
import { useBusinessHours, useSpecialDays } from './queries';

export function WeekHours({ shop }: { shop: Shop }) {
  const hours = useBusinessHours(shop.id);
  const specialDays = useSpecialDays(shop.id);
  const today = shopToday();
  const byDay = new Map((hours.data ?? []).map((row) => [row.dayOfWeek, row]));

  return (
    <Card className="p-5" data-testid="week-hours">
      <h2 className="flex items-center gap-2 font-display text-lg font-semibold text-espresso-950">
        <Clock className="h-5 w-5 text-espresso-600" aria-hidden /> Opening Hours
      </h2>
      <OpenNowLine shop={shop} className="mt-1" />
      {hours.isLoading ? (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading opening hours">
          {weekOrder.map((day) => (
            <Skeleton key={day} className="h-5 w-full" />
          ))}
        </div>
      ) : hours.isError ? (
        <div className="mt-3 text-sm text-espresso-700">
          <p>Could not load the opening hours.</p>
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void hours.refetch()}>
            Try Again
          </Button>
        </div>
      ) : byDay.size === 0 ? (
        <p className="mt-3 text-sm text-espresso-700">This shop has not set its opening hours yet.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Opening hours by day, Johannesburg time</caption>
          <tbody>
            {weekOrder.map((day) => {
              const row = byDay.get(day);
              const isToday = day === today.dayOfWeek;
              return (
                <tr
                  key={day}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(isToday && 'bg-espresso-100 font-semibold text-espresso-950')}
                >
                  <th scope="row" className="rounded-l-md py-1.5 pl-2 text-left font-medium">
                    {dayNames[day]}
                    {isToday && <span className="ml-1.5 text-xs text-espresso-600">(today)</span>}
                  </th>
                  <td className="rounded-r-md py-1.5 pr-2 text-right tabular-nums">
                    {row ? hoursText(row) : 'Closed'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {(specialDays.data?.length ?? 0) > 0 && (
        <div className="mt-4 border-t border-espresso-100 pt-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-espresso-900">
            <CalendarDays className="h-4 w-4" aria-hidden /> Special days
          </h3>
          <ul className="mt-2 space-y-1.5 text-sm">
            {specialDays.data?.map((day) => (
              <li key={day.id} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {formatCalendarDate(day.date)}
                  {day.note && <span className="text-espresso-600"> · {day.note}</span>}
                </span>
                <span className="tabular-nums font-medium">{hoursText(day)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
