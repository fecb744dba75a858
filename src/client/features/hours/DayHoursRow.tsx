// One day of the week in the hours dialog: its name, 'Open' | 'Closed', and when open its two 24-hour times, with
// what is wrong with them said under the row and read out with the boxes.
import { dayNames } from '../../lib/shop-time';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { TimeInput } from './TimeInput';
import type { OpeningTimesProblem } from './time-24h';
import type { DayForm } from './week-form';

const openOrClosed = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

export function DayHoursRow({
  day,
  problem,
  onChange,
  onLeave,
}: {
  day: DayForm;
  /** The day's problem, when it is to be shown (after the row was left, or Save was pressed). */
  problem: OpeningTimesProblem | null;
  onChange: (change: Partial<DayForm>) => void;
  /** Focus left the row: its problem may be shown now, not while the owner is still typing. */
  onLeave: () => void;
}) {
  const name = dayNames[day.dayOfWeek];
  const errorId = `hours-error-${day.dayOfWeek}`;
  return (
    <li
      data-testid="hours-row"
      className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 px-3 py-2.5 sm:grid-cols-[7rem_1fr_auto]"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onLeave();
      }}
    >
      <span className="font-medium text-espresso-900">{name}</span>
      <div className="col-span-2 row-start-2 flex items-center gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
        {day.isClosed ? (
          <span className="text-sm text-espresso-600">Closed all day</span>
        ) : (
          <>
            <TimeInput
              id={`hours-open-${day.dayOfWeek}`}
              aria-label={`${name} opens`}
              value={day.openTime}
              onChange={(openTime) => onChange({ openTime })}
              invalid={problem !== null && problem.at !== 'close'}
              errorId={errorId}
              hintId="weekly-hours-hint"
              required
              className="sm:w-24"
            />
            <span aria-hidden className="text-espresso-500">
              –
            </span>
            <TimeInput
              id={`hours-close-${day.dayOfWeek}`}
              aria-label={`${name} closes`}
              value={day.closeTime}
              onChange={(closeTime) => onChange({ closeTime })}
              invalid={problem !== null && problem.at !== 'open'}
              errorId={errorId}
              hintId="weekly-hours-hint"
              required
              className="sm:w-24"
            />
          </>
        )}
      </div>
      <SegmentedControl
        label={name}
        name={`hours-day-${day.dayOfWeek}`}
        value={day.isClosed ? 'closed' : 'open'}
        options={openOrClosed}
        onChange={(choice) => onChange({ isClosed: choice === 'closed' })}
        className="col-start-2 row-start-1 sm:col-start-3"
      />
      {problem && (
        <p id={errorId} className="col-span-2 text-xs text-red-700 sm:col-span-3">
          {problem.message}
        </p>
      )}
    </li>
  );
}
