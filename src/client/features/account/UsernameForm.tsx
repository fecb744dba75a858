// Settings › Account: the username, changed in place (PUT /api/account); the navigation shows the new one at once.
import type { Role } from '@shared/api/auth';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { useChangeUsername } from './queries';

export function UsernameForm({ current, role }: { current: string; role: Role }) {
  const [username, setUsername] = useState(current);
  const change = useChangeUsername();
  const wanted = username.trim();
  const unchanged = wanted === current;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged && wanted) change.mutate(wanted);
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Field
        id="account-username"
        label="Username"
        hint={role === 'customer' ? 'Shops see it on your orders, reviews and messages.' : undefined}
      >
        <div className="flex gap-2">
          <Input
            id="account-username"
            autoComplete="username"
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              change.reset();
            }}
          />
          <Button type="submit" variant="outline" disabled={unchanged || !wanted || change.isPending}>
            {change.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Field>
      <p role="status" className="text-sm text-leaf">
        {change.isSuccess ? 'Your username was saved.' : ''}
      </p>
      {change.isError && <FormAlert>{errorMessage(change.error)}</FormAlert>}
    </form>
  );
}
