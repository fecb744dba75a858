// A labelled form field: label above, control below, optional hint.
import type { ReactNode } from 'react';
import { Label } from './Label';

export function Field({
  id,
  label,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {/* Its id lets the control name it in aria-describedby. */}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-espresso-500">
          {hint}
        </p>
      )}
    </div>
  );
}
