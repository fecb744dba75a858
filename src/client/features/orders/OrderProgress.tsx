// A customer's order as a row of steps, pending → confirmed → preparing → ready → completed, or cancelled.
import type { Order } from '@shared/api/orders';
import { orderProgress, orderStatusLabel } from '@shared/domain/order-status';
import { Check, XCircle } from 'lucide-react';
import { cn } from '../../ui/cn';
import { formatOrderTime, localClock } from './order-time';

export function OrderProgress({ order }: { order: Order }) {
  const reachedAt = new Map(order.statusHistory.map((step) => [step.status, step.at]));
  if (order.status === 'cancelled') {
    const at = reachedAt.get('cancelled');
    return (
      <p className="flex items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        <XCircle className="h-4 w-4 shrink-0" aria-hidden />
        Cancelled{at ? ` ${formatOrderTime(at).replace(',', ' at')}` : ''}
      </p>
    );
  }
  const current = orderProgress.indexOf(order.status);
  return (
    <ol className="grid grid-cols-5 gap-1" aria-label="Order progress">
      {orderProgress.map((status, index) => {
        const done = index <= current;
        const at = reachedAt.get(status);
        return (
          <li
            key={status}
            className="flex flex-col items-center gap-1 text-center"
            aria-current={index === current ? 'step' : undefined}
          >
            <div className="flex w-full items-center">
              <span
                className={cn(
                  'h-0.5 flex-1',
                  index === 0 ? 'invisible' : done ? 'bg-emerald-600' : 'bg-espresso-200',
                )}
              />
              <span
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold',
                  index === current
                    ? 'border-emerald-600 bg-emerald-600 text-white'
                    : done
                      ? 'border-emerald-600 bg-white text-emerald-700'
                      : 'border-espresso-200 bg-white text-espresso-600',
                )}
              >
                {done ? <Check className="h-4 w-4" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn(
                  'h-0.5 flex-1',
                  index === orderProgress.length - 1
                    ? 'invisible'
                    : index < current
                      ? 'bg-emerald-600'
                      : 'bg-espresso-200',
                )}
              />
            </div>
            <span
              className={cn(
                'text-[11px] leading-tight sm:text-xs',
                index === current
                  ? 'font-semibold text-espresso-950'
                  : done
                    ? 'text-espresso-800'
                    : 'text-espresso-600',
              )}
            >
              {orderStatusLabel(status)}
            </span>
            {at && done && <span className="text-[10px] text-espresso-500">{localClock(new Date(at))}</span>}
          </li>
        );
      })}
    </ol>
  );
}
