// The week in the hours dialog (spec §2, §9): a row per day with open and close times and a Closed switch,
// defaults 09:00–17:00, the quick presets, and Save as seven calls in parallel.
import {
  type BusinessHours,
  type BusinessHoursBody,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  hourPresets,
} from '@shared/api/hours';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { dayNames, weekOrder } from '../../lib/shop-time';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Switch } from '../../ui/Switch';
import { toast } from '../../ui/toast-store';
import { useSaveBusinessHours } from './queries';

interface DayForm {
  dayOfWeek: number;
  openTime: string;
  closeTime: string;
  isClosed: boolean;
}

/** The saved rows, and 09:00–17:00 open for a day without one (spec §9 default business hours). */
function initialWeek(rows: BusinessHours[]): DayForm[] {
  return [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => {
    const row = rows.find((saved) => saved.dayOfWeek === dayOfWeek);
    return {
      dayOfWeek,
      openTime: row?.openTime ?? DEFAULT_OPEN_TIME,
      closeTime: row?.closeTime ?? DEFAULT_CLOSE_TIME,
      isClosed: row?.isClosed ?? false,
    };
  });
}

export function WeeklyHoursForm({ shopId, rows }: { shopId: number; rows: BusinessHours[] }) {
  const [week, setWeek] = useState(() => initialWeek(rows));
  const save = useSaveBusinessHours(shopId);
  const update = (dayOfWeek: number, change: Partial<DayForm>) =>
    setWeek((days) => days.map((day) => (day.dayOfWeek === dayOfWeek ? { ...day, ...change } : day)));

  const applyPreset = (preset: (typeof hourPresets)[number]) =>
    setWeek((days) =>
      days.map((day) =>
        (preset.days as readonly number[]).includes(day.dayOfWeek)
          ? { ...day, openTime: preset.openTime, closeTime: preset.closeTime, isClosed: false }
          : day,
      ),
    );

  const wrong = week.find(
    (day) => !day.isClosed && !(day.openTime && day.closeTime && day.openTime < day.closeTime),
  );

  const submit = () => {
    if (wrong) {
      toast({
        title: 'Failed to save business hours',
        description: `${dayNames[wrong.dayOfWeek]}: the opening time must be before the closing time.`,
        variant: 'destructive',
      });
      return;
    }
    const body: BusinessHoursBody[] = week.map((day) => ({
      shopId,
      dayOfWeek: day.dayOfWeek,
      openTime: day.isClosed ? null : day.openTime,
      closeTime: day.isClosed ? null : day.closeTime,
      isClosed: day.isClosed,
    }));
    save.mutate(body, {
      onSuccess: () =>
        toast({ title: 'Business hours saved', description: 'Customers now see your new hours.' }),
      onError: (error) =>
        toast({
          title: 'Failed to save business hours',
          description: errorMessage(error, ''),
          variant: 'destructive',
        }),
    });
  };

  return (
    <section aria-labelledby="weekly-hours" className="space-y-3">
      <h3 id="weekly-hours" className="font-semibold text-espresso-950">
        Weekly hours
      </h3>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick presets">
        <span className="text-sm text-espresso-600">Presets:</span>
        {hourPresets.map((preset) => (
          <Button key={preset.label} size="sm" variant="outline" onClick={() => applyPreset(preset)}>
            {preset.label}
          </Button>
        ))}
      </div>
      <ul className="divide-y divide-espresso-100 rounded-xl border border-espresso-100">
        {weekOrder.map((dayOfWeek) => {
          const day = week[dayOfWeek]!;
          const name = dayNames[dayOfWeek];
          const isWrong = wrong?.dayOfWeek === dayOfWeek;
          return (
            <li
              key={dayOfWeek}
              data-testid="hours-row"
              className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:grid-cols-[7rem_1fr_auto]"
            >
              <span className="font-medium text-espresso-900">{name}</span>
              <div className="col-span-2 row-start-2 flex items-center gap-2 sm:col-span-1 sm:row-start-1 sm:col-start-2">
                {day.isClosed ? (
                  <span className="text-sm text-espresso-600">Closed all day</span>
                ) : (
                  <>
                    <Input
                      type="time"
                      aria-label={`${name} opens`}
                      value={day.openTime}
                      onChange={(event) => update(dayOfWeek, { openTime: event.target.value })}
                      aria-invalid={isWrong || undefined}
                      className="w-full min-w-0 sm:w-32"
                    />
                    <span aria-hidden className="text-espresso-500">
                      –
                    </span>
                    <Input
                      type="time"
                      aria-label={`${name} closes`}
                      value={day.closeTime}
                      onChange={(event) => update(dayOfWeek, { closeTime: event.target.value })}
                      aria-invalid={isWrong || undefined}
                      className="w-full min-w-0 sm:w-32"
                    />
                  </>
                )}
              </div>
              <div className="col-start-2 row-start-1 flex items-center gap-2 sm:col-start-3">
                <Switch
                  id={`closed-${dayOfWeek}`}
                  checked={day.isClosed}
                  onCheckedChange={(isClosed) => update(dayOfWeek, { isClosed })}
                  aria-label={`${name} closed`}
                />
                <Label htmlFor={`closed-${dayOfWeek}`} className="text-xs" aria-hidden>
                  Closed
                </Label>
              </div>
              {isWrong && (
                <p className="col-span-2 text-xs text-red-700 sm:col-span-3">
                  The opening time must be before the closing time.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Hours'}
        </Button>
      </div>
    </section>
  );
}
