// The 6-digit code from an email: digits only (a pasted "123 456" too), one-time-code autofill, a word until whole.
import { CODE_LENGTH } from '@shared/api/auth';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';

export function CodeField({
  id,
  label = 'Code',
  value,
  onChange,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <Field
      id={id}
      label={label}
      hint={value.length !== CODE_LENGTH ? `The ${CODE_LENGTH} digits from the email.` : undefined}
    >
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        className="text-center font-mono text-2xl tracking-[0.5em]"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      />
    </Field>
  );
}
