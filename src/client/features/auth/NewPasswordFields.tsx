// Password and Confirm Password, each with show/hide, for creating an account and for choosing a new password.
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';

export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  labels = { password: 'Password', confirm: 'Confirm Password' },
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** 'New password' where an old one exists. */
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <Field id={`${idPrefix}-password`} label={labels.password} hint="At least 6 characters">
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-confirm`} label={labels.confirm}>
        <PasswordInput
          id={`${idPrefix}-confirm`}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => onConfirmChange(e.target.value)}
        />
      </Field>
    </>
  );
}
