// Password and Confirm Password, each with show/hide, for the two ways of creating an account.
import { Field } from '../../ui/Field';
import { PasswordInput } from '../../ui/PasswordInput';

export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
}) {
  return (
    <>
      <Field id={`${idPrefix}-password`} label="Password" hint="At least 6 characters">
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-confirm`} label="Confirm Password">
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
