// The frame of a form inside the menu dialog (an item, an option group): its heading, its fields in two columns
// from 640 px, and Cancel and Save at the foot.
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button';

export function EditorForm({
  label,
  heading,
  onSubmit,
  onCancel,
  submitText,
  submitDisabled,
  children,
}: {
  /** The form's accessible name: 'Edit item', 'Add option group'. */
  label: string;
  heading: string;
  onSubmit: () => void;
  onCancel: () => void;
  submitText: string;
  submitDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-label={label}
    >
      <h3 className="font-semibold text-espresso-950 sm:col-span-2">{heading}</h3>
      {children}
      <div className="flex justify-end gap-2 border-t border-espresso-100 pt-4 sm:col-span-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitDisabled}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
