// 'Add a special day' in the hours dialog: a date, a note, 'Closed all day' or 'Open', and when open its 24-hour
// hours, required and asked for in words when missing (issue 32), never a silent 09:00–17:00.
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { type SpecialDayDraft, specialDayTimesProblem } from './special-day-draft';
import { TimeInput } from './TimeInput';

const closedOrOpen = [
  { value: 'closed', label: 'Closed all day' },
  { value: 'open', label: 'Open' },
] as const;

export function SpecialDayForm({
  draft,
  onDraftChange,
  onSubmit,
  saving,
  dateInput,
  firstDate,
  lastDate,
}: {
  draft: SpecialDayDraft;
  onDraftChange: (change: Partial<SpecialDayDraft>) => void;
  /** Called with a draft whose hours will do. */
  onSubmit: () => void;
  saving: boolean;
  /** The date box, which a holiday's Set hours scrolls to. */
  dateInput: RefObject<HTMLInputElement | null>;
  firstDate: string;
  lastDate: string;
}) {
  const [submitTried, setSubmitTried] = useState(false);
  const openInput = useRef<HTMLInputElement>(null);
  const closeInput = useRef<HTMLInputElement>(null);
  const problem = submitTried ? specialDayTimesProblem(draft) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitTried(true);
    const found = specialDayTimesProblem(draft);
    if (found) {
      (found.at === 'close' ? closeInput : openInput).current?.focus();
      return;
    }
    setSubmitTried(false);
    onSubmit();
  };

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl bg-espresso-50/70 p-4 sm:grid-cols-2"
      aria-label="Add a special day"
    >
      <h4 className="text-sm font-semibold text-espresso-900 sm:col-span-2">Add a special day</h4>
      <Field id="special-date" label="Date" required>
        <Input
          ref={dateInput}
          id="special-date"
          type="date"
          min={firstDate}
          max={lastDate}
          value={draft.date}
          onChange={(event) => onDraftChange({ date: event.target.value })}
          required
        />
      </Field>
      <Field id="special-note" label="Note">
        <Input
          id="special-note"
          placeholder="Staff party"
          maxLength={100}
          value={draft.note}
          onChange={(event) => onDraftChange({ note: event.target.value })}
        />
      </Field>
      <SegmentedControl
        label="That day"
        name="special-day-open"
        value={draft.isClosed ? 'closed' : 'open'}
        options={closedOrOpen}
        onChange={(choice) => onDraftChange({ isClosed: choice === 'closed' })}
        className="justify-self-start sm:col-span-2"
      />
      {!draft.isClosed && (
        <>
          <Field id="special-open" label="Opens" required hint="24-hour, for example 08:00">
            <TimeInput
              ref={openInput}
              id="special-open"
              value={draft.openTime}
              onChange={(openTime) => onDraftChange({ openTime })}
              invalid={problem !== null && problem.at !== 'close'}
              errorId="special-times-error"
              hintId="special-open-hint"
              required
            />
          </Field>
          <Field id="special-close" label="Closes" required hint="24-hour, for example 13:00">
            <TimeInput
              ref={closeInput}
              id="special-close"
              value={draft.closeTime}
              onChange={(closeTime) => onDraftChange({ closeTime })}
              invalid={problem !== null && problem.at !== 'open'}
              errorId="special-times-error"
              hintId="special-close-hint"
              required
            />
          </Field>
          {problem && (
            <p id="special-times-error" className="text-sm text-red-700 sm:col-span-2">
              {problem.message}
            </p>
          )}
        </>
      )}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" variant="outline" disabled={saving || !draft.date}>
          Add Special Day
        </Button>
      </div>
    </form>
  );
}
