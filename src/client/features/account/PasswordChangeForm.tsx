// Settings › Account: a new password, with the current one; every other device is signed out, this one stays.
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { PasswordInput } from '../../ui/PasswordInput';
import { toast } from '../../ui/toast-store';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { newPasswordProblem } from '../auth/new-password';
import { useChangePassword } from './queries';

export function PasswordChangeForm() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePassword();

  const close = () => {
    setOpen(false);
    setCurrentPassword('');
    setPassword('');
    setConfirm('');
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = currentPassword
      ? newPasswordProblem(password, confirm)
      : 'Please enter your current password';
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setProblem(null);
    try {
      await change.mutateAsync({ currentPassword, password });
      toast({ title: 'Your password was changed', description: 'Every other device was signed out.' });
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (!open)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-medium text-espresso-900">Password</h3>
          <p className="text-sm text-espresso-600">Changing it signs out every other device.</p>
        </div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Change password
        </Button>
      </div>
    );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <h3 className="text-sm font-medium text-espresso-900">Password</h3>
      <Field id="password-current" label="Current password">
        <PasswordInput
          id="password-current"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
      </Field>
      <NewPasswordFields
        idPrefix="password-new"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
      />
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save new password'}
        </Button>
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
