// Sign-in page (/login): email and password; 'Welcome back!' and a role-based redirect on success (spec §2, §5, §8).
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthFrame } from '../components/AuthFrame';
import { errorMessage } from '../lib/api';
import { homeFor, useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { Input } from '../ui/Input';
import { PasswordInput } from '../ui/PasswordInput';
import { toast } from '../ui/toast-store';

export function LoginPage() {
  const { login } = useAuth();
  const [, navigate] = useLocation();
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
      const user = await login(email, password);
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      navigate(homeFor(user.role));
    } catch (error) {
      toast({
        title: 'Sign in failed',
        description: errorMessage(error, 'Invalid credentials. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthFrame title="Welcome back" subtitle="Sign in to your Brew Connect account">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="login-email" label="Email">
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.co.za"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field id="login-password" label="Password">
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-espresso-700">
        New here?{' '}
        <Link href="/register" className="font-semibold text-espresso-900 underline">
          Create an account
        </Link>
      </p>
    </AuthFrame>
  );
}
