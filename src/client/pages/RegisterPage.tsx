// Registration page (/register): role, username, email, password twice (spec §2, §5).

import { MIN_PASSWORD_LENGTH, type Role } from '@shared/api/auth';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { AuthFrame } from '../components/AuthFrame';
import { NewPasswordFields } from '../features/auth/NewPasswordFields';
import { RolePicker } from '../features/auth/RolePicker';
import { errorMessage } from '../lib/api';
import { homeFor, useAuth } from '../lib/auth';
import { roleFromSearch } from '../lib/register-role';
import { useLeaveIfSignedIn } from '../lib/use-leave-if-signed-in';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { Input } from '../ui/Input';
import { toast } from '../ui/toast-store';

export function RegisterPage() {
  useLeaveIfSignedIn();
  const { register } = useAuth();
  const [, navigate] = useLocation();
  const [role, setRole] = useState<Role>(() => roleFromSearch(window.location.search));
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !email || !password || !confirm) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all fields',
        variant: 'destructive',
      });
      return;
    }
    if (password !== confirm) {
      toast({
        title: 'Password mismatch',
        description: 'Please make sure your passwords match.',
        variant: 'destructive',
      });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        title: 'Password too short',
        description: 'Password must be at least 6 characters long.',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const user = await register({ username, email, password, role });
      toast({ title: 'Welcome to Brew Connect!', description: `Your account is ready, ${user.username}.` });
      navigate(homeFor(user.role));
    } catch (error) {
      toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthFrame title="Create your account" subtitle="Join South Africa’s local coffee community">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <RolePicker value={role} onChange={setRole} />
        <Field id="register-username" label="Username">
          <Input
            id="register-username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <Field id="register-email" label="Email">
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <NewPasswordFields
          idPrefix="register"
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-espresso-700">
        Already have an account?{' '}
        <Link href="/login" className="font-semibold text-espresso-900 underline">
          Sign in
        </Link>
      </p>
    </AuthFrame>
  );
}
