// The week in the hours dialog (spec §2, §9): a row per day reading 'Open' or 'Closed' with its 24-hour times,
// defaults 09:00–17:00, the quick presets, and Save as seven calls in parallel.
import type { BusinessHours } from '@shared/api/hours';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { dayNames, weekOrder } from '../../lib/shop-time';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { DayHoursRow } from './DayHoursRow';
import { HourPresets } from './HourPresets';
import { useSaveBusinessHours } from './queries';
import { applyHourPreset, type DayForm, initialWeek, weekBodies, weekProblems } from './week-form';

export function WeeklyHoursForm({ shopId, rows }: { shopId: number; rows: BusinessHours[] }) {
  const [week, setWeek] = useState(() => initialWeek(rows));
  // Days whose problems are shown: those the owner has left, or all of them once Save was pressed.
  const [leftDays, setLeftDays] = useState<ReadonlySet<number>>(new Set());
  const [saveTried, setSaveTried] = useState(false);
  const save = useSaveBusinessHours(shopId);
  const problems = weekProblems(week);
  const update = (dayOfWeek: number, change: Partial<DayForm>) =>
    setWeek((days) => days.map((day) => (day.dayOfWeek === dayOfWeek ? { ...day, ...change } : day)));

  const submit = () => {
    setSaveTried(true);
    const firstWrong = weekOrder.find((dayOfWeek) => problems.has(dayOfWeek));
    const problem = firstWrong === undefined ? undefined : problems.get(firstWrong);
    if (firstWrong !== undefined && problem) {
      toast({
        title: 'Failed to save business hours',
        description: `${dayNames[firstWrong]}: ${problem.message}`,
        variant: 'destructive',
      });
      // To the first box to fix, so a keyboard or screen-reader user is where the problem is.
      const box = problem.at === 'close' ? 'close' : 'open';
      document.getElementById(`hours-${box}-${firstWrong}`)?.focus();
      return;
    }
    save.mutate(weekBodies(shopId, week), {
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
      <div>
        <h3 id="weekly-hours" className="font-semibold text-espresso-950">
          Weekly hours
        </h3>
        <p id="weekly-hours-hint" className="text-sm text-espresso-600">
          24-hour times, for example 07:00 – 17:30.
        </p>
      </div>
      <HourPresets onApply={(preset) => setWeek((days) => applyHourPreset(days, preset))} />
      <ul className="divide-y divide-espresso-100 rounded-xl border border-espresso-100">
        {weekOrder.map((dayOfWeek) => (
          <DayHoursRow
            key={dayOfWeek}
            day={week[dayOfWeek]!}
            problem={saveTried || leftDays.has(dayOfWeek) ? (problems.get(dayOfWeek) ?? null) : null}
            onChange={(change) => update(dayOfWeek, change)}
            onLeave={() => setLeftDays((days) => new Set(days).add(dayOfWeek))}
          />
        ))}
      </ul>
      <div className="flex justify-end">
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Hours'}
        </Button>
      </div>
    </section>
  );
}
