// The email-and-password form shared by /login and the Login tab of /auth; the caller decides what signing in does.
// 'Forgot password?' takes the email typed so far to /forgot-password (issue 28).
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import { toast } from '../../ui/toast-store';

export function SignInForm({
  idPrefix,
  onSignIn,
}: {
  idPrefix: string;
  /** Signs in; resolves true when the page is leaving (keep the button busy), false to let the user retry. */
  onSignIn: (email: string, password: string) => Promise<boolean>;
}) {
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
    const leaving = await onSignIn(email, password);
    if (!leaving) setPending(false);
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id={`${idPrefix}-email`} label="Email">
        <Input
          id={`${idPrefix}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.co.za"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id={`${idPrefix}-password`} label="Password">
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <p className="-mt-1 text-right text-sm">
        <Link
          href={
            email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : '/forgot-password'
          }
          className="rounded font-medium text-espresso-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
