// A choice of two or three words shown side by side, one of them chosen ('Open' | 'Closed'): native radio buttons
// under the look, so arrow keys move the choice and a screen reader says 'Open, radio button, 1 of 2'.
import { cn } from './cn';

export function SegmentedControl<Value extends string>({
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  /** The group's accessible name ('Monday'); the options carry the visible words. */
  label: string;
  /** The radios' name: unique on the page, so each group moves on its own. */
  name: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('inline-flex rounded-lg border border-espresso-200 bg-espresso-50 p-0.5', className)}
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'cursor-pointer rounded-md px-3 py-1 text-sm font-medium transition-colors',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-espresso-500',
            option.value === value
              ? 'bg-espresso-800 text-crema shadow-sm'
              : 'text-espresso-700 hover:bg-espresso-100',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
