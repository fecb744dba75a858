// A time of day typed as South Africa writes it, 24-hour (07:00, 17:30): a text box rather than <input type="time">,
// whose 12- or 24-hour face follows the browser's locale. What was typed is tidied to HH:MM when the box is left.
import { forwardRef } from 'react';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/Input';
import { parseTime24 } from './time-24h';

export const TimeInput = forwardRef<
  HTMLInputElement,
  {
    id?: string;
    /** The accessible name when no <label> points at the box ('Monday opens'). */
    'aria-label'?: string;
    value: string;
    onChange: (text: string) => void;
    /** The time is wrong or missing: marked, and the message read out with the box. */
    invalid?: boolean;
    errorId?: string;
    /** What the box asks for ('24-hour, for example 08:00'), read out while nothing is wrong. */
    hintId?: string;
    required?: boolean;
    className?: string;
  }
>(({ value, onChange, invalid, errorId, hintId, required, className, ...labelling }, ref) => (
  <Input
    ref={ref}
    {...labelling}
    type="text"
    // Digits are all a time needs ('0730' reads as 07:30): a phone shows its number pad.
    inputMode="numeric"
    autoComplete="off"
    spellCheck={false}
    placeholder="HH:MM"
    maxLength={5}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    onBlur={() => {
      const time = parseTime24(value);
      if (time && time !== value) onChange(time);
    }}
    aria-required={required || undefined}
    aria-invalid={invalid || undefined}
    aria-describedby={invalid ? errorId : hintId}
    className={cn('w-full min-w-0 tabular-nums aria-invalid:border-red-600', className)}
  />
));
TimeInput.displayName = 'TimeInput';
