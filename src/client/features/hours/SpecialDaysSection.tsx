// Special days in the hours dialog: the coming South African public holidays with one-click Mark closed or
// Set hours, the shop's own special days with delete, and a form for any other date.
import { MAX_SPECIAL_DAY_AHEAD_DAYS, type SpecialDayBody } from '@shared/api/hours';
import { addDaysToDate } from '@shared/domain/local-date';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatCalendarDate, shopToday } from '../../lib/shop-time';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/toast-store';
import { hoursText } from './hours-text';
import { useComingPublicHolidays, useDeleteSpecialDay, useSaveSpecialDay, useSpecialDays } from './queries';
import { SpecialDayForm } from './SpecialDayForm';
import { emptySpecialDay, type SpecialDayDraft, specialDayBody } from './special-day-draft';

export function SpecialDaysSection({ shopId }: { shopId: number }) {
  const today = shopToday().date;
  const lastDate = addDaysToDate(today, MAX_SPECIAL_DAY_AHEAD_DAYS);
  const specialDays = useSpecialDays(shopId);
  const holidays = useComingPublicHolidays(today);
  const saveDay = useSaveSpecialDay(shopId);
  const deleteDay = useDeleteSpecialDay(shopId);
  const [custom, setCustom] = useState<SpecialDayDraft>(emptySpecialDay);
  const dateInput = useRef<HTMLInputElement>(null);
  const byDate = new Map((specialDays.data ?? []).map((day) => [day.date, day]));

  const saveSpecial = (body: SpecialDayBody, onSaved?: () => void) =>
    saveDay.mutate(body, {
      onSuccess: (saved) => {
        toast({
          title: 'Special day saved',
          description: `${formatCalendarDate(saved.date)}: ${hoursText(saved)}`,
        });
        onSaved?.();
      },
      onError: (error) =>
        toast({ title: errorMessage(error, 'Failed to save special day'), variant: 'destructive' }),
    });

  const markClosed = (date: string, note: string) =>
    saveSpecial({ shopId, date, isClosed: true, openTime: null, closeTime: null, note });

  /** Set hours: the form below, filled with the holiday and open, for the owner to give the times. */
  const setHoursFor = (date: string, note: string) => {
    setCustom({ ...emptySpecialDay, date, note, isClosed: false });
    dateInput.current?.scrollIntoView({ block: 'center' });
    dateInput.current?.focus();
  };

  return (
    <section aria-labelledby="special-days" className="space-y-4 border-t border-espresso-100 pt-5">
      <div>
        <h3 id="special-days" className="font-semibold text-espresso-950">
          Special days
        </h3>
        <p className="text-sm text-espresso-600">A special day replaces that date's weekly hours.</p>
      </div>

      {specialDays.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : specialDays.isError ? (
        <p className="text-sm text-red-700">Could not load your special days.</p>
      ) : (specialDays.data?.length ?? 0) === 0 ? (
        <p className="text-sm text-espresso-600">No special days set.</p>
      ) : (
        <ul
          className="divide-y divide-espresso-100 rounded-xl border border-espresso-100"
          aria-label="Your special days"
        >
          {specialDays.data?.map((day) => (
            <li key={day.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{formatCalendarDate(day.date)}</span>
                {day.note && <span className="text-espresso-600"> · {day.note}</span>}
                <span className="block text-espresso-700 sm:ml-2 sm:inline">{hoursText(day)}</span>
              </span>
              <Button
                size="icon"
                variant="ghost"
                className="shrink-0 text-red-700 hover:bg-red-50"
                aria-label={`Delete special day ${formatCalendarDate(day.date)}`}
                disabled={deleteDay.isPending}
                onClick={() =>
                  deleteDay.mutate(day.id, {
                    onSuccess: () =>
                      toast({ title: 'Special day removed', description: formatCalendarDate(day.date) }),
                    onError: (error) =>
                      toast({
                        title: errorMessage(error, 'Failed to remove special day'),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div>
        <h4 className="text-sm font-semibold text-espresso-900">Coming public holidays</h4>
        {holidays.isLoading ? (
          <Skeleton className="mt-2 h-24 w-full" />
        ) : holidays.isError ? (
          <p className="mt-2 text-sm text-red-700">Could not load the public holidays.</p>
        ) : (
          <ul
            className="mt-2 divide-y divide-espresso-100 rounded-xl border border-espresso-100"
            aria-label="Coming public holidays"
          >
            {holidays.data?.map((holiday) => {
              const set = byDate.get(holiday.date);
              return (
                <li
                  key={holiday.date}
                  data-testid="holiday"
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="font-medium">{holiday.name}</span>
                    <span className="block text-espresso-600">{formatCalendarDate(holiday.date)}</span>
                  </span>
                  {set ? (
                    <Badge tone={set.isClosed ? 'danger' : 'info'}>{hoursText(set)}</Badge>
                  ) : (
                    <span className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={saveDay.isPending}
                        onClick={() => markClosed(holiday.date, holiday.name)}
                        aria-label={`Mark ${holiday.name} closed`}
                      >
                        Mark closed
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setHoursFor(holiday.date, holiday.name)}
                        aria-label={`Set hours for ${holiday.name}`}
                      >
                        Set hours
                      </Button>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <SpecialDayForm
        draft={custom}
        onDraftChange={(change) => setCustom((current) => ({ ...current, ...change }))}
        onSubmit={() => saveSpecial(specialDayBody(shopId, custom), () => setCustom(emptySpecialDay))}
        saving={saveDay.isPending}
        dateInput={dateInput}
        firstDate={today}
        lastDate={lastDate}
      />
    </section>
  );
}
