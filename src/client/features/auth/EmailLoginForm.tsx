// The Login tab of /auth: email sign-in, then a full page load to the user's home (spec §2, §7 email-login).
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { homeFor, useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import { toast } from '../../ui/toast-store';

export function EmailLoginForm() {
  const { emailLogin } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) {
      toast({
        title: 'Missing Information',
        description: 'Please enter both email and password',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const user = await emailLogin(email, password);
      // A full page load (spec §2), so every screen starts from the new session.
      window.location.href = homeFor(user.role);
    } catch (error) {
      toast({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="auth-email" label="Email">
        <Input
          id="auth-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.co.za"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="auth-password" label="Password">
        <PasswordInput
          id="auth-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
